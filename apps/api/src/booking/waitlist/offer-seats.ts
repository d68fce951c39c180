import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { notifications } from "@termin/db/account-schema";
import { bookingHolds, clientClaims } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { waitlistEntries } from "@termin/db/waitlist-schema";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import type { WaitlistOfferFacts } from "@termin/domain/notification-facts";
import type { AppConfig } from "@termin/config/env";
import { sqlState } from "../../http/database-errors.ts";
import { scheduleJob } from "../../jobs/scheduled-jobs.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { asClaimRange } from "../client-time.ts";
import { composeWaitlistOffer, type WaitlistRecipient } from "./compose-waitlist-offer.ts";
import { OFFER_MINUTES, WAITLIST_JOB, scheduleWaitlistOffer } from "./waitlist-jobs.ts";
import { queueNotificationPush } from "../../push/push-jobs.ts";

export interface WaitlistDependencies {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, "publicUrl" | "appName">;
}

interface LockedSession {
  id: number;
  location_id: number;
  capacity: number;
  seats_taken: number;
  starts_at: string;
  ends_at: string;
  cancelled: boolean;
  service_price_id: number;
  employee_id: number;
  class_name: string;
  place: string;
  time_zone: string;
  business_id: number;
}

/** The session's row, locked: offers of one session are made one at a time, as its seats are taken. */
async function lockSession(tx: Database, appointmentId: number): Promise<LockedSession | undefined> {
  const [session] = await rawRows<LockedSession>(
    tx,
    sql`select a.id, a.location_id, a.capacity, a.seats_taken, a.starts_at, a.ends_at, a.cancelled_at is not null as cancelled,
               aps.service_price_id, ase.employee_id, s.name as class_name, l.name as place, l.time_zone,
               l.business_id
        from appointments a
        join appointment_services aps on aps.appointment_id = a.id
        join appointment_service_employees ase on ase.appointment_service_id = aps.id
        join service_prices sp on sp.id = aps.service_price_id
        join services s on s.id = sp.service_id
        join locations l on l.id = a.location_id
        where a.id = ${appointmentId} and a.capacity is not null
        for update of a`,
  );
  return session;
}

interface WaitingEntry {
  id: number;
  client_id: string;
  seats_count: number;
  email: string | null;
  first_name: string;
  language: string;
}

/** Those waiting for a session, first come first served. */
function waitingFor(tx: Database, appointmentId: number) {
  return rawRows<WaitingEntry>(
    tx,
    sql`select w.id, w.client_id, w.seats_count, c.email, c.first_name, c.language
        from waitlist_entries w join clients c on c.id = w.client_id
        where w.appointment_id = ${appointmentId} and w.status = 'waiting'
        order by w.created_at, w.id`,
  );
}

/**
 * Holds `entry`'s seats for OFFER_MINUTES in a savepoint: their seats are counted by the trigger, their own time
 * claimed. Answers the hold's id, or null when the client has another booking then (the client-time constraint).
 */
async function holdOfferedSeats(tx: Database, session: LockedSession, entry: WaitingEntry, expiresAt: Date) {
  try {
    return await tx.transaction(async (savepoint) => {
      const [hold] = await savepoint
        .insert(bookingHolds)
        .values({
          clientId: entry.client_id,
          locationId: session.location_id,
          servicePriceId: session.service_price_id,
          employeeId: session.employee_id,
          startsAt: new Date(session.starts_at),
          endsAt: new Date(session.ends_at),
          expiresAt,
          appointmentId: session.id,
          seatsCount: entry.seats_count,
        })
        .returning({ id: bookingHolds.id });
      if (!hold) throw new Error("the offer's hold insert returned no row");
      const range = { start: Date.parse(session.starts_at), end: Date.parse(session.ends_at) };
      await savepoint
        .insert(clientClaims)
        .values({ clientId: entry.client_id, during: asClaimRange(range), holdId: hold.id, expiresAt });
      return hold.id;
    });
  } catch (error) {
    if (sqlState(error) === "23P01") return null;
    throw error;
  }
}

const languageOf = (value: string): Language => (isSupportedLanguage(value) ? value : "en");

/** What an offer says of its session, as the notification keeps it. */
const offerFacts = (
  session: Pick<LockedSession, "starts_at" | "time_zone" | "place" | "class_name">,
): WaitlistOfferFacts => ({
  startsAt: new Date(session.starts_at).toISOString(),
  timeZone: session.time_zone,
  place: session.place,
  className: session.class_name,
  holdMinutes: OFFER_MINUTES,
});

const recipientOf = (
  client: Pick<WaitingEntry, "client_id" | "email" | "first_name" | "language">,
): WaitlistRecipient => ({
  clientId: client.client_id,
  email: client.email ?? "",
  firstName: client.first_name,
  language: languageOf(client.language),
});

/**
 * Offers a session's free seats to those waiting, first in line first: each offered client gets their seats held
 * for OFFER_MINUTES, a notification at once and an e-mail (a job of its own), and an expiry job that passes the
 * offer on. A client whose seats do not fit what is free keeps their place; one who is busy then is passed over
 * (their entry expires). A session that started or was called off ends its waitlist. Run by WAITLIST_JOB.offer.
 */
export async function offerFreedSeats(deps: WaitlistDependencies, appointmentId: number, now: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const session = await lockSession(tx, appointmentId);
    if (!session) return;
    if (session.cancelled || Date.parse(session.starts_at) <= now) {
      await tx
        .update(waitlistEntries)
        .set({ status: "expired", updatedAt: new Date(now) })
        .where(and(eq(waitlistEntries.appointmentId, appointmentId), eq(waitlistEntries.status, "waiting")));
      return;
    }
    // Expired holds still count in seats_taken until swept; their seats are free.
    const swept = await tx
      .delete(bookingHolds)
      .where(and(eq(bookingHolds.appointmentId, appointmentId), lte(bookingHolds.expiresAt, new Date(now))))
      .returning({ seats: bookingHolds.seatsCount });
    let seatsLeft = session.capacity - session.seats_taken + swept.reduce((sum, hold) => sum + hold.seats, 0);
    const expiresAt = new Date(now + OFFER_MINUTES * 60_000);
    for (const entry of await waitingFor(tx, appointmentId)) {
      if (seatsLeft <= 0) break;
      if (entry.seats_count > seatsLeft) continue;
      const holdId = await holdOfferedSeats(tx, session, entry, expiresAt);
      const offered = holdId !== null;
      await tx
        .update(waitlistEntries)
        .set(
          offered
            ? { status: "offered", holdId, offerExpiresAt: expiresAt, updatedAt: new Date(now) }
            : { status: "expired", updatedAt: new Date(now) },
        )
        .where(eq(waitlistEntries.id, entry.id));
      if (!offered) continue;
      seatsLeft -= entry.seats_count;
      await tellOfOffer(tx, deps, session, entry, expiresAt);
    }
  });
}

/** The offer's notification (in the offer's transaction) and the jobs of its e-mail and its expiry. */
async function tellOfOffer(
  tx: Database,
  deps: WaitlistDependencies,
  session: LockedSession,
  entry: WaitingEntry,
  expiresAt: Date,
) {
  const { notification } = composeWaitlistOffer(recipientOf(entry), offerFacts(session), deps.config, session.id);
  const [written] = await tx
    .insert(notifications)
    .values({ ...notification, businessId: session.business_id })
    .returning({ id: notifications.id });
  // Pushed with high urgency, and only while the seats are held for them.
  if (written) await queueNotificationPush(tx, written.id, { expiresAt, urgency: "high" });
  if (entry.email) {
    await scheduleJob(tx, {
      kind: WAITLIST_JOB.mail,
      key: `waitlist-entry:${entry.id}:mail:${expiresAt.toISOString()}`,
      runAt: new Date(),
      payload: { waitlistEntryId: entry.id },
    });
  }
  await scheduleJob(tx, {
    kind: WAITLIST_JOB.expire,
    key: `waitlist-entry:${entry.id}:expire`,
    runAt: expiresAt,
    payload: { waitlistEntryId: entry.id, offerExpiresAt: expiresAt.toISOString() },
  });
}

/** The e-mail of an offer still open, in the client's language (WAITLIST_JOB.mail). */
export async function mailOffer(deps: WaitlistDependencies, waitlistEntryId: number): Promise<void> {
  const [row] = await rawRows<{
    appointment_id: number;
    client_id: string;
    email: string | null;
    first_name: string;
    language: string;
    starts_at: string;
    time_zone: string;
    place: string;
    class_name: string;
  }>(
    deps.db,
    sql`select w.appointment_id, w.client_id, c.email, c.first_name, c.language, a.starts_at, l.time_zone, l.name as place, s.name as class_name
        from waitlist_entries w
        join clients c on c.id = w.client_id
        join appointments a on a.id = w.appointment_id
        join locations l on l.id = a.location_id
        join appointment_services aps on aps.appointment_id = a.id
        join service_prices sp on sp.id = aps.service_price_id
        join services s on s.id = sp.service_id
        where w.id = ${waitlistEntryId} and w.status = 'offered'`,
  );
  if (!row?.email) return;
  await deps.mailer.send(composeWaitlistOffer(recipientOf(row), offerFacts(row), deps.config, row.appointment_id).mail);
}

/**
 * An offer whose time is over and that was not booked passes on (WAITLIST_JOB.expire): its hold goes (the seats
 * return by the trigger), the entry expires, and the next in line is offered the seats.
 */
export async function expireOffer(db: Database, waitlistEntryId: number, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [entry] = await tx
      .update(waitlistEntries)
      .set({ status: "expired", updatedAt: new Date(now) })
      .where(
        and(
          eq(waitlistEntries.id, waitlistEntryId),
          eq(waitlistEntries.status, "offered"),
          lte(waitlistEntries.offerExpiresAt, new Date(now)),
        ),
      )
      .returning({ appointmentId: waitlistEntries.appointmentId, holdId: waitlistEntries.holdId });
    if (!entry) return;
    if (entry.holdId !== null) await tx.delete(bookingHolds).where(inArray(bookingHolds.id, [entry.holdId]));
    await scheduleWaitlistOffer(tx, {
      appointmentId: entry.appointmentId,
      cause: `expired:${waitlistEntryId}`,
      runAt: new Date(now),
    });
  });
}

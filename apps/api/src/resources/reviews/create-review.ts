import { and, eq, isNull, sql } from "drizzle-orm";
import {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
} from "@termin/db/booking-schema";
import { clients } from "@termin/db/account-schema";
import { locations, reviewItems, reviews } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Site } from "@termin/contracts/site";
import { APPOINTMENT_STATUS, APPOINTMENT_STATUSES } from "@termin/domain/appointment-statuses";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import { AppError } from "../../http/app-error.ts";
import { refusal as ruleRefusal } from "../../http/refusal.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import type { ReviewInput } from "./review-input.ts";

const RELATIONSHIP = "/data/relationships/appointmentClient";

/** What deciding about a review needs to know of the appointment client it is for. */
interface ReviewTarget {
  id: number;
  statusId: number;
  reviewId: number | null;
  locationId: number;
  /** Who performed the appointment's first service (its first employee), if anyone. */
  employeeId: number | null;
  firstName: string;
  lastName: string;
  language: string;
}

/**
 * The signed-in client's own appointment client, or nothing (unknown id, another client's, or at another business
 * than the site's: all a 404).
 */
async function findTarget(
  context: Pick<ReadContext, "db" | "site">,
  clientId: string,
  appointmentClientId: number,
): Promise<ReviewTarget | undefined> {
  const { db } = context;
  const firstEmployee = db
    .select({ employeeId: appointmentServiceEmployees.employeeId })
    .from(appointmentServices)
    .innerJoin(
      appointmentServiceEmployees,
      eq(appointmentServiceEmployees.appointmentServiceId, appointmentServices.id),
    )
    .where(eq(appointmentServices.appointmentId, appointments.id))
    .orderBy(appointmentServices.position, appointmentServiceEmployees.id)
    .limit(1);
  const [row] = await db
    .select({
      id: appointmentClients.id,
      statusId: appointmentClients.statusId,
      reviewId: appointmentClients.reviewId,
      locationId: appointments.locationId,
      employeeId: sql<number | null>`(${firstEmployee})`,
      firstName: clients.firstName,
      lastName: clients.lastName,
      language: clients.language,
    })
    .from(appointmentClients)
    .innerJoin(appointments, eq(appointments.id, appointmentClients.appointmentId))
    .innerJoin(clients, eq(clients.id, appointmentClients.clientId))
    .where(
      and(
        eq(appointmentClients.id, appointmentClientId),
        eq(appointmentClients.clientId, clientId),
        atSiteLocations(context, appointments.locationId),
      ),
    );
  return row;
}

/** Why this appointment client cannot be reviewed (now), as the error to answer; nothing when it can. */
function refusal(target: Pick<ReviewTarget, "id" | "statusId" | "reviewId">): AppError | undefined {
  if (target.statusId !== APPOINTMENT_STATUS.completed) {
    const status = APPOINTMENT_STATUSES.find((each) => each.id === target.statusId)?.name ?? String(target.statusId);
    return ruleRefusal("appointment_not_completed", { pointer: RELATIONSHIP }, {}, { status });
  }
  if (target.reviewId !== null) {
    return ruleRefusal("already_reviewed", { pointer: RELATIONSHIP });
  }
  return undefined;
}

/** How a review is signed: the first name and the last name's initial ("Maria K."), as on Fresha and Booksy. */
export function authorName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return [firstName.trim(), initial ? `${initial}.` : ""].filter(Boolean).join(" ");
}

export interface CreateReviewOptions {
  db: Database;
  /** The request's site: on a business's own site, only that business's appointments are reviewed there. */
  site: Site;
  clientId: string;
  input: ReviewInput;
  /** The language the client wrote in (their Accept-Language); else their account's language. */
  language: Language | undefined;
  now: number;
}

/**
 * A signed-in client's review of one of their completed appointments (docs/booking.md, "Reviews"). One
 * transaction writes the review, its items, the appointment client's review_id and the location's rating and
 * review count. Once only: the transaction first locks the appointment client while its review_id is still null,
 * so of requests racing for one appointment exactly one writes and the others answer 409. Answers the review's id.
 */
export async function createReview({ db, site, clientId, input, language, now }: CreateReviewOptions): Promise<number> {
  const notFound = () =>
    new AppError("not_found", `You have no appointment ${input.appointmentClientId}.`, {
      pointer: `${RELATIONSHIP}/data/id`,
    });
  if (!isDatabaseId(input.appointmentClientId)) throw notFound();
  const appointmentClientId = Number(input.appointmentClientId);
  const target = await findTarget({ db, site }, clientId, appointmentClientId);
  if (!target) throw notFound();
  const refused = refusal(target);
  if (refused) throw refused;

  return db.transaction(async (tx) => {
    // The guard against a second review, taken first: the row is locked while still completed and unreviewed.
    // A request racing for the same appointment waits here for the first to commit, then finds review_id set
    // (PostgreSQL re-reads a locked row once its lock is released) and answers 409, having written nothing.
    const [claimed] = await tx
      .select({ id: appointmentClients.id })
      .from(appointmentClients)
      .where(
        and(
          eq(appointmentClients.id, appointmentClientId),
          eq(appointmentClients.clientId, clientId),
          eq(appointmentClients.statusId, APPOINTMENT_STATUS.completed),
          isNull(appointmentClients.reviewId),
        ),
      )
      .for("update");
    if (!claimed) {
      const [current] = await tx
        .select({
          id: appointmentClients.id,
          statusId: appointmentClients.statusId,
          reviewId: appointmentClients.reviewId,
        })
        .from(appointmentClients)
        .where(eq(appointmentClients.id, appointmentClientId));
      throw (current && refusal(current)) ?? notFound();
    }
    const [review] = await tx
      .insert(reviews)
      .values({
        locationId: target.locationId,
        employeeId: target.employeeId,
        authorName: authorName(target.firstName, target.lastName),
        rating: input.rating,
        text: input.text,
        language: language ?? (isSupportedLanguage(target.language) ? target.language : "en"),
        createdAt: new Date(now),
      })
      .returning({ id: reviews.id });
    if (!review) throw new Error("review insert returned no row");
    if (input.items.length > 0) {
      await tx.insert(reviewItems).values(input.items.map((item) => ({ reviewId: review.id, ...item })));
    }
    await tx
      .update(appointmentClients)
      .set({ reviewId: review.id, updatedAt: new Date(now) })
      .where(eq(appointmentClients.id, appointmentClientId));
    // The location's rating and count, recounted from its reviews. Its row is locked first (no key update: the
    // foreign keys of other reviews being written there only share it), so the recount, a statement of its own,
    // sees every review of the location committed by a transaction that held the lock before.
    await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, target.locationId))
      .for("no key update");
    await tx.execute(sql`
      update locations
         set rating_average = (select round(avg(r.rating), 2) from reviews r where r.location_id = locations.id),
             review_count = (select count(*) from reviews r where r.location_id = locations.id)
       where id = ${target.locationId}`);
    return review.id;
  });
}

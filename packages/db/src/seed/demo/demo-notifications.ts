import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { formatDateAndTime } from "@termin/domain/time-format";
import { formAnswers, formRequests, forms, notifications } from "../../account-schema.ts";
import { appointmentClients, appointments, appointmentServices } from "../../booking-schema.ts";
import { businesses, cities, locations, servicePrices, services } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

export const HOUR = 60 * 60 * 1000;

/** Two places in the demo client's city (Sofia): their notifications and saved locations name them. */
export async function demoClientPlaces(db: Database) {
  const [first, second] = await db
    .select({
      id: locations.id,
      slug: locations.slug,
      name: locations.name,
      timeZone: locations.timeZone,
      businessId: businesses.id,
      business: businesses.name,
    })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .innerJoin(businesses, eq(businesses.id, locations.businessId))
    .where(eq(cities.slug, "sofia"))
    .orderBy(asc(locations.id))
    .limit(2);
  if (!first || !second) throw new Error("The demo client's area needs two demo locations in Sofia");
  return [first, second] as const;
}

/** A place in the demo client's city whose business takes bookings online: the one with an offer to book. */
async function demoOfferPlace(db: Database) {
  const [place] = await db
    .select({ slug: locations.slug, name: locations.name, businessId: locations.businessId })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .innerJoin(businesses, eq(businesses.id, locations.businessId))
    .where(and(eq(cities.slug, "sofia"), sql`coalesce((${businesses.settings}->>'onlineBooking')::boolean, true)`))
    .orderBy(asc(locations.id))
    .limit(1);
  if (!place) throw new Error("The demo client's offer needs a place in Sofia that takes bookings online");
  return place;
}

/** The demo client's newest form still to fill in, with the business that sent it. */
async function demoFormToFillIn(db: Database) {
  const [form] = await db
    .select({ id: formRequests.id, business: businesses.name, businessId: businesses.id })
    .from(formRequests)
    .innerJoin(forms, eq(forms.id, formRequests.formId))
    .innerJoin(businesses, eq(businesses.id, forms.businessId))
    .leftJoin(formAnswers, eq(formAnswers.formRequestId, formRequests.id))
    .where(and(eq(formRequests.clientId, DEMO_CLIENT.id), isNull(formAnswers.id)))
    .orderBy(desc(formRequests.sentAt))
    .limit(1);
  if (!form) throw new Error("The demo client needs a form to fill in (insertDemoForms first)");
  return form;
}

/** The demo client's latest completed visit with no review yet: the one "How was your visit?" asks about. */
async function demoVisitToReview(db: Database, now: Date) {
  const [visit] = await db
    .select({ id: appointmentClients.id, place: locations.name, businessId: locations.businessId })
    .from(appointmentClients)
    .innerJoin(appointments, eq(appointments.id, appointmentClients.appointmentId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .where(
      and(
        eq(appointmentClients.clientId, DEMO_CLIENT.id),
        eq(appointmentClients.statusId, APPOINTMENT_STATUS.completed),
        isNull(appointmentClients.reviewId),
        lt(appointments.startsAt, now),
      ),
    )
    .orderBy(desc(appointments.startsAt))
    .limit(1);
  if (!visit) throw new Error("The demo client needs a completed visit to review (bookings first)");
  return visit;
}

/**
 * What businesses and the app sent the demo client (after the demo forms and bookings, which some lead to): 2
 * unread, 3 read (with the booking's notice, 3 unread), newest first. Each leads to what it is about: the form,
 * the visit to review, a place that takes bookings online; action URLs are in-app paths without a language, one
 * has none. Each has a kind and facts, so a page shows it in its own language (the stored words are the account's,
 * English). Times are relative to the seeding, so a fresh demo reads "2 hours ago".
 */
export async function insertDemoNotifications(db: Database, now = new Date()): Promise<void> {
  const [form, visit, offer] = [await demoFormToFillIn(db), await demoVisitToReview(db, now), await demoOfferPlace(db)];
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const readAfter = (hours: number) => ago(hours - 1);

  await db.insert(notifications).values([
    {
      clientId: DEMO_CLIENT.id,
      title: "A form to fill in",
      body: `${form.business} asks you to fill in a form before your visit.`,
      kind: "form_requested",
      facts: { business: form.business },
      actionUrl: `/forms/${form.id}`,
      businessId: form.businessId,
      createdAt: ago(5),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "How was your visit?",
      body: `Tell others about ${visit.place}: rate your visit and leave a review.`,
      kind: "review_requested",
      facts: { place: visit.place },
      actionUrl: `/appointments/${visit.id}#review`,
      businessId: visit.businessId,
      createdAt: ago(26),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "20% off this week",
      body: `${offer.name} has 20% off every service this week, until Sunday. Book a time that suits you.`,
      kind: "discount_offered",
      facts: { place: offer.name, percent: 20 },
      actionUrl: `/location/${offer.slug}`,
      businessId: offer.businessId,
      createdAt: ago(74),
      readAt: readAfter(74),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "New looks for you",
      body: "Salons near you added new ideas to the Look Book.",
      kind: "looks_added",
      facts: {},
      actionUrl: "/inspiration",
      createdAt: ago(120),
      readAt: readAfter(120),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "Welcome to Termin",
      body: "Find a place, book in a few taps and keep your favourite places in My locations.",
      kind: "welcome",
      facts: { appName: "Termin" },
      actionUrl: null,
      createdAt: ago(200),
      readAt: readAfter(200),
    },
  ]);
}

/** The demo client's upcoming visit was booked this long before the seeding. */
export const DEMO_BOOKED_HOURS_AGO = 2;

/**
 * The notice of the demo client's upcoming visit, unread: written after the bookings from the visit itself, so it
 * names a real appointment (its services, place and time) and opens it.
 */
export async function insertDemoBookedNotice(db: Database, now = new Date()): Promise<void> {
  const [visit] = await db
    .select({
      id: appointmentClients.id,
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      place: locations.name,
      timeZone: locations.timeZone,
      businessId: locations.businessId,
    })
    .from(appointmentClients)
    .innerJoin(appointments, eq(appointments.id, appointmentClients.appointmentId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .where(
      and(
        eq(appointmentClients.clientId, DEMO_CLIENT.id),
        gt(appointments.startsAt, now),
        // A booked appointment's notice: not a class seat (no services), not one still waiting for its payment.
        ne(appointmentClients.statusId, APPOINTMENT_STATUS.pendingPayment),
        sql`exists (select 1 from appointment_services s where s.appointment_id = ${appointments.id})`,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  if (!visit) throw new Error("The demo client has no upcoming visit to be told about");
  const booked = await db
    .select({ name: services.name })
    .from(appointmentServices)
    .innerJoin(servicePrices, eq(servicePrices.id, appointmentServices.servicePriceId))
    .innerJoin(services, eq(services.id, servicePrices.serviceId))
    .where(eq(appointmentServices.appointmentId, visit.appointmentId))
    .orderBy(asc(appointmentServices.position));
  const names = [...new Set(booked.map((service) => service.name))];
  const startsAt = visit.startsAt.toISOString();
  await db.insert(notifications).values({
    clientId: DEMO_CLIENT.id,
    title: "Appointment booked",
    body: `${names.join(", ")} at ${visit.place} on ${formatDateAndTime(visit.startsAt, "en", visit.timeZone)}.`,
    kind: "appointment_booked",
    facts: { appointmentClientId: visit.id, startsAt, timeZone: visit.timeZone, place: visit.place, services: names },
    actionUrl: `/appointments/${visit.id}`,
    businessId: visit.businessId,
    createdAt: new Date(now.getTime() - DEMO_BOOKED_HOURS_AGO * HOUR),
  });
}

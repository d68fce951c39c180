import { asc, eq } from "drizzle-orm";
import { addDays } from "@termin/domain/booking/calendar";
import { localMomentAt, zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import { notifications } from "../../account-schema.ts";
import { businesses, cities, locations, services } from "../../catalogue-schema.ts";
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

/**
 * What businesses and the app sent the demo client: 3 unread, 3 read, newest first; action URLs are in-app
 * paths without a language, one has none. All but the business's offer have a kind and facts, so a page shows
 * them in its own language (the stored words are the account's, English). Times are relative to the seeding, so
 * a fresh demo reads "2 hours ago".
 */
export async function insertDemoNotifications(db: Database, now = new Date()): Promise<void> {
  const [first, second] = await demoClientPlaces(db);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const readAfter = (hours: number) => ago(hours - 1);
  const [service] = await db
    .select({ name: services.name })
    .from(services)
    .where(eq(services.businessId, first.businessId))
    .orderBy(asc(services.id))
    .limit(1);
  // Tomorrow at 10:30 on the place's clock.
  const tomorrow = addDays(localMomentAt(now.getTime(), first.timeZone).date, 1);
  const startsAt = new Date(zonedTimeToEpochMs(tomorrow, "10:30", first.timeZone)).toISOString();
  const serviceName = service?.name ?? "Manicure";

  await db.insert(notifications).values([
    {
      clientId: DEMO_CLIENT.id,
      title: "Appointment reminder",
      body: `${serviceName} at ${first.name} tomorrow at 10:30.`,
      kind: "appointment_reminder",
      facts: { startsAt, timeZone: first.timeZone, place: first.name, services: [serviceName] },
      actionUrl: "/appointments",
      createdAt: ago(2),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "A form to fill in",
      body: `${first.business} asks you to fill in a form before your visit.`,
      kind: "form_requested",
      facts: { business: first.business },
      actionUrl: "/forms",
      createdAt: ago(5),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "How was your visit?",
      body: `Tell others about ${second.name}: rate your visit and leave a review.`,
      kind: "review_requested",
      facts: { place: second.name },
      actionUrl: `/location/${second.slug}`,
      createdAt: ago(26),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "20% off this week",
      body: `${first.name} has 20% off every service this week, until Sunday. Book a time that suits you.`,
      actionUrl: `/location/${first.slug}`,
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

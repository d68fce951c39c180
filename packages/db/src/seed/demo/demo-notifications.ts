import { asc, eq } from "drizzle-orm";
import { notifications } from "../../account-schema.ts";
import { businesses, cities, locations } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

export const HOUR = 60 * 60 * 1000;

/** Two places in the demo client's city (Sofia): their notifications and saved locations name them. */
export async function demoClientPlaces(db: Database) {
  const [first, second] = await db
    .select({ id: locations.id, slug: locations.slug, name: locations.name, business: businesses.name })
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
 * paths without a language, one has none. Times are relative to the seeding, so a fresh demo reads
 * "2 hours ago".
 */
export async function insertDemoNotifications(db: Database, now = new Date()): Promise<void> {
  const [first, second] = await demoClientPlaces(db);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const readAfter = (hours: number) => ago(hours - 1);

  await db.insert(notifications).values([
    {
      clientId: DEMO_CLIENT.id,
      title: "Appointment tomorrow",
      body: `Your appointment at ${first.name} is tomorrow at 10:30. Need to change it? You can do it in My appointments.`,
      actionUrl: "/appointments",
      createdAt: ago(2),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "A form to fill in",
      body: `${first.business} asks you to fill in a short health questionnaire before your visit.`,
      actionUrl: "/forms",
      createdAt: ago(5),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "How was your visit?",
      body: `Tell others about ${second.name}: rate your visit and leave a review.`,
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
      body: "Salons near you added new nail and hair ideas to the Look Book.",
      actionUrl: "/inspiration",
      createdAt: ago(120),
      readAt: readAfter(120),
    },
    {
      clientId: DEMO_CLIENT.id,
      title: "Welcome to Termin",
      body: "Find a place, book in a few taps and keep your favourite places in My locations.",
      actionUrl: null,
      createdAt: ago(200),
      readAt: readAfter(200),
    },
  ]);
}

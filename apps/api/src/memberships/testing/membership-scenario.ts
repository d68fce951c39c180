import { membershipServices, memberships } from "@termin/db/membership-schema";
import type { Database } from "@termin/db/database";

export interface TestMembershipOptions {
  businessId: number;
  /** The services or classes it includes, each with its count (null: unlimited). */
  services: Array<{ serviceId: number; count: number | null }>;
  name?: string;
  priceMinor?: number;
  periodMonths?: number;
  startsOn?: "purchase" | "first_use";
  paymentPolicy?: "venue" | "deposit" | "prepay";
  active?: boolean;
}

/** A membership a test's business offers: "10 visits within 3 months" unless told otherwise. Answers its id. */
export async function createTestMembership(db: Database, options: TestMembershipOptions): Promise<number> {
  const [membership] = await db
    .insert(memberships)
    .values({
      businessId: options.businessId,
      name: options.name ?? "10 visits",
      description: "Ten visits within three months.",
      priceMinor: options.priceMinor ?? 0,
      currencyCode: "EUR",
      periodMonths: options.periodMonths ?? 3,
      startsOn: options.startsOn ?? "purchase",
      paymentPolicy: options.paymentPolicy ?? "prepay",
      active: options.active ?? true,
    })
    .returning({ id: memberships.id });
  if (!membership) throw new Error("membership insert returned no row");
  if (options.services.length > 0) {
    await db
      .insert(membershipServices)
      .values(options.services.map((service) => ({ membershipId: membership.id, ...service })));
  }
  return membership.id;
}

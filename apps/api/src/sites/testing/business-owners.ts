import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";

/**
 * Resource types that are reference data, the same on every site (decision 0046): they belong to no business.
 * A type neither here nor in OWNED_TYPES fails the sites matrix until it is put in one of them.
 */
export const GLOBAL_TYPES: ReadonlySet<string> = new Set([
  "appointment-statuses",
  "pages",
  "marketplace-services",
  "cities",
  "neighborhoods",
  "business-types",
  "currencies",
  "tags",
  "payment-methods",
  "countries",
]);

/** How each business-owned type's rows map to their business, as (id, business_id); some ordered for picking. */
const OWNED_TYPES: Readonly<Record<string, SQL>> = {
  businesses: sql`select id, id as business_id from businesses`,
  settings: sql`select id, id as business_id from businesses`,
  locations: sql`select id, business_id from locations`,
  "service-categories": sql`select id, business_id from service_categories`,
  services: sql`select id, business_id from services order by (kind = 'class'), id`,
  // A price of an appointment service first: what free times are asked for.
  "service-prices": sql`select sp.id, s.business_id from service_prices sp join services s on s.id = sp.service_id
    order by (s.kind = 'class'), sp.id`,
  employees: sql`select id, business_id from employees`,
  "service-employees": sql`select se.id, e.business_id from service_employees se join employees e on e.id = se.employee_id`,
  reviews: sql`select r.id, l.business_id from reviews r join locations l on l.id = r.location_id`,
  "review-items": sql`select ri.id, l.business_id from review_items ri join reviews r on r.id = ri.review_id
    join locations l on l.id = r.location_id`,
  media: sql`select id, business_id from media`,
  "working-hours": sql`select w.id, l.business_id from working_hours w join locations l on l.id = w.location_id`,
  resources: sql`select r.id, l.business_id from resources r join locations l on l.id = r.location_id`,
  memberships: sql`select id, business_id from memberships where active`,
  "membership-services": sql`select ms.id, m.business_id from membership_services ms
    join memberships m on m.id = ms.membership_id`,
  // Every session, for the owner of any a list shows (one starting within the hour too); those that can still be
  // booked first (an hour ahead, so none passes while the file runs): what finds are asked for.
  "class-sessions": sql`select a.id, l.business_id from appointments a join locations l on l.id = a.location_id
    where a.capacity is not null
    order by (a.cancelled_at is null and a.starts_at > now() + interval '1 hour') desc, a.id`,
};

/** Slugs of the types a `filter[slug]` names. */
const SLUGS: Readonly<Record<string, SQL>> = {
  businesses: sql`select id, slug from businesses`,
  locations: sql`select id, slug from locations`,
  "service-categories": sql`select id, slug from service_categories`,
};

export interface BusinessOwners {
  /** The business of a resource: null for reference data; undefined for an id the demo data does not have. */
  ownerOf(type: string, id: string): number | null | undefined;
  /** Whether the type is one whose rows belong to businesses. */
  isOwned(type: string): boolean;
  /** An id of that type of some business other than `businessId` (any, on the marketplace), else undefined. */
  idOutside(type: string, businessId: number | null): string | undefined;
  /** An id of that type of `businessId`, else undefined. */
  idOf(type: string, businessId: number): string | undefined;
  slugOf(type: string, id: string): string | undefined;
}

/** Reads which business every row of the demo data is of, once, for the matrix's checks. */
export async function readBusinessOwners(db: Database): Promise<BusinessOwners> {
  const owners = new Map<string, Map<string, number | null>>();
  for (const [type, query] of Object.entries(OWNED_TYPES)) {
    const rows = await rawRows<{ id: number; business_id: number | null }>(db, query);
    owners.set(type, new Map(rows.map((row) => [String(row.id), row.business_id])));
  }
  const slugs = new Map<string, Map<string, string>>();
  for (const [type, query] of Object.entries(SLUGS)) {
    const rows = await rawRows<{ id: number; slug: string }>(db, query);
    slugs.set(type, new Map(rows.map((row) => [String(row.id), row.slug])));
  }
  const pick = (type: string, wanted: (owner: number | null) => boolean) =>
    [...(owners.get(type) ?? [])].find(([, owner]) => wanted(owner))?.[0];
  return {
    ownerOf: (type, id) => (GLOBAL_TYPES.has(type) ? null : owners.get(type)?.get(id)),
    isOwned: (type) => owners.has(type),
    idOutside: (type, businessId) => pick(type, (owner) => owner !== null && owner !== businessId),
    idOf: (type, businessId) => pick(type, (owner) => owner === businessId),
    slugOf: (type, id) => slugs.get(type)?.get(id),
  };
}

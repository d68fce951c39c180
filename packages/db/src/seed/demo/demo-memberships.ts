import { sql } from "drizzle-orm";
import type { Language } from "@termin/domain/languages";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import type { Database } from "../../database.ts";
import { rawRows } from "../../raw-rows.ts";
import { DEMO_CLIENT } from "./demo-client.ts";
import { demoClientPlaces } from "./demo-notifications.ts";

const DAY = 86_400_000;

type OfferKind = "visits" | "month" | "year";

/** The offers' names in the business's language: "10 visits within 3 months", "1 month unlimited", "1 year". */
const NAMES: Record<Language, Record<OfferKind, string> & { includes: string }> = {
  en: { visits: "10 visits within 3 months", month: "1 month unlimited", year: "1 year", includes: "Includes" },
  bg: { visits: "10 посещения за 3 месеца", month: "1 месец без ограничения", year: "1 година", includes: "Включва" },
  de: { visits: "10 Besuche in 3 Monaten", month: "1 Monat unbegrenzt", year: "1 Jahr", includes: "Enthält" },
  es: { visits: "10 visitas en 3 meses", month: "1 mes ilimitado", year: "1 año", includes: "Incluye" },
  it: { visits: "10 visite in 3 mesi", month: "1 mese illimitato", year: "1 anno", includes: "Include" },
  fr: { visits: "10 visites en 3 mois", month: "1 mois illimité", year: "1 an", includes: "Comprend" },
  tr: { visits: "3 ayda 10 ziyaret", month: "1 ay sınırsız", year: "1 yıl", includes: "İçerir" },
  ro: { visits: "10 vizite în 3 luni", month: "1 lună nelimitat", year: "1 an", includes: "Include" },
  el: { visits: "10 επισκέψεις σε 3 μήνες", month: "1 μήνας απεριόριστα", year: "1 έτος", includes: "Περιλαμβάνει" },
  mk: { visits: "10 посети за 3 месеци", month: "1 месец неограничено", year: "1 година", includes: "Вклучува" },
  ru: { visits: "10 посещений за 3 месяца", month: "1 месяц без ограничений", year: "1 год", includes: "Включает" },
};

/** How long each offer lasts, when it starts and how it is paid: the year at the venue, so it is active when bought. */
const OFFER_TERMS: Record<
  OfferKind,
  { periodMonths: number; startsOn: "purchase" | "first_use"; paymentPolicy: "venue" | "prepay" }
> = {
  visits: { periodMonths: 3, startsOn: "first_use", paymentPolicy: "prepay" },
  month: { periodMonths: 1, startsOn: "purchase", paymentPolicy: "prepay" },
  year: { periodMonths: 12, startsOn: "purchase", paymentPolicy: "venue" },
};

interface SellingBusiness {
  business_id: number;
  language: Language;
  currency_code: string;
}

interface BusinessService {
  id: number;
  name: string;
  price_minor: number;
}

/** A price rounded to whole units of the currency (100 minor units). */
const whole = (minor: number) => Math.max(100, Math.round(minor / 100) * 100);

/**
 * Memberships of the first business taking bookings online in each city (a membership is spent by booking): "10 visits within 3 months" of its first service
 * (starting on first use), "1 month unlimited" of its first two, both prepaid online, and "1 year" of its first
 * three (24 visits each, paid at the venue, so active when bought). The demo client holds the first Sofia
 * business's "10 visits", bought before their visits there: the completed one used a credit, the cancelled one
 * used one and got it back (its history). Deterministic: chosen by ids and slugs.
 */
export async function insertDemoMemberships(db: Database, now: Date): Promise<void> {
  const [home] = await demoClientPlaces(db);
  const sellers = await rawRows<SellingBusiness>(
    db,
    sql`select distinct on (c.slug) l.business_id, c.language, b.currency_code
        from locations l join cities c on c.id = l.city_id join businesses b on b.id = l.business_id
        where coalesce((b.settings->>'onlineBooking')::boolean, true)
        order by c.slug, l.id`,
  );
  const chosen = [
    ...sellers.filter((seller) => seller.business_id === home.businessId),
    ...sellers.filter((seller) => seller.business_id !== home.businessId),
  ];
  for (const seller of chosen) {
    const services = await rawRows<BusinessService>(
      db,
      sql`select s.id, s.name, min(sp.price_minor)::int as price_minor
          from services s join service_prices sp on sp.service_id = s.id
          where s.business_id = ${seller.business_id}
          group by s.id order by s.position, s.id limit 3`,
    );
    const [first] = services;
    if (!first) continue;
    const words = NAMES[seller.language] ?? NAMES.en;
    const describe = (included: BusinessService[]) =>
      `${words.includes}: ${included.map((service) => service.name).join(", ")}.`;
    const visitServices =
      seller.business_id === home.businessId ? await demoClientServices(db, home.id, first) : [first];
    const offers: Array<{ kind: OfferKind; included: BusinessService[]; count: number | null; times: number }> = [
      { kind: "visits", included: visitServices, count: 10, times: 8 },
      { kind: "month", included: services.slice(0, 2), count: null, times: 5 },
      { kind: "year", included: services, count: 24, times: 40 },
    ];
    for (const [position, offer] of offers.entries()) {
      await insertMembership(db, seller, {
        name: words[offer.kind],
        description: describe(offer.included),
        priceMinor: whole(first.price_minor * offer.times),
        ...OFFER_TERMS[offer.kind],
        position,
        services: offer.included.map((service) => ({ id: service.id, count: offer.count })),
      });
    }
  }
  await insertDemoClientMembership(db, home.businessId, now);
}

/** The services of the demo client's visits at their first place (what their membership covers), then `first`. */
async function demoClientServices(db: Database, locationId: number, first: BusinessService) {
  const visited = await rawRows<BusinessService>(
    db,
    // One row a service, even when visits took different prices of it (variants).
    sql`select s.id, s.name, min(sp.price_minor)::int as price_minor
        from appointment_clients ac
        join appointments a on a.id = ac.appointment_id
        join appointment_services aps on aps.appointment_id = a.id
        join service_prices sp on sp.id = aps.service_price_id
        join services s on s.id = sp.service_id
        where ac.client_id = ${DEMO_CLIENT.id} and a.location_id = ${locationId}
        group by s.id order by s.id`,
  );
  return [first, ...visited.filter((service) => service.id !== first.id)];
}

async function insertMembership(
  db: Database,
  seller: SellingBusiness,
  offer: {
    name: string;
    description: string;
    priceMinor: number;
    periodMonths: number;
    startsOn: "purchase" | "first_use";
    paymentPolicy: "venue" | "prepay";
    position: number;
    services: Array<{ id: number; count: number | null }>;
  },
): Promise<void> {
  const [row] = await rawRows<{ id: number }>(
    db,
    sql`insert into memberships (business_id, name, description, price_minor, currency_code, period_months, starts_on,
                                 payment_policy, position)
        values (${seller.business_id}, ${offer.name}, ${offer.description}, ${offer.priceMinor}, ${seller.currency_code},
                ${offer.periodMonths}, ${offer.startsOn}, ${offer.paymentPolicy}, ${offer.position})
        returning id`,
  );
  if (!row) throw new Error("the demo membership insert returned no row");
  for (const service of offer.services) {
    await db.execute(
      sql`insert into membership_services (membership_id, service_id, count) values (${row.id}, ${service.id}, ${service.count})`,
    );
  }
}

/**
 * The demo client's "10 visits" at their first place's business, started 20 days ago: each of their past visits
 * there that it covers (the first of its services) spent a credit, and the cancelled one got it back.
 */
async function insertDemoClientMembership(db: Database, businessId: number, now: Date): Promise<void> {
  const [membership] = await rawRows<{ id: number; price_minor: number; currency_code: string }>(
    db,
    sql`select id, price_minor, currency_code from memberships
        where business_id = ${businessId} and position = 0 order by id limit 1`,
  );
  if (!membership) return;
  const startsAt = new Date(now.getTime() - 20 * DAY);
  const [instance] = await rawRows<{ id: number }>(
    db,
    sql`insert into membership_instances (membership_id, client_id, status, price_minor, currency_code, starts_at,
                                          ends_at, created_at, updated_at)
        values (${membership.id}, ${DEMO_CLIENT.id}, 'active', ${membership.price_minor}, ${membership.currency_code},
                ${startsAt}::timestamptz, ${startsAt}::timestamptz + interval '3 months', ${startsAt}::timestamptz,
                ${startsAt}::timestamptz)
        returning id`,
  );
  if (!instance) throw new Error("the demo client's membership insert returned no row");
  await db.execute(
    sql`insert into membership_instance_services (membership_instance_id, service_id, credits_total, credits_left)
        select ${instance.id}, service_id, count, count from membership_services where membership_id = ${membership.id}`,
  );
  // Their visits there before now, each paid by the membership: one credit of its first service.
  const visits = await rawRows<{
    appointment_client_id: number;
    status_id: number;
    service_id: number;
    starts_at: string;
  }>(
    db,
    sql`select distinct on (ac.id) ac.id as appointment_client_id, ac.status_id, sp.service_id, a.starts_at
        from appointment_clients ac
        join appointments a on a.id = ac.appointment_id
        join locations l on l.id = a.location_id
        join appointment_services aps on aps.appointment_id = a.id
        join service_prices sp on sp.id = aps.service_price_id
        join membership_instance_services mis on mis.membership_instance_id = ${instance.id} and mis.service_id = sp.service_id
        where ac.client_id = ${DEMO_CLIENT.id} and l.business_id = ${businessId}
          and a.starts_at < ${now}::timestamptz and a.starts_at > ${startsAt}::timestamptz
          and (select count(*) from appointment_services x where x.appointment_id = a.id) = 1
        order by ac.id, aps.position`,
  );
  for (const visit of visits) {
    const spentAt = new Date(new Date(visit.starts_at).getTime() - 2 * DAY);
    const [use] = await rawRows<{ id: number }>(
      db,
      sql`insert into membership_credit_uses (membership_instance_service_id, appointment_client_id, credits, created_at)
          select id, ${visit.appointment_client_id}, 1, ${spentAt}::timestamptz from membership_instance_services
          where membership_instance_id = ${instance.id} and service_id = ${visit.service_id}
          returning id`,
    );
    if (!use) continue;
    await db.execute(
      sql`update appointment_clients set total_minor = 0, payment_method_id = ${PAYMENT_METHOD.membership}
          where id = ${visit.appointment_client_id}`,
    );
    const cancelled = visit.status_id === APPOINTMENT_STATUS.cancelled;
    if (cancelled) {
      await db.execute(
        sql`insert into membership_credit_uses (membership_instance_service_id, appointment_client_id, credits, created_at)
            select membership_instance_service_id, appointment_client_id, -1, ${new Date(spentAt.getTime() + DAY)}::timestamptz
            from membership_credit_uses where id = ${use.id}`,
      );
    } else {
      await db.execute(
        sql`update membership_instance_services set credits_left = credits_left - 1
            where membership_instance_id = ${instance.id} and service_id = ${visit.service_id}`,
      );
    }
  }
}

import type { WorkingHoursResource } from "@termin/contracts/catalogue-resources";
import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import type { Language } from "@termin/domain/languages";
import { cancellationDeadline } from "@termin/domain/booking/cancellation";
import { amountDueOnline } from "@termin/domain/payments/amount-due";
import type { ApiClient } from "../api/client.ts";
import { formatTimeOfDay, formatTimesOfDay, timeZoneName, type OpeningSpan } from "../catalogue/opening-hours.ts";
import { dateTimeFormat } from "../lib/format.ts";
import { backToBackStart, openAt } from "./back-to-back.ts";
import { isHeld, type Basket, type BasketItem } from "./basket.ts";
import type { BasketLine, BasketView } from "./basket-view.ts";
import { weekOfSessions } from "../classes/class-sessions.ts";
import type { ClassSessionView } from "../classes/class-week.ts";
import { coveredServiceIds } from "../memberships/my-memberships.ts";
import { freeTimes, type FreeTime } from "./booking-api.ts";
import { localDateOf, localTimeOf, sameInstant } from "./local-dates.ts";
import { bookingRules, employeesAt, findPrice, locationById, servicesAt } from "./offer-data.ts";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The place's weekly opening hours (a week has at most a few spans a day: one page). */
async function openingHoursOf(api: ApiClient, locationId: string): Promise<OpeningSpan[]> {
  const hours = await api.get<CollectionDocument<WorkingHoursResource>>("working-hours", {
    "filter[location]": locationId,
    "page[size]": String(MAX_PAGE_SIZE),
  });
  return hours.data.map(({ attributes: a }) => ({ weekday: a.weekday, opensAt: a.opens_at, closesAt: a.closes_at }));
}

/**
 * "Tuesday, 1 December · 10:00–10:45" at the location's clock: a narrow screen may wrap it between the day and the
 * times, never inside the times.
 */
export function whenLabel(startsAt: string, endsAt: string, language: Language): string {
  const day = dateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${localDateOf(startsAt)}T12:00:00Z`),
  );
  return `${plain(day)} · ${formatTimesOfDay(localTimeOf(startsAt), localTimeOf(endsAt), language)}`;
}

/** The nearest free times to a wanted one, earlier or later that day. */
function nearest(times: readonly FreeTime[], wanted: string, count: number): FreeTime[] {
  const at = Date.parse(wanted);
  return [...times]
    .filter((time) => !sameInstant(time.startsAt, wanted))
    .sort((a, b) => Math.abs(Date.parse(a.startsAt) - at) - Math.abs(Date.parse(b.startsAt) - at))
    .slice(0, count)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/**
 * The basket with names, prices and where each time stands now: held (by one of `holds`), or checked against
 * the free times of its day (one request per service, employee and day), which also gives the alternatives of
 * a time someone else took meanwhile.
 */
export async function loadBasketView(options: {
  basket: Basket;
  publicApi: ApiClient;
  /** The signed-in client's API, or null for a visitor. */
  viewerApi: ApiClient | null;
  /** The signed-in client's live holds (id -> expiry), as holdAll left them. */
  holds: ReadonlyMap<string, string>;
  language: Language;
  now: Date;
}): Promise<BasketView | null> {
  const { basket, publicApi, viewerApi, holds, language, now } = options;
  if (basket.items.length === 0) return null;
  const location = await locationById(publicApi, basket.locationId);
  if (!location) return null;
  const [services, employees, rules, openingHours, covered] = await Promise.all([
    servicesAt(publicApi, location.id),
    employeesAt(publicApi, location.id),
    bookingRules(publicApi, location.businessId),
    openingHoursOf(publicApi, location.id),
    viewerApi ? coveredServiceIds(viewerApi) : new Set<string>(),
  ]);
  const api = viewerApi ?? publicApi;
  const checks = new Map<string, Promise<FreeTime[]>>();
  const dayOf = (item: BasketItem) => {
    // An entry right after another may start off the grid: asked with that end, so it is listed when free.
    const backToBackAt = basket.items.find((other) => sameInstant(other.endsAt, item.startsAt))?.endsAt ?? null;
    const key = `${item.servicePriceId}|${item.employeeId ?? ""}|${localDateOf(item.startsAt)}|${backToBackAt ?? ""}`;
    let check = checks.get(key);
    if (!check) {
      const day = localDateOf(item.startsAt);
      check = freeTimes(api, {
        servicePriceId: item.servicePriceId,
        locationId: location.id,
        employeeId: item.employeeId,
        dateFrom: day,
        dateTo: day,
        backToBackAt,
      });
      checks.set(key, check);
    }
    return check;
  };
  // Seats in a class: its session (instructor, seats left), from the sessions of its day at the place.
  const sessionOf = async (item: BasketItem): Promise<ClassSessionView | null> => {
    const day = localDateOf(item.startsAt);
    const sessions = await weekOfSessions(publicApi, { locationId: location.id }, { week: day, days: 1, language });
    return (
      sessions.find(
        (session) => session.servicePriceId === item.servicePriceId && sameInstant(session.startsAt, item.startsAt),
      ) ?? null
    );
  };
  const lines = await Promise.all(
    basket.items.map(async (item): Promise<BasketLine | null> => {
      const found = findPrice(services, item.servicePriceId);
      if (!found) return null;
      const liveExpiry = item.holdId ? holds.get(item.holdId) : undefined;
      const held =
        viewerApi !== null && liveExpiry !== undefined && isHeld({ ...item, holdExpiresAt: liveExpiry }, now);
      const seats = item.seats ?? null;
      const priceMinor = found.price.priceMinor * (seats ?? 1);
      const coveredByMembership = covered.has(found.service.id);
      const session = seats === null ? null : await sessionOf(item);
      // A class's seats are free while the session has that many left; an appointment's time while it is listed.
      const day = held || seats !== null ? [] : await dayOf(item);
      const stillFree =
        held ||
        (seats === null
          ? day.some((time) => sameInstant(time.startsAt, item.startsAt))
          : (session?.seatsLeft ?? 0) >= seats);
      return {
        key: item.key,
        serviceName: found.service.name,
        variantName: found.price.name,
        employeeName:
          session?.instructor?.name ?? employees.find((employee) => employee.id === item.employeeId)?.name ?? null,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
        when: whenLabel(item.startsAt, item.endsAt, language),
        durationMinutes: found.price.durationMinutes,
        seats,
        priceMinor,
        currency: found.price.currency,
        coveredByMembership,
        dueOnlineMinor: coveredByMembership ? 0 : amountDueOnline(found.service.payment, priceMinor),
        state: held ? "held" : stillFree ? "free" : "taken",
        holdExpiresAt: held ? (liveExpiry ?? null) : null,
        alternatives: stillFree
          ? []
          : nearest(day, item.startsAt, 4).map((time) => ({
              startsAt: time.startsAt,
              employeeIds: time.employeeIds,
              label: plain(formatTimeOfDay(localTimeOf(time.startsAt), language)),
            })),
      };
    }),
  );
  const shown = lines.filter((line) => line !== null);
  const totals = new Map<string, number>();
  const dueOnline = new Map<string, number>();
  for (const line of shown) {
    const price = line.coveredByMembership ? 0 : line.priceMinor;
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + price);
    if (line.dueOnlineMinor > 0)
      dueOnline.set(line.currency, (dueOnline.get(line.currency) ?? 0) + line.dueOnlineMinor);
  }
  const end = backToBackStart(basket.items);
  return {
    location: {
      id: location.id,
      slug: location.slug,
      name: location.name,
      address: location.address,
      timeZone: location.timeZone,
      timeZoneName: timeZoneName(location.timeZone, language, now),
    },
    lines: shown,
    totals: [...totals].map(([currency, minor]) => ({ currency, minor })),
    dueOnline: [...dueOnline].map(([currency, minor]) => ({ currency, minor })),
    // "Right after" only while the place is still open then: at closing time nothing can follow.
    endsAtLabel: end && openAt(openingHours, end) ? plain(formatTimeOfDay(localTimeOf(end), language)) : null,
    holdsClass: basket.items.some((item) => item.seats !== undefined),
    cancellationNoticeHours: rules.cancellationNoticeHours,
    // Booked now, the visit could no longer be cancelled online: checkout must not promise that it can.
    cancellableOnceBooked: basket.items.every(
      (item) => cancellationDeadline(Date.parse(item.startsAt), rules.cancellationNoticeHours) > now.getTime(),
    ),
  };
}

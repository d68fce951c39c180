import type { AppointmentStatusKey } from "@termin/domain/appointment-statuses";
import type { PlacedService } from "./booking-planner.ts";
import type { Random } from "./random.ts";

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * When a visit was booked and when its status last changed, never after `now`: upcoming ones were booked in the
 * last two weeks and confirmed or cancelled since; past ones were booked up to three weeks ahead and marked
 * completed or no-show after their end.
 */
export function visitStamps(
  status: AppointmentStatusKey,
  services: readonly PlacedService[],
  now: Date,
  random: Random,
): { bookedAt: Date; changedAt: Date } {
  const start = services[0]?.start ?? now.getTime();
  const end = services.at(-1)?.end ?? start;
  const latest = Math.min(now.getTime(), start);
  const bookedAt =
    wholeSecond(latest) - random.int(60, 14 * 1440) * MINUTE - (start > now.getTime() ? 0 : random.int(0, 7) * DAY);
  const changedAt =
    status === "new"
      ? bookedAt
      : status === "confirmed"
        ? bookedAt + random.int(5, 600) * MINUTE
        : status === "cancelled"
          ? bookedAt + random.next() * (latest - bookedAt) * 0.9
          : end + random.int(5, 120) * MINUTE;
  return { bookedAt: new Date(bookedAt), changedAt: new Date(wholeSecond(Math.min(now.getTime(), changedAt))) };
}

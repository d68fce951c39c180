import { prepareAvailability } from "@termin/domain/booking/availability";
import { DAY_MS, MINUTE_MS } from "@termin/domain/booking/calendar";
import { containsRange, normalizeSpans, overlapsRange, type Spans } from "@termin/domain/booking/spans";
import type { DateException, InstantRange, WeeklyInterval } from "@termin/domain/booking/types";
import { offsetAt, wallToEpochMs, type ZoneTimeline } from "@termin/domain/booking/zone-timeline";

/** What booking one service price takes, and what it costs. */
export interface BookableService {
  servicePriceId: number;
  serviceId: number;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  needs: ReadonlyArray<{ kind: string; quantity: number }>;
  priceMinor: number;
  currencyCode: string;
}

/** A service given a time, an employee and the resource units it takes. */
export interface PlacedService {
  service: BookableService;
  employeeId: number;
  start: number;
  end: number;
  resourceIds: number[];
}

/** An employee's weekly schedule and absences, as the slot engine reads them. */
export interface EmployeeSchedule {
  id: number;
  shifts: WeeklyInterval[];
  breaks: WeeklyInterval[];
  exceptions: DateException[];
  timeOff: InstantRange[];
}

export interface LocationSchedule {
  timeZone: string;
  stepMinutes: number;
  hours: WeeklyInterval[];
  exceptions: DateException[];
  employees: EmployeeSchedule[];
  resources: ReadonlyArray<{ id: number; kind: string }>;
  /** Local day numbers (days since 1970-01-01) the planner books on, both included. */
  firstDay: number;
  lastDay: number;
}

/** Busy time of employees, resource units and clients, shared by the planners of all locations (clients travel). */
export class BusyBook {
  private readonly spans = new Map<string, Spans>();

  overlaps(key: string, start: number, end: number): boolean {
    const spans = this.spans.get(key);
    return spans !== undefined && overlapsRange(spans, start, end);
  }

  add(key: string, start: number, end: number): void {
    const spans = this.spans.get(key) ?? [];
    let at = 0;
    while (at < spans.length && (spans[at] as number) < start) at += 2;
    spans.splice(at, 0, start, end);
    this.spans.set(key, normalizeSpans(spans));
  }
}

const employeeKey = (id: number) => `employee:${id}`;
const resourceKey = (id: number) => `resource:${id}`;
export const clientKey = (id: string) => `client:${id}`;

/**
 * Finds times at one location the way the slot engine would offer them, a little stricter: every service starts at
 * a local minute that is a multiple of the business's step, its buffered time lies inside its employee's working
 * time (shifts within opening hours, less breaks, time off and closed dates, computed by the engine itself) and
 * overlaps none of that employee's, its resource units' or its client's booked time.
 */
export class LocationPlanner {
  private readonly work = new Map<number, Spans>();
  private readonly timeline: ZoneTimeline;
  private readonly stepMs: number;
  private readonly unitsByKind = new Map<string, number[]>();

  readonly schedule: LocationSchedule;
  private readonly busy: BusyBook;

  constructor(schedule: LocationSchedule, busy: BusyBook) {
    this.schedule = schedule;
    this.busy = busy;
    const prepared = prepareAvailability(
      {
        now: schedule.firstDay * DAY_MS,
        rules: { leadTimeMinutes: 0, horizonDays: 0, stepMinutes: schedule.stepMinutes },
        location: {
          timeZone: schedule.timeZone,
          hours: schedule.hours,
          exceptions: schedule.exceptions,
          resources: [],
        },
        service: { durationMinutes: 1, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, resourceNeeds: [] },
        employees: schedule.employees.map((employee) => ({ ...employee, id: String(employee.id), busy: [] })),
      },
      schedule.firstDay,
      schedule.lastDay,
    );
    this.timeline = prepared.timeline;
    for (const employee of prepared.employees) this.work.set(Number(employee.id), employee.work);
    this.stepMs = schedule.stepMinutes * MINUTE_MS;
    for (const unit of schedule.resources) {
      this.unitsByKind.set(unit.kind, [...(this.unitsByKind.get(unit.kind) ?? []), unit.id]);
    }
  }

  /** Whether the employee works at all on a local day. */
  worksOn(employeeId: number, day: number): boolean {
    const [from, to] = this.dayBounds(day);
    return overlapsRange(this.work.get(employeeId) ?? [], from, to);
  }

  /** The instants of a local day's start and end. */
  dayBounds(day: number): [number, number] {
    return [wallToEpochMs(this.timeline, day * DAY_MS), wallToEpochMs(this.timeline, (day + 1) * DAY_MS)];
  }

  /** Aligned starts on a local day at which the services fit back to back, service i by employeeIds[i]. */
  freeStarts(day: number, services: readonly BookableService[], employeeIds: readonly number[], client: string) {
    const starts: number[] = [];
    const spans = this.work.get(employeeIds[0] ?? 0) ?? [];
    const [dayStart, dayEnd] = this.dayBounds(day);
    for (let i = 0; i < spans.length; i += 2) {
      const from = Math.max(spans[i] as number, dayStart);
      const to = Math.min(spans[i + 1] as number, dayEnd);
      if (from >= to) continue;
      let wall = Math.ceil((from + offsetAt(this.timeline, from)) / this.stepMs) * this.stepMs;
      for (let start = wallToEpochMs(this.timeline, wall); start < to;) {
        if (this.place(start, services, employeeIds, client)) starts.push(start);
        wall += this.stepMs;
        start = wallToEpochMs(this.timeline, wall);
      }
    }
    return starts;
  }

  /** The services placed back to back from `start`, or null when anything is not free or not aligned. */
  place(start: number, services: readonly BookableService[], employeeIds: readonly number[], client: string) {
    const placed: PlacedService[] = [];
    let at = start;
    for (const [index, service] of services.entries()) {
      const employeeId = employeeIds[index] ?? 0;
      const end = at + service.durationMinutes * MINUTE_MS;
      const from = at - service.bufferBeforeMinutes * MINUTE_MS;
      const to = end + service.bufferAfterMinutes * MINUTE_MS;
      if (!this.aligned(at) || !containsRange(this.work.get(employeeId) ?? [], from, to)) return null;
      const taken = (key: string, id: number) =>
        this.busy.overlaps(key, from, to) ||
        placed.some((other) => {
          const [otherFrom, otherTo] = bufferedRange(other);
          const same = key.startsWith("employee") ? other.employeeId === id : other.resourceIds.includes(id);
          return same && otherFrom < to && from < otherTo;
        });
      if (taken(employeeKey(employeeId), employeeId)) return null;
      const resourceIds: number[] = [];
      for (const need of service.needs) {
        const free = (this.unitsByKind.get(need.kind) ?? []).filter((id) => !taken(resourceKey(id), id));
        if (free.length < need.quantity) return null;
        resourceIds.push(...free.slice(0, need.quantity));
      }
      placed.push({ service, employeeId, start: at, end, resourceIds });
      at = end;
    }
    return this.busy.overlaps(clientKey(client), start, at) ? null : placed;
  }

  /** Takes the time of placed services (a cancelled appointment takes none: its time was given back). */
  commit(placed: readonly PlacedService[], client: string): void {
    for (const service of placed) {
      const [from, to] = bufferedRange(service);
      this.busy.add(employeeKey(service.employeeId), from, to);
      for (const id of service.resourceIds) this.busy.add(resourceKey(id), from, to);
    }
    const first = placed[0];
    const last = placed.at(-1);
    if (first && last) this.busy.add(clientKey(client), first.start, last.end);
  }

  private aligned(instant: number): boolean {
    return (instant + offsetAt(this.timeline, instant)) % this.stepMs === 0;
  }
}

/** A placed service's time with its buffers: what its claims hold. */
export function bufferedRange(placed: PlacedService): [number, number] {
  return [
    placed.start - placed.service.bufferBeforeMinutes * MINUTE_MS,
    placed.end + placed.service.bufferAfterMinutes * MINUTE_MS,
  ];
}

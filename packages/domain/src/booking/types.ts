/** A calendar date written "YYYY-MM-DD" (years 0001-9999), in the location's time zone. */
export type LocalDate = string;

/** A wall-clock time written "HH:MM", 00:00 to 23:59, or "24:00" as the end of a day. */
export type LocalTime = string;

/** ISO weekday: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A span of wall-clock time within one local day; start before end. Two intervals make a night (22:00-24:00, then 00:00-06:00). */
export interface TimeOfDayInterval {
  start: LocalTime;
  end: LocalTime;
}

/** A span of wall-clock time repeated every week on one weekday. */
export interface WeeklyInterval extends TimeOfDayInterval {
  weekday: Weekday;
}

/** The hours of one date replacing the weekly ones; no intervals = closed (or a day off) that date. */
export interface DateException {
  date: LocalDate;
  intervals: readonly TimeOfDayInterval[];
}

/** A half-open span of time [start, end) in epoch milliseconds: touching ranges do not overlap. */
export interface InstantRange {
  start: number;
  end: number;
}

export interface BookingRules {
  /** Minimum notice: a slot starts at or after now + this. */
  leadTimeMinutes: number;
  /** How far ahead one may book: a slot starts no later than now + this many 24-hour days. */
  horizonDays: number;
  /** Slots start at local times whose minute of the day is a multiple of this (15: 09:00, 09:15...). Default 15. */
  stepMinutes?: number;
}

/** Units of a kind of resource (a room, a chair) a service occupies for its whole buffered time. */
export interface ResourceNeed {
  kind: string;
  quantity: number;
}

/** What booking one service price takes. */
export interface ServiceRequirements {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  resourceNeeds: readonly ResourceNeed[];
}

/** One unit of a resource ("Room 2") and the time it is taken, buffers included. */
export interface ResourceUnit {
  id: string;
  kind: string;
  busy: readonly InstantRange[];
}

export interface LocationAvailability {
  /** IANA time zone, e.g. "Europe/Sofia": every local date and time of the input is read in it. */
  timeZone: string;
  /** Opening hours; several intervals a day allowed. */
  hours: readonly WeeklyInterval[];
  /** Holidays (no intervals) and special hours, replacing the weekly hours of their date. */
  exceptions: readonly DateException[];
  resources: readonly ResourceUnit[];
}

/** An employee who performs the service, with their working time and the time already taken. */
export interface EmployeeAvailability {
  id: string;
  shifts: readonly WeeklyInterval[];
  /** Weekly breaks; they apply on exception dates too. */
  breaks: readonly WeeklyInterval[];
  /** Replace that date's shifts; no intervals = a day off. */
  exceptions: readonly DateException[];
  /** Vacations and other absences. */
  timeOff: readonly InstantRange[];
  /** Live appointments and holds of this employee, already widened by their buffers. */
  busy: readonly InstantRange[];
}

/** Everything the engine needs to decide whether a start is bookable. */
export interface AvailabilityInput {
  /** The current instant, epoch ms: passed in, never read from the clock. */
  now: number;
  rules: BookingRules;
  location: LocationAvailability;
  service: ServiceRequirements;
  employees: readonly EmployeeAvailability[];
  /**
   * Instants (epoch ms) where one of the client's own services ends: starts there are candidates even off the
   * step's grid, so a next service can follow back to back (a 40-minute cut ending 10:40, then a wash at 10:40).
   */
  backToBackStarts?: readonly number[];
}

/** Slots of the local dates dateFrom to dateTo, both included. */
export interface SlotQuery extends AvailabilityInput {
  dateFrom: LocalDate;
  dateTo: LocalDate;
}

export interface Slot {
  /** Epoch ms of the service's start (buffers not included). */
  start: number;
  /** start + duration. */
  end: number;
  /** The start in the location's zone with the offset in force then: "2026-12-01T10:00:00+02:00". */
  startsAt: string;
  /** The end, with the offset in force at the end (it differs across a DST change). */
  endsAt: string;
  /** The employees free for this start, sorted by compareEmployeeIds; never empty. */
  employeeIds: string[];
}

export type InvalidStartReason =
  /** Before now. */
  | "past"
  /** Later than now but with less notice than the lead time. */
  | "lead_time"
  /** Later than now + the horizon. */
  | "beyond_horizon"
  /** Not at a local minute of the day that is a multiple of the step (or not on a whole minute). */
  | "not_aligned"
  /** The service would not fit the (chosen) employees' working time at the location. */
  | "outside_hours"
  /** The chosen employee is not among those who perform the service, or nobody performs it. */
  | "employee_does_not_perform"
  /** The location has fewer units of a needed kind than the service needs, busy or not. */
  | "missing_resources";

/** free: bookable now by these employees; taken: a slot if nothing were booked; invalid: never a slot. */
export type StartCheck =
  { kind: "free"; employeeIds: string[] } | { kind: "taken" } | { kind: "invalid"; reason: InvalidStartReason };

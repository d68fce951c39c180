import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appointmentClients,
  appointmentServices,
  bookingClaims,
  scheduledJobs,
  scheduleExceptions,
} from "@termin/db/booking-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { addDays } from "@termin/domain/booking/calendar";
import { formatZonedIso, localMomentAt, zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { materializeClassSessions } from "./materialize-class-sessions.ts";
import {
  addClassException,
  addClassSchedule,
  createClassScenario,
  sessionsOf,
  takeSeats,
} from "./testing/class-scenario.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const warnings: object[] = [];
const log = { info: () => undefined, warn: (obj: object) => warnings.push(obj) };
const make = (scheduleIds: number[], now = Date.now()) =>
  materializeClassSessions({ db: api.database.db, now, log, scheduleIds });

const claimsOf = (sessionId: number) =>
  api.database.db
    .select({ employeeId: bookingClaims.employeeId, resourceId: bookingClaims.resourceId, live: bookingClaims.live })
    .from(bookingClaims)
    .innerJoin(appointmentServices, eq(appointmentServices.id, bookingClaims.appointmentServiceId))
    .where(eq(appointmentServices.appointmentId, sessionId));

/** RRULE weekday names by getUTCDay() (Sunday 0). */
const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

describe("making class sessions", () => {
  it("makes one session per occurrence up to the horizon, with its capacity and the instructor's and room's claims, once", async () => {
    const scenario = await createClassScenario(api.database.db, { capacity: 6, bookingHorizonDays: 10 });
    const first = await make([scenario.scheduleId]);
    const sessions = await sessionsOf(api.database.db, scenario.scheduleId);
    const today = localMomentAt(Date.now(), scenario.timeZone);
    // Daily at 18:00 from today (when 18:00 is still ahead) to today + 10.
    const expected = today.time < "18:00" ? 11 : 10;
    expect(first).toEqual({ made: expected, clashed: 0, cancelled: 0 });
    expect(sessions).toHaveLength(expected);
    for (const session of sessions) {
      expect(session.capacity).toBe(6);
      expect(session.seatsTaken).toBe(0);
      expect(formatZonedIso(session.startsAt.getTime(), scenario.timeZone).slice(11, 16)).toBe("18:00");
    }
    const firstSession = sessions[0];
    if (!firstSession) throw new Error("no session");
    expect(await claimsOf(firstSession.id)).toEqual(
      expect.arrayContaining([
        { employeeId: scenario.employeeIds[0], resourceId: null, live: true },
        { employeeId: null, resourceId: scenario.roomId, live: true },
      ]),
    );
    expect(await make([scenario.scheduleId])).toEqual({ made: 0, clashed: 0, cancelled: 0 });
    expect(await sessionsOf(api.database.db, scenario.scheduleId)).toHaveLength(expected);
  });

  it("makes nothing twice when two runs race", async () => {
    const scenario = await createClassScenario(api.database.db, { bookingHorizonDays: 5 });
    const runs = await Promise.all([make([scenario.scheduleId]), make([scenario.scheduleId])]);
    const sessions = await sessionsOf(api.database.db, scenario.scheduleId);
    expect(runs[0].made + runs[1].made).toBe(sessions.length);
    expect(new Set(sessions.map((session) => session.occurrenceDate)).size).toBe(sessions.length);
  });

  it("skips an occurrence whose instructor is already taken then, and still makes the others", async () => {
    // Weekdays two and three days ahead in UTC, so at least a day ahead wherever the place is: no occurrence is so
    // close to now that one class's is past and the other's not, and the horizon never splits a day's two.
    const [clashDay, freeDay] = [2, 3].map((ahead) => new Date(Date.now() + ahead * 86_400_000).getUTCDay());
    const scenario = await createClassScenario(api.database.db, {
      rrule: `FREQ=WEEKLY;BYDAY=${RRULE_DAYS[clashDay ?? 0]}`,
      bookingHorizonDays: 21,
    });
    await make([scenario.scheduleId]);
    const clashing = (await sessionsOf(api.database.db, scenario.scheduleId)).length;
    // The same instructor on both days at 18:30: the first day's meet the 18:00 class.
    const second = await addClassSchedule(api.database.db, scenario, {
      rrule: `FREQ=WEEKLY;BYDAY=${RRULE_DAYS[clashDay ?? 0]},${RRULE_DAYS[freeDay ?? 0]}`,
      startsAt: "18:30",
    });
    warnings.length = 0;
    const result = await make([second]);
    expect(result.clashed).toBe(clashing);
    const made = await sessionsOf(api.database.db, second);
    expect(made.length).toBe(result.made);
    expect(made.length).toBeGreaterThanOrEqual(2);
    for (const session of made) {
      // ISO weekdays run Monday 1 … Sunday 7; getUTCDay, Sunday 0 … Saturday 6.
      expect(localMomentAt(session.startsAt.getTime(), scenario.timeZone).weekday % 7).toBe(freeDay);
    }
    expect(warnings).toHaveLength(clashing);
    expect(warnings[0]).toMatchObject({ classScheduleId: second });
  });

  it("makes no session of a called-off occurrence and makes a moved one at its new time", async () => {
    const scenario = await createClassScenario(api.database.db, { bookingHorizonDays: 7 });
    const today = localMomentAt(Date.now(), scenario.timeZone).date;
    const off = addDays(today, 2);
    const moved = addDays(today, 3);
    const movedTo = zonedTimeToEpochMs(addDays(today, 4), "09:00", scenario.timeZone);
    await addClassException(api.database.db, scenario.scheduleId, off, null);
    await addClassException(api.database.db, scenario.scheduleId, moved, new Date(movedTo));
    await make([scenario.scheduleId]);
    const sessions = await sessionsOf(api.database.db, scenario.scheduleId);
    expect(sessions.map((session) => session.occurrenceDate)).not.toContain(off);
    expect(sessions.find((session) => session.occurrenceDate === moved)?.startsAt.getTime()).toBe(movedTo);
  });

  it("cancels a session already made when its occurrence is called off, and tells each client with a place", async () => {
    const scenario = await createClassScenario(api.database.db, { bookingHorizonDays: 7 });
    await make([scenario.scheduleId]);
    const [, session] = await sessionsOf(api.database.db, scenario.scheduleId);
    if (!session?.occurrenceDate) throw new Error("no session");
    const client = await createTestClient(api.database.db);
    const place = await takeSeats(api.database.db, session.id, client.id, 2);
    await addClassException(api.database.db, scenario.scheduleId, session.occurrenceDate, null);
    expect(await make([scenario.scheduleId])).toMatchObject({ made: 0, cancelled: 1 });

    const after = (await sessionsOf(api.database.db, scenario.scheduleId)).find((each) => each.id === session.id);
    expect(after?.cancelledAt).not.toBeNull();
    expect(after?.seatsTaken).toBe(0);
    expect((await claimsOf(session.id)).every((claim) => !claim.live)).toBe(true);
    const [row] = await api.database.db
      .select({ statusId: appointmentClients.statusId })
      .from(appointmentClients)
      .where(eq(appointmentClients.id, place));
    expect(row?.statusId).toBe(APPOINTMENT_STATUS.cancelled);
    const notices = await api.database.db
      .select({ key: scheduledJobs.key })
      .from(scheduledJobs)
      .where(
        and(
          eq(scheduledJobs.kind, "appointment.notice"),
          inArray(scheduledJobs.key, [
            `appointment-client:${place}:cancelled:1:notification`,
            `appointment-client:${place}:cancelled:1:mail`,
          ]),
        ),
      );
    expect(notices).toHaveLength(2);
    // Called off twice is cancelled once.
    expect(await make([scenario.scheduleId])).toMatchObject({ cancelled: 0 });
  });
});

describe("a day the location is closed", () => {
  it("has no session, and a day of other hours only the sessions within them", async () => {
    const scenario = await createClassScenario(api.database.db, { bookingHorizonDays: 7 });
    const today = localMomentAt(Date.now(), scenario.timeZone).date;
    const closed = addDays(today, 2);
    const short = addDays(today, 3);
    await api.database.db.insert(scheduleExceptions).values([
      { locationId: scenario.locationId, date: closed, startsAt: null, endsAt: null },
      { locationId: scenario.locationId, date: short, startsAt: "09:00", endsAt: "14:00" },
    ]);
    await make([scenario.scheduleId]);
    const dates = (await sessionsOf(api.database.db, scenario.scheduleId)).map((session) => session.occurrenceDate);
    expect(dates).not.toContain(closed);
    expect(dates).not.toContain(short);
    expect(dates).toContain(addDays(today, 4));
  });
});

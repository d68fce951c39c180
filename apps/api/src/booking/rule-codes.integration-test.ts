import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument, ErrorObject } from "@termin/contracts/jsonapi";
import { appointmentClients } from "@termin/db/booking-schema";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { MAX_LIVE_HOLDS } from "./booking-holds.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../testing/test-clients.ts";
import { at, bookedIds, bookingRequests, dayAhead, type RequestedServiceBody } from "./testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./testing/booking-scenario.ts";

// Each booking rule refuses with its own code (docs/api-errors.md), meta.reason naming it and source.pointer at the
// member to change; the answer check of startTestApi fails the file if an operation does not list a code it sent.

let api: TestApi;
let client: TestClient;
/** Bookable from 3 days ahead to 30 days ahead, 09:00-17:00 on a 15-minute grid, 24 hours' notice to cancel. */
let place: BookingScenario;

const NOTICE_MINUTES = 3 * 24 * 60;
const WINDOW_DAYS = 30;

beforeAll(async () => {
  api = await startTestApi();
  client = await createTestClient(api.database.db);
  place = await createBookingScenario(api.database.db, {
    settings: {
      bookingLeadTimeMinutes: NOTICE_MINUTES,
      bookingHorizonDays: WINDOW_DAYS,
      cancellationNoticeHours: 24,
    },
  });
});
afterAll(() => api.close());

const requests = () => bookingRequests(api.baseUrl);
const service = (scenario: BookingScenario, startsAt: string, more: Partial<RequestedServiceBody> = {}) => ({
  service_price_id: String(scenario.servicePriceId),
  starts_at: startsAt,
  ...more,
});

/** The one error of a 422, with its code. */
async function refused(response: Response, status = 422): Promise<ErrorObject> {
  expect(response.status, await response.clone().text()).toBe(status);
  const { errors } = await readJson<ErrorDocument>(response);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  if (!error) throw new Error("no error");
  expect(error.meta?.reason).toBe(error.code);
  return error;
}

const STARTS_AT = "/data/attributes/services/0/starts_at";

describe("a time that is never a slot", () => {
  it.each([
    ["time_passed", () => at(place, dayAhead(place, -1), "10:00"), {}],
    ["before_minimum_notice", () => at(place, dayAhead(place, 1), "10:00"), { minimum_notice_minutes: NOTICE_MINUTES }],
    ["beyond_booking_window", () => at(place, dayAhead(place, 40), "10:00"), { booking_window_days: WINDOW_DAYS }],
    ["not_on_time_grid", () => at(place, dayAhead(place, 5), "10:07"), {}],
    ["outside_working_hours", () => at(place, dayAhead(place, 5), "20:00"), {}],
  ] as const)("is refused as %s, at starts_at", async (code, startsAt, meta) => {
    const error = await refused(await requests().book(client, [service(place, startsAt())]));
    expect(error).toMatchObject({
      status: "422",
      code,
      source: { pointer: STARTS_AT },
      meta: { reason: code, ...meta },
    });
  });

  it("quotes the notice and the window in the detail", async () => {
    const soon = await refused(await requests().book(client, [service(place, at(place, dayAhead(place, 1), "10:00"))]));
    expect(soon.detail).toBe("This time is too soon: this place takes bookings at least 72 hours ahead.");
    const far = await refused(await requests().hold(client, place, at(place, dayAhead(place, 40), "10:00")));
    expect(far).toMatchObject({ code: "beyond_booking_window", source: { pointer: "/data/attributes/starts_at" } });
    expect(far.detail).toBe("This time is too far ahead: this place takes bookings at most 30 days ahead.");
  });

  it("is refused as missing_resources where the place lacks what the service needs", async () => {
    const short = await createBookingScenario(api.database.db, { resources: { kind: "chair", units: 1, needed: 2 } });
    const error = await refused(await requests().book(client, [service(short, at(short, dayAhead(short), "10:00"))]));
    expect(error).toMatchObject({ code: "missing_resources", source: { pointer: STARTS_AT } });
  });
});

describe("what a booking names", () => {
  it("is refused as no_online_booking at a business that takes bookings by phone only", async () => {
    const byPhone = await createBookingScenario(api.database.db, { settings: { onlineBooking: false } });
    const error = await refused(
      await requests().book(client, [service(byPhone, at(byPhone, dayAhead(byPhone), "10:00"))]),
    );
    expect(error).toMatchObject({ code: "no_online_booking", source: { pointer: "/data/attributes/services/0" } });
  });

  it("is refused as service_not_offered_here, or employee_not_at_location, for another business's place", async () => {
    const other = await createBookingScenario(api.database.db);
    const startsAt = at(place, dayAhead(place, 5), "10:00");
    const atOtherPlace = await fetch(`${api.baseUrl}/v1c/appointments`, {
      method: "POST",
      headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: {
          type: "appointments",
          attributes: { services: [service(place, startsAt)] },
          relationships: { location: { data: { type: "locations", id: String(other.locationId) } } },
        },
      }),
    });
    expect(await refused(atOtherPlace)).toMatchObject({
      code: "service_not_offered_here",
      source: { pointer: "/data/attributes/services/0/service_price_id" },
    });
    const withTheirEmployee = await requests().book(client, [
      service(place, startsAt, { employee_id: String(other.employeeIds[0]) }),
    ]);
    expect(await refused(withTheirEmployee)).toMatchObject({
      code: "employee_not_at_location",
      source: { pointer: "/data/attributes/services/0/employee_id" },
    });
  });

  it("is refused as services_overlap for services of one booking that overlap, at the later one", async () => {
    const date = dayAhead(place, 6);
    const error = await refused(
      await requests().book(client, [
        service(place, at(place, date, "10:00")),
        service(place, at(place, date, "10:30")),
      ]),
    );
    expect(error).toMatchObject({
      code: "services_overlap",
      source: { pointer: "/data/attributes/services/1/starts_at" },
      meta: { earliest_start: at(place, date, "11:00") },
    });
  });

  it("is refused as services_on_several_days for services of one booking on two days, at the later one", async () => {
    const error = await refused(
      await requests().book(client, [
        service(place, at(place, dayAhead(place, 7), "10:00")),
        service(place, at(place, dayAhead(place, 6), "10:00")),
      ]),
    );
    expect(error).toMatchObject({
      code: "services_on_several_days",
      source: { pointer: "/data/attributes/services/0/starts_at" },
    });
  });

  it(`is refused as hold_limit past ${MAX_LIVE_HOLDS} live holds`, async () => {
    const holder = await createTestClient(api.database.db);
    const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
    const starts = [7, 8].flatMap((days) => times.map((time) => at(place, dayAhead(place, days), time)));
    for (const startsAt of starts.slice(0, MAX_LIVE_HOLDS)) {
      expect((await requests().hold(holder, place, startsAt)).status).toBe(201);
    }
    const error = await refused(await requests().hold(holder, place, starts[MAX_LIVE_HOLDS] ?? ""));
    expect(error).toMatchObject({ code: "hold_limit", source: { pointer: "/data" }, meta: { limit: MAX_LIVE_HOLDS } });
  });
});

describe("moving and cancelling", () => {
  async function booked(scenario: BookingScenario, days: number, time = "10:00") {
    return bookedIds(await requests().book(client, [service(scenario, at(scenario, dayAhead(scenario, days), time))]));
  }

  it("refuses a move that changes the services or leaves one without a time", async () => {
    const { appointmentId } = await booked(place, 9);
    const other = await createBookingScenario(api.database.db);
    const newTime = at(place, dayAhead(place, 9), "12:00");
    const changed = await requests().move(client, appointmentId, [
      { service_price_id: String(other.servicePriceId), starts_at: newTime },
    ]);
    expect(await refused(changed)).toMatchObject({
      code: "move_changes_services",
      source: { pointer: "/data/attributes/services/0/service_price_id" },
    });
    const twice = await requests().move(client, appointmentId, [{ starts_at: newTime }, { starts_at: newTime }]);
    expect(await refused(twice)).toMatchObject({
      code: "move_needs_each_service",
      source: { pointer: "/data/attributes/services" },
      meta: { service_count: 1 },
      detail: "This appointment has 1 service: give it a new time.",
    });
  });

  it("refuses to move or cancel a finished appointment (not_movable, not_cancellable) and any status but cancelled", async () => {
    const { appointmentId, appointmentClientId } = await booked(place, 10);
    const other = await fetch(`${api.baseUrl}/v1c/appointment-clients/${appointmentClientId}`, {
      method: "PATCH",
      headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: {
          type: "appointment-clients",
          id: appointmentClientId,
          relationships: { status: { data: { type: "appointment-statuses", id: "2" } } },
        },
      }),
    });
    expect(await refused(other)).toMatchObject({
      code: "only_cancel_allowed",
      source: { pointer: "/data/relationships/status/data/id" },
      meta: { status_id: "4" },
    });
    await api.database.db
      .update(appointmentClients)
      .set({ statusId: APPOINTMENT_STATUS.completed })
      .where(eq(appointmentClients.id, Number(appointmentClientId)));
    const move = await requests().move(client, appointmentId, [{ starts_at: at(place, dayAhead(place, 10), "14:00") }]);
    expect(await refused(move)).toMatchObject({
      code: "not_movable",
      source: { pointer: "/data/attributes/services" },
    });
    expect(await refused(await requests().cancel(client, appointmentClientId))).toMatchObject({
      code: "not_cancellable",
      source: { pointer: "/data/relationships/status" },
    });
  });

  it("refuses a move after the notice as too_late_to_move, saying until when", async () => {
    const strict = await createBookingScenario(api.database.db, {
      settings: { cancellationNoticeHours: 24 * 30, bookingLeadTimeMinutes: 0 },
    });
    const { appointmentId } = await booked(strict, 3);
    const move = await requests().move(client, appointmentId, [
      { starts_at: at(strict, dayAhead(strict, 3), "12:00") },
    ]);
    const error = await refused(move);
    expect(error).toMatchObject({
      code: "too_late_to_move",
      source: { pointer: "/data/attributes/services" },
      meta: { notice_hours: 720, deadline: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/) },
    });
  });
});

describe("in the client's language", () => {
  const refusalIn = async (language: string) => {
    const response = await requests().book(client, [service(place, at(place, dayAhead(place, 1), "10:00"))], {
      "accept-language": language,
    });
    expect(response.headers.get("content-language")).toBe(language.slice(0, 2));
    return refused(response);
  };

  it("words a refusal in Bulgarian under Accept-Language: bg, with the same code, pointer and meta", async () => {
    const english = await refusalIn("en");
    const bulgarian = await refusalIn("bg;q=0.9,en;q=0.8");
    expect(bulgarian.detail).toMatch(/[\u0400-\u04FF]/);
    expect(bulgarian.detail).not.toBe(english.detail);
    expect(bulgarian.detail).toContain("72 часа");
    const { detail: _bg, ...sameInBulgarian } = bulgarian;
    const { detail: _en, ...sameInEnglish } = english;
    expect(sameInBulgarian).toEqual(sameInEnglish);
    expect((await refusalIn("de")).detail).toBe(
      "Diese Zeit ist zu früh: Hier wird mindestens 72 Stunden im Voraus gebucht.",
    );
  });

  it("words a malformed body in the client's language too, keeping invalid_body", async () => {
    const response = await requests().book(client, [{ service_price_id: String(place.servicePriceId) } as never], {
      "accept-language": "bg",
    });
    expect(response.status).toBe(422);
    const { errors } = await readJson<ErrorDocument>(response);
    expect(errors[0]).toMatchObject({
      code: "invalid_body",
      source: { pointer: "/data/attributes/services/0/starts_at" },
      detail: "attributes.services.0.starts_at: това е задължително.",
    });
  });
});

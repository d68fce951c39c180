import { expect } from "vitest";
import { addDays } from "@termin/domain/booking/calendar";
import { formatZonedIso, localMomentAt, zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import { readJson } from "../../testing/start-test-api.ts";
import type { TestClient } from "../../testing/test-clients.ts";
import type { BookingScenario } from "./booking-scenario.ts";

export interface SlotDocument {
  data: Array<{
    id: string;
    attributes: { starts_at: string; ends_at: string };
    relationships: { employees: { data: Array<{ id: string }> } };
  }>;
  meta: { time_zone: string; total: number; online_booking: boolean };
}

export interface RequestedServiceBody {
  service_price_id?: string;
  employee_id?: string | null;
  starts_at: string;
}

/** A date a few days ahead in the scenario's zone. */
export const dayAhead = (scenario: BookingScenario, days = 3) =>
  addDays(localMomentAt(Date.now(), scenario.timeZone).date, days);

/** A wall time on a date in the scenario's zone, as the API writes it ("2026-12-01T10:00:00+02:00"). */
export const at = (scenario: BookingScenario, date: string, time: string) =>
  formatZonedIso(zonedTimeToEpochMs(date, time, scenario.timeZone), scenario.timeZone);

const JSON_API = "application/vnd.api+json";

/** The booking API's requests as a client sends them, against one running API. */
export function bookingRequests(baseUrl: string) {
  const send = (client: TestClient, method: string, path: string, body?: unknown, headers = {}) =>
    fetch(`${baseUrl}/v1c/${path}`, {
      method,
      headers: {
        authorization: client.authorization,
        ...(body === undefined ? {} : { "content-type": JSON_API }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    async slots(
      scenario: BookingScenario,
      date: string,
      client?: TestClient,
      backToBackAt?: string,
    ): Promise<string[]> {
      const after = backToBackAt ? `&filter[back_to_back_at]=${encodeURIComponent(backToBackAt)}` : "";
      const response = await fetch(
        `${baseUrl}/v1c/available-slots?filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&filter[date_from]=${date}&filter[date_to]=${date}${after}`,
        { headers: client ? { authorization: client.authorization } : {} },
      );
      expect(response.status, await response.clone().text()).toBe(200);
      return (await readJson<SlotDocument>(response)).data.map((slot) => slot.attributes.starts_at);
    },

    book: (client: TestClient, services: RequestedServiceBody[], headers: Record<string, string> = {}) =>
      send(
        client,
        "POST",
        "appointments",
        { data: { type: "appointments", attributes: { client_note: "Window seat", services } } },
        headers,
      ),

    move: (client: TestClient, appointmentId: string, services: RequestedServiceBody[], headers = {}) =>
      send(
        client,
        "PATCH",
        `appointments/${appointmentId}`,
        { data: { type: "appointments", id: appointmentId, attributes: { services } } },
        headers,
      ),

    cancel: (client: TestClient, appointmentClientId: string, headers = {}) =>
      send(
        client,
        "PATCH",
        `appointment-clients/${appointmentClientId}`,
        {
          data: {
            type: "appointment-clients",
            id: appointmentClientId,
            relationships: { status: { data: { type: "appointment-statuses", id: "4" } } },
          },
        },
        headers,
      ),

    hold: (
      client: TestClient,
      scenario: BookingScenario,
      startsAt: string,
      employeeId: number | null = null,
      headers = {},
    ) =>
      send(
        client,
        "POST",
        "booking-holds",
        {
          data: {
            type: "booking-holds",
            attributes: { starts_at: startsAt },
            relationships: {
              servicePrice: { data: { type: "service-prices", id: String(scenario.servicePriceId) } },
              employee: { data: employeeId === null ? null : { type: "employees", id: String(employeeId) } },
            },
          },
        },
        headers,
      ),

    /** Seats in the scenario's class session starting at `startsAt`. */
    bookSeats: (client: TestClient, scenario: BookingScenario, startsAt: string, seats: number) =>
      send(client, "POST", "appointments", {
        data: {
          type: "appointments",
          attributes: {
            seats_count: seats,
            services: [{ service_price_id: String(scenario.servicePriceId), starts_at: startsAt }],
          },
        },
      }),

    holdSeats: (client: TestClient, scenario: BookingScenario, startsAt: string, seats: number) =>
      send(client, "POST", "booking-holds", {
        data: {
          type: "booking-holds",
          attributes: { starts_at: startsAt, seats_count: seats },
          relationships: { servicePrice: { data: { type: "service-prices", id: String(scenario.servicePriceId) } } },
        },
      }),

    holds: (client: TestClient) => send(client, "GET", "booking-holds"),
    heldTime: (client: TestClient, holdId: string) => send(client, "GET", `booking-holds/${holdId}`),
    releaseHold: (client: TestClient, holdId: string, headers = {}) =>
      send(client, "DELETE", `booking-holds/${holdId}`, undefined, headers),
  };
}

/** The ids in a 201 booking answer: the appointment and the client's appointment-clients record. */
export async function bookedIds(response: Response): Promise<{ appointmentId: string; appointmentClientId: string }> {
  expect(response.status, await response.clone().text()).toBe(201);
  const document = await readJson<{ data: { id: string }; included: Array<{ type: string; id: string }> }>(response);
  const mine = document.included.find((resource) => resource.type === "appointment-clients");
  if (!mine) throw new Error("a booking answer includes the appointment client");
  return { appointmentId: document.data.id, appointmentClientId: mine.id };
}

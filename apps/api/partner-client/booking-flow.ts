import createClient from "openapi-fetch";
import type { paths } from "./generated/termin-api.ts";
import { signIn, type Authorization } from "./sign-in.ts";

// A partner's booking flow on the client API, typed only by what openapi-typescript generated from the served
// document: no cast, no type of its own. partner-client.integration-test.ts compiles it strictly, then runs it.

export interface FlowInput {
  baseUrl: string;
  /** The code the client's sign-in on our pages sent to the partner's redirect_uri. */
  authorization: Authorization;
  /** The place the partner books at. */
  locationId: string;
  /** The first day to look for a free time (YYYY-MM-DD, the place's own calendar). */
  from: string;
  idempotencyKey: string;
}

/** The API's client: lists (include, sort, enums) written comma-separated, as the document's parameters say. */
export function apiClient(baseUrl: string, token?: string) {
  return createClient<paths>({
    baseUrl,
    querySerializer: { array: { style: "form", explode: false } },
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  });
}

function answered<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/** Reads the offer, books its first free time idempotently, reads the booking back, lists and cancels it. */
export async function walkBookingFlow(input: FlowInput) {
  const publicApi = apiClient(input.baseUrl);
  const location = answered(
    "location",
    await publicApi.GET("/v1c/locations/{id}", { params: { path: { id: input.locationId } } }),
  );
  const services = answered(
    "services",
    await publicApi.GET("/v1c/services", {
      params: { query: { "filter[location]": input.locationId, include: ["servicePrices"], sort: ["name"] } },
    }),
  );
  // `included` narrows by type: these are service-prices, attributes and all.
  const prices = (services.included ?? []).flatMap((resource) =>
    resource.type === "service-prices" ? [resource] : [],
  );
  const [price] = prices;
  if (!price) throw new Error("the place offers no service price");
  const employees = answered(
    "employees",
    await publicApi.GET("/v1c/employees", { params: { query: { "filter[location]": input.locationId } } }),
  );
  const slots = answered(
    "available slots",
    await publicApi.GET("/v1c/available-slots", {
      params: {
        query: {
          "filter[service_price_id]": price.id,
          "filter[location_id]": input.locationId,
          "filter[date_from]": input.from,
          include: ["employees"],
        },
      },
    }),
  );
  const [slot] = slots.data;
  if (!slot) throw new Error("no free time");

  const api = apiClient(input.baseUrl, await signIn(input.baseUrl, input.authorization));
  const book = () =>
    api.POST("/v1c/appointments", {
      params: { header: { "Idempotency-Key": input.idempotencyKey } },
      body: {
        data: {
          type: "appointments",
          attributes: { services: [{ service_price_id: price.id, employee_id: null, starts_at: slot.id }] },
        },
      },
    });
  const booked = await book();
  const appointment = answered("booking", booked);
  const replay = await book();
  const [appointmentClient] = appointment.included.flatMap((resource) =>
    resource.type === "appointment-clients" ? [resource] : [],
  );
  if (!appointmentClient) throw new Error("the booking's answer has no appointment-clients record");
  const readBack = answered(
    "appointment",
    await api.GET("/v1c/appointments/{id}", { params: { path: { id: appointment.data.id } } }),
  );
  const upcoming = answered(
    "appointment clients",
    await api.GET("/v1c/appointment-clients", {
      params: { query: { "filter[when]": "upcoming", include: ["status", "location"] } },
    }),
  );
  const cancelled = answered(
    "cancel",
    await api.PATCH("/v1c/appointment-clients/{id}", {
      params: { path: { id: appointmentClient.id } },
      body: {
        data: {
          type: "appointment-clients",
          id: appointmentClient.id,
          relationships: { status: { data: { type: "appointment-statuses", id: "4" } } },
        },
      },
    }),
  );
  const statuses = (upcoming.included ?? []).flatMap((resource) =>
    resource.type === "appointment-statuses" ? [resource.attributes.name] : [],
  );
  return {
    locationName: location.data.attributes.name,
    prices: prices.map((each) => each.id),
    employeeIds: employees.data.map((each) => each.id),
    slotCount: slots.meta.total,
    timeZone: slots.meta.time_zone,
    slot: {
      startsAt: slot.attributes.starts_at,
      employeeIds: slot.relationships?.employees?.data.map((each) => each.id),
    },
    booked: {
      status: booked.response.status,
      location: booked.response.headers.get("Location"),
      appointmentId: appointment.data.id,
      startsAt: appointment.data.attributes.starts_at,
      self: appointment.data.links?.self,
    },
    replay: { status: replay.response.status, replayed: replay.response.headers.get("Idempotent-Replayed") },
    readBack: { id: readBack.data.id, startsAt: readBack.data.attributes.starts_at },
    upcoming: { ids: upcoming.data.map((each) => each.id), total: upcoming.meta.total, statuses },
    cancelled: {
      id: cancelled.data.id,
      status: cancelled.data.relationships?.status?.data?.id,
      cancellableUntil: cancelled.data.attributes.cancellable_until,
    },
  };
}

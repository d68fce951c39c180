import { afterAll, beforeAll, expect, it } from "vitest";
import { media } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { at, bookingRequests, dayAhead } from "../booking/testing/booking-requests.ts";
import { createBookingScenario } from "../booking/testing/booking-scenario.ts";

// A partner's page on another origin reads pictures from any origin, and the calendar file and the API's JSON from
// the origins CORS_ORIGINS lists.

const PARTNER = "https://partner.example";
const STRANGER = "https://stranger.example";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true, env: { CORS_ORIGINS: PARTNER } });
});
afterAll(() => api.close());

const fromPage = (path: string, origin: string) => fetch(`${api.baseUrl}${path}`, { headers: { origin } });

it("lets a page on any origin read a picture", async () => {
  const [picture] = await api.database.db.select({ id: media.id }).from(media).limit(1);
  for (const origin of [PARTNER, STRANGER]) {
    const answer = await fromPage(`/images/${picture?.id}?s=390`, origin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
  }
});

it("lets the listed origins read a client's calendar file and the API's JSON, and no other origin", async () => {
  const scenario = await createBookingScenario(api.database.db);
  const client = await createTestClient(api.database.db);
  const booked = await bookingRequests(api.baseUrl).book(client, [
    { service_price_id: String(scenario.servicePriceId), starts_at: at(scenario, dayAhead(scenario), "10:00") },
  ]);
  expect(booked.status).toBe(201);
  const document = await readJson<{ included: Array<{ type: string; attributes: Record<string, unknown> }> }>(booked);
  const link = document.included.find((resource) => resource.type === "appointment-clients")?.attributes
    .ics_download_link;
  const path = new URL(String(link)).pathname;

  const partner = await fromPage(path, PARTNER);
  expect(partner.status).toBe(200);
  expect(partner.headers.get("content-type")).toContain("text/calendar");
  expect(partner.headers.get("access-control-allow-origin")).toBe(PARTNER);
  expect(partner.headers.get("access-control-expose-headers")).toContain("content-disposition");
  const stranger = await fromPage(path, STRANGER);
  expect(stranger.status).toBe(200);
  expect(stranger.headers.get("access-control-allow-origin")).toBeNull();

  expect((await fromPage("/v1c/business-types", PARTNER)).headers.get("access-control-allow-origin")).toBe(PARTNER);
  expect((await fromPage("/v1c/business-types", STRANGER)).headers.get("access-control-allow-origin")).toBeNull();
});

it("lets the origins a business allows to embed it call the API too, on any port a :* pattern allows", async () => {
  // The demo allows http://localhost:* and http://127.0.0.1:* (a site developed on this machine).
  for (const origin of ["http://localhost:5173", "http://127.0.0.1:8080"]) {
    const preflight = await fetch(`${api.baseUrl}/v1c/business-types`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(preflight.headers.get("access-control-allow-origin"), origin).toBe(origin);
    expect((await fromPage("/v1c/business-types", origin)).headers.get("access-control-allow-origin")).toBe(origin);
  }
  for (const origin of ["http://evil.localhost:5173", "https://localhost:5173"]) {
    expect((await fromPage("/v1c/business-types", origin)).headers.get("access-control-allow-origin")).toBeNull();
  }
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locations } from "@termin/db/catalogue-schema";
import { at, bookingRequests, dayAhead } from "@termin/api/booking/testing/booking-requests";
import { createBookingScenario } from "@termin/api/booking/testing/booking-scenario";
import { createTestClient, type TestClient } from "@termin/api/testing/test-clients";
import { startTestWebServer, type TestWebServer } from "./testing/start-test-web-server.ts";

// What is kept in memory for a second (pages, public API documents, tokens found valid: decisions 0029 and 0039) is
// forgotten when data it shows was written, not whenever anyone posts: a cookie consent, a sign-up or a token
// refresh keeps it.

let server: TestWebServer;
let location: { id: number; slug: string };

beforeAll(async () => {
  server = await startTestWebServer({ demoData: true });
  const [first] = await server.database.db
    .select({ id: locations.id, slug: locations.slug })
    .from(locations)
    .orderBy(locations.id)
    .limit(1);
  if (!first) throw new Error("the demo data has locations");
  location = first;
  // The first page compiles the app (Vite): not part of any measured second below.
  await (await fetch(`${server.url}/en/location/${location.slug}`)).text();
}, 120_000);
afterAll(() => server.close());

/** Renamed in the database directly, as a script would: nothing is announced. */
const rename = (name: string) =>
  server.database.db.update(locations).set({ name }).where(eq(locations.id, location.id));

/** The location's name as the kept API document and the kept page show it. */
async function shown(): Promise<{ document: string; page: string }> {
  const document = await (await fetch(`${server.url}/v1c/locations/${location.id}`)).text();
  const page = await (await fetch(`${server.url}/en/location/${location.slug}`)).text();
  return { document, page };
}

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${randomIp()}`, ...headers },
    body: JSON.stringify(body),
  });
const randomIp = () => `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A write the caches must hear of: the client saves the location (user-locations). */
async function saveLocation(client: TestClient): Promise<void> {
  const saved = await fetch(`${server.url}/v1c/user-locations`, {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "user-locations",
        relationships: { location: { data: { type: "locations", id: String(location.id) } } },
      },
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
}

/**
 * Whether what was kept before `action` is still shown after it: the name is changed behind the caches' back, so
 * only a forgotten cache shows the new one. Tried again when the try outlasted the second the answers are fresh
 * for (a slow machine), since an aged answer is made anew whatever happened.
 */
async function keptAfter(action: () => Promise<void>): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = `Kept ${randomUUID()}`;
    await rename(before);
    // Forgets everything, so the answers below are made now and fresh for a whole second.
    await saveLocation(await createTestClient(server.database.db));
    const made = performance.now();
    const first = await shown();
    expect(first.document).toContain(before);
    expect(first.page).toContain(before);
    await rename(`Changed ${randomUUID()}`);
    await action();
    const after = await shown();
    if (performance.now() - made > 800) continue;
    const keptDocument = after.document.includes(before);
    const keptPage = after.page.includes(before);
    expect(keptPage, "the page and the document are kept or forgotten together").toBe(keptDocument);
    return keptDocument;
  }
  throw new Error("every try outlasted the second a kept answer is fresh for");
}

describe("kept pages and documents", () => {
  it("are kept through a cookie consent", async () => {
    const consent = async () => {
      const answer = await fetch(`${server.url}/cookie-consent`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "redirectTo=%2Fen%2Fhome",
        redirect: "manual",
      });
      expect(answer.status).toBe(302);
    };
    expect(await keptAfter(consent)).toBe(true);
  });

  it("are kept through a sign-up, a password sign-in and a token refresh", async () => {
    let email = "";
    let refreshToken = "";
    // A new address each try: keptAfter may try again.
    const signUp = async () => {
      email = `kept-${randomUUID()}@example.test`;
      const answer = await post("/auth/sign-up", {
        email,
        password: "a lilac door in winter",
        first_name: "Mila",
        last_name: "Petrova",
        language: "en",
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      refreshToken = ((await answer.json()) as { refresh_token: string }).refresh_token;
    };
    expect(await keptAfter(signUp)).toBe(true);
    const signIn = async () => {
      const answer = await post("/auth/token", {
        grant_type: "password",
        username: email,
        password: "a lilac door in winter",
      });
      expect(answer.status).toBe(200);
    };
    expect(await keptAfter(signIn)).toBe(true);
    const refresh = async () => {
      const answer = await post("/auth/token", { grant_type: "refresh_token", refresh_token: refreshToken });
      expect(answer.status).toBe(200);
      refreshToken = ((await answer.json()) as { refresh_token: string }).refresh_token;
    };
    expect(await keptAfter(refresh)).toBe(true);
  });

  it("are forgotten after a write of what they show (a saved place, a booking), and a revoked token is refused at once", async () => {
    expect(await keptAfter(async () => saveLocation(await createTestClient(server.database.db)))).toBe(false);
    const scenario = await createBookingScenario(server.database.db);
    let day = 2;
    const book = async () => {
      day += 1;
      const booked = await bookingRequests(server.url).book(await createTestClient(server.database.db), [
        {
          service_price_id: String(scenario.servicePriceId),
          starts_at: at(scenario, dayAhead(scenario, day), "10:00"),
        },
      ]);
      expect(booked.status, await booked.clone().text()).toBe(201);
    };
    expect(await keptAfter(book)).toBe(false);

    const client = await createTestClient(server.database.db);

    const me = () => fetch(`${server.url}/v1c/clients/me`, { headers: { authorization: client.authorization } });
    expect((await me()).status).toBe(200);
    const revoked = await post("/auth/revoke", { token: client.tokens.refresh_token });
    expect(revoked.status).toBe(200);
    // The token was found valid a moment ago (kept for a second): signing out forgets it.
    expect((await me()).status).toBe(401);
  });
});

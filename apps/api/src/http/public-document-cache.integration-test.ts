import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { locations } from "@termin/db/catalogue-schema";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import { freePort, startServer, type RunningServer } from "../../../../test/spawn-server.ts";
import { createBookingScenario, type BookingScenario } from "../booking/testing/booking-scenario.ts";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { PUBLIC_DOCUMENT_LIFETIME_SECONDS } from "./public-document-cache.ts";

// Public API documents kept in memory for a second or two (decision 0029), as clients see it over HTTP.

let api: TestApi;
let scenario: BookingScenario;
let queries: string[] = [];
let dataDir: string | undefined;
/** On PostgreSQL a second API process on the same database, as production runs; on PGlite the one process. */
let other: RunningServer | undefined;
beforeAll(async () => {
  api = await startTestApi({ onQuery: (query) => queries.push(query) });
  scenario = await createBookingScenario(api.database.db);
  if (api.databaseUrl === undefined) return;
  dataDir = await mkdtemp(join(tmpdir(), "termin-documents-"));
  other = await startServer({
    port: await freePort(),
    dataDir,
    readyPath: "/healthz",
    entry: "apps/api/src/main.ts",
    env: { DATABASE_URL: api.databaseUrl },
  });
}, 120_000);
afterAll(async () => {
  await other?.stop();
  await api?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const locationUrl = (baseUrl = api.baseUrl) =>
  `${baseUrl}/v1c/locations?filter[id]=${scenario.locationId}&include=city`;
const nameIn = async (response: Response) =>
  (await readJson<CollectionDocument<LocationResource>>(response)).data[0]?.attributes.name;
const rename = (name: string) =>
  api.database.db.update(locations).set({ name }).where(eq(locations.id, scenario.locationId));

/** The database queries `ask` causes. */
async function queriesOf(ask: () => Promise<unknown>): Promise<number> {
  queries = [];
  await ask();
  return queries.length;
}

it("reads a public document from the database once for many clients asking at once, and says how long it keeps", async () => {
  const url = `${locationUrl()}&sort=name`;
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url)));
  const oneAlone = await queriesOf(() => fetch(url, { headers: { "cache-control": "no-cache" } }));
  expect(oneAlone).toBeGreaterThan(0);
  expect(queries.length).toBe(oneAlone);
  const [first] = answers;
  expect(new Set(await Promise.all(answers.map((answer) => answer.text())))).toHaveProperty("size", 1);
  expect(first?.headers.get("cache-control")).toBe("public, max-age=1, stale-while-revalidate=1");
  expect(first?.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Authorization, Origin");
  expect(first?.headers.get("content-type")).toBe("application/vnd.api+json");
  const etag = first?.headers.get("etag") ?? "";
  expect(etag).toMatch(/^W\/"/);
  const notModified = await fetch(url, { headers: { "if-none-match": etag } });
  expect(notModified.status).toBe(304);
  expect(await queriesOf(() => fetch(url))).toBe(0);
});

it("keeps one document per language, each as the API makes it", async () => {
  const url = `${api.baseUrl}/v1c/business-types`;
  for (const language of ["bg", "en", "de", "bg"]) {
    const headers = { "accept-language": language };
    const kept = await fetch(url, { headers });
    const fresh = await fetch(url, { headers: { ...headers, "cache-control": "no-cache" } });
    expect(kept.headers.get("content-language")).toBe(language);
    expect(await kept.text()).toBe(await fresh.text());
  }
});

it("answers a client with a token from the database every time, and never says public", async () => {
  const client = await createTestClient(api.database.db);
  const headers = { authorization: client.authorization };
  await fetch(locationUrl(), { headers });
  expect(await queriesOf(() => fetch(locationUrl(), { headers }))).toBeGreaterThan(0);
  expect((await fetch(locationUrl(), { headers })).headers.get("cache-control")).toBe("private, no-store");
});

it("never keeps free times: each request reads them", async () => {
  const slots = `${api.baseUrl}/v1c/available-slots?filter[service_price_id]=${scenario.servicePriceId}&filter[location_id]=${scenario.locationId}&filter[date_from]=2030-01-07&filter[date_to]=2030-01-07`;
  const first = await fetch(slots);
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-control")).toBe("private, no-store");
  expect(await queriesOf(() => fetch(slots))).toBeGreaterThan(0);
});

/** Saves the location for a new client: a write through the API that changes no public document. */
async function writeSomething(): Promise<void> {
  const client = await createTestClient(api.database.db);
  const save = await fetch(`${api.baseUrl}/v1c/user-locations`, {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "user-locations",
        relationships: { location: { data: { type: "locations", id: String(scenario.locationId) } } },
      },
    }),
  });
  expect(save.status).toBe(201);
}

it("after a write through the API, makes the next document afresh: the writer reads what was written", async () => {
  await rename("Named before");
  await vi.waitFor(async () => expect(await nameIn(await fetch(locationUrl()))).toBe("Named before"), {
    timeout: 5_000,
  });
  await rename("Renamed before a write");
  expect(await nameIn(await fetch(locationUrl()))).toBe("Named before");
  await writeSomething();
  expect(await nameIn(await fetch(locationUrl()))).toBe("Renamed before a write");
});

it("after a write through one process, the other processes on the database forget within milliseconds", async () => {
  const otherUrl = locationUrl(other?.url ?? api.baseUrl);
  await rename("Named in both");
  await vi.waitFor(async () => expect(await nameIn(await fetch(otherUrl))).toBe("Named in both"), {
    timeout: 5_000,
  });
  await rename("Renamed, then a write");
  await writeSomething();
  const written = performance.now();
  await vi.waitFor(async () => expect(await nameIn(await fetch(otherUrl))).toBe("Renamed, then a write"), {
    timeout: 5_000,
    interval: 10,
  });
  // Well within the second the document is fresh for: the other process was told, it did not age out.
  expect(performance.now() - written).toBeLessThan(500);
});

it("shows a change made elsewhere (another process, a script) within the stated lifetime", async () => {
  await fetch(locationUrl());
  await rename("Renamed elsewhere");
  const changed = performance.now();
  await vi.waitFor(async () => expect(await nameIn(await fetch(locationUrl()))).toBe("Renamed elsewhere"), {
    timeout: PUBLIC_DOCUMENT_LIFETIME_SECONDS * 1000 + 1000,
    interval: 50,
  });
  expect(performance.now() - changed).toBeLessThan(PUBLIC_DOCUMENT_LIFETIME_SECONDS * 1000 + 200);
});

import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dayAhead } from "./booking/testing/booking-requests.ts";
import { createBookingScenario, type BookingScenario } from "./booking/testing/booking-scenario.ts";
import { readJson, startTestApi, type TestApi } from "./testing/start-test-api.ts";
import { createTestClient, type TestClient } from "./testing/test-clients.ts";
import { addOAuthClient } from "./oauth/oauth-client-registry.ts";
import { authorizeSteps, pkcePair } from "./oauth/testing/code-flow.ts";

// What a partner does with the served document: generate types with openapi-typescript, compile a client written on
// openapi-fetch strictly (no cast, no type of its own; its @ts-expect-error lines prove the types catch mistakes),
// then book, read and cancel with it against the running API.

const run = promisify(execFile);
const clientDirectory = new URL("../partner-client/", import.meta.url);
const generated = new URL("generated/termin-api.ts", clientDirectory);

/** What the test reads of the flow's observations (booking-flow.ts, which the compiler checked, writes them). */
interface Observed {
  prices: string[];
  employeeIds: string[];
  slotCount: number;
  timeZone: string;
  slot: { startsAt: string; employeeIds?: string[] };
  booked: { status: number; location: string | null; appointmentId: string; startsAt: string; self?: string };
  replay: { status: number; replayed: string | null };
  readBack: { id: string; startsAt: string };
  upcoming: { ids: string[]; total: number; statuses: string[] };
  cancelled: { id: string; status?: string; cancellableUntil: string | null };
}

const PARTNER = "typed-partner";
const REDIRECT_URI = "http://127.0.0.1:8765/callback";

let api: TestApi;
let scenario: BookingScenario;
let client: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  scenario = await createBookingScenario(api.database.db);
  client = await createTestClient(api.database.db);
  await addOAuthClient(api.database.db, {
    id: PARTNER,
    name: "Salon Aurora App",
    type: "public",
    redirectUris: ["http://127.0.0.1/callback"],
  });
});
afterAll(() => api?.close());

/** The types of the served document, written whole or not at all (both databases' runs write the same file). */
async function generateTypes(): Promise<void> {
  const document = await readJson<OpenAPI3>(await fetch(`${api.baseUrl}/v1c/openapi.json`));
  const source = astToString(await openapiTS(document));
  await mkdir(new URL("generated/", clientDirectory), { recursive: true });
  const partial = new URL(`generated/.termin-api-${randomUUID()}.ts`, clientDirectory);
  await writeFile(partial, source);
  await rename(partial, generated);
}

it(
  "compiles a client typed from the served document, signs a client in with the code flow, and books, reads and cancels with it",
  { timeout: 180_000 },
  async () => {
    await generateTypes();
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const compiled = await run(process.execPath, [tsc, "-p", new URL("tsconfig.json", clientDirectory).pathname]).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "tsc failed" }),
    );
    expect(compiled.stdout).toBe("");

    // Loaded by its address: its types exist only once generated, so the API's own typecheck must not follow it.
    const pkce = pkcePair();
    const flowModule: string = new URL("booking-flow.ts", clientDirectory).href;
    const { walkBookingFlow } = (await import(flowModule)) as { walkBookingFlow: (input: object) => Promise<Observed> };
    const seen = await walkBookingFlow({
      baseUrl: api.baseUrl,
      // The browser's part (our sign-in and consent pages, oauth.e2e.ts walks them in Chromium) gives the code.
      authorization: {
        clientId: PARTNER,
        redirectUri: REDIRECT_URI,
        code: await authorizeSteps(() => api).codeFor(PARTNER, client, pkce.challenge, REDIRECT_URI),
        codeVerifier: pkce.verifier,
      },
      locationId: String(scenario.locationId),
      from: dayAhead(scenario),
      idempotencyKey: randomUUID(),
    });

    expect(seen.prices).toEqual([String(scenario.servicePriceId)]);
    expect(seen.employeeIds.toSorted()).toEqual(scenario.employeeIds.map(String).toSorted());
    expect(seen.slotCount).toBeGreaterThan(0);
    expect(seen.timeZone).toBe(scenario.timeZone);
    expect(seen.slot.employeeIds?.length).toBeGreaterThan(0);
    expect(seen.booked).toMatchObject({ status: 201, startsAt: seen.slot.startsAt });
    expect(seen.booked.location).toBe(seen.booked.self);
    // The same key and body: the first answer again, said to be a replay.
    expect(seen.replay).toEqual({ status: 201, replayed: "true" });
    expect(seen.readBack).toEqual({ id: seen.booked.appointmentId, startsAt: seen.slot.startsAt });
    expect(seen.upcoming.total).toBe(1);
    expect(seen.upcoming.statuses).toEqual(["new"]);
    expect(seen.cancelled).toMatchObject({ id: seen.upcoming.ids[0], status: "4", cancellableUntil: null });
  },
);

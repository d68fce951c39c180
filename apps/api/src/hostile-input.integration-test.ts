import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "@termin/db/raw-rows";
import type { OpenApiDocument, Operation } from "./docs/openapi.ts";
import { startTestApi, type TestApi } from "./testing/start-test-api.ts";
import { createTestClient, type TestClient } from "./testing/test-clients.ts";

// Every operation of the API document, attacked with hostile input (docs/decisions/0024-input-edge.md). The
// operations come from the document itself, so an endpoint added tomorrow is covered without being listed here.

interface Attack {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** Path and query values as they go on the wire (already percent-encoded where they must be). */
const HOSTILE_VALUES = [
  "%00",
  "a%00b",
  "%FF",
  "%C3%28",
  "%ED%A0%80", // a UTF-16 surrogate encoded as UTF-8: not valid UTF-8
  "%F4%90%80%80", // past U+10FFFF
  "-1",
  "0",
  "99999999999999999999",
  "2147483648",
  "1e309",
  "NaN",
  "2026-02-30",
  "9999-99-99",
  "x".repeat(10_000),
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "'%20OR%201=1--",
];

/** Any string, encoded byte by byte; lone surrogates (which encodeURIComponent refuses) as their UTF-8-like bytes. */
const encodeAnyString = (value: string) =>
  [...value].map((character) => (character.isWellFormed() ? encodeURIComponent(character) : "%ED%A0%80")).join("");

/** fast-check's hostile values: raw bytes that may not be UTF-8, any UTF-16 text, numbers far outside any column. */
const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("")),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).map(encodeAnyString),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
  fc.integer({ min: 1_001, max: 12_000 }).map((length) => "9".repeat(length)),
);

const JSON_TYPE = "application/json";
const JSONAPI_TYPE = "application/vnd.api+json";
const deeplyNested = "[".repeat(10_000) + "]".repeat(10_000);

/** Bodies no operation accepts: not JSON, not a document, the wrong shapes, too big, too deep. */
function brokenBodies(contentType: string): Array<{ headers: Record<string, string>; body: string | Uint8Array }> {
  const json = (body: string) => ({ headers: { "content-type": contentType }, body });
  return [
    json("{not json"),
    json("null"),
    json("[]"),
    json('"text"'),
    json("{}"),
    json('{"data": {"type": "no-such-type", "attributes": {}}}'),
    json('{"data": {"type": "locations", "id": "1", "attributes": {"name": "\\u0000"}}}'),
    json('{"data": null}'),
    json('{"data": []}'),
    json('{"data": {"type": 1, "attributes": [], "relationships": "x"}}'),
    json(
      '{"grant_type": ["password"], "username": {"a": 1}, "password": 12, "email": "\\u0000@x", "token": "\\ud800"}',
    ),
    json(`{"data": {"type": "x", "attributes": {"name": "${"y".repeat(2 * 1024 * 1024)}"}}}`),
    json(deeplyNested),
    { headers: { "content-type": "text/plain" }, body: "plain text" },
    { headers: { "content-type": "application/xml" }, body: "<a/>" },
    { headers: { "content-type": contentType }, body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]) },
  ];
}

const ODD_HEADERS: Array<Record<string, string>> = [
  { authorization: "Bearer" },
  { authorization: "Bearer \u00ff\u00fe" },
  { authorization: `Bearer ${"a".repeat(10_000)}` },
  { authorization: "Basic dXNlcjpwYXNz" },
  { "accept-language": "*;q=nonsense,,;;" },
  { "accept-language": "x".repeat(8_000) },
  { "accept-language": "\u00ff\u00fe;q=2" },
];

function operationsOf(document: OpenApiDocument): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

/** The path with every `{parameter}` set: to the hostile value for `target`, else to something ordinary. */
function fillPath(path: string, target?: string, value?: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === target ? (value ?? "") : "1"));
}

const INTERNALS = /\bat \S+ \(|node_modules|\bSELECT\b|\bINSERT\b|drizzle|pglite|postgres|syntax error|FST_ERR/i;

// Each test sends thousands of requests: some 12 s alone, and more than the default 30 s when the booking load test
// (60 s of two API processes) shares the 2 cores with it.
describe("hostile input over every operation of the API document", { timeout: 120_000 }, () => {
  let api: TestApi;
  let client: TestClient;
  let document: OpenApiDocument;
  let before: Map<string, string>;

  /** A digest of every table except rate-limit counters (a refused sign-in attempt is counted by design). */
  async function databaseDigest(): Promise<Map<string, string>> {
    const tables = await rawRows<{ name: string }>(
      api.database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_events'
          order by 1`,
    );
    const digest = new Map<string, string>();
    for (const { name } of tables) {
      const [row] = await rawRows<{ digest: string | null }>(
        api.database.db,
        sql`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
      );
      digest.set(name, row?.digest ?? "empty");
    }
    return digest;
  }

  /** One request; what is wrong with its answer, if anything. */
  async function send(attack: Attack, signedIn: boolean): Promise<string | undefined> {
    const headers: Record<string, string> = {
      accept: JSONAPI_TYPE,
      "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(signedIn ? { authorization: client.authorization } : {}),
      ...attack.headers,
    };
    const label = `${signedIn ? "signed in" : "anonymous"} ${attack.method} ${attack.path.slice(0, 120)} ${JSON.stringify(attack.headers ?? {}).slice(0, 80)}`;
    const response = await fetch(`${api.baseUrl}${attack.path}`, {
      method: attack.method,
      headers,
      ...(attack.body !== undefined ? { body: attack.body } : {}),
    });
    const text = await response.text();
    if (response.status >= 500) return `${label}: ${response.status} ${text.slice(0, 200)}`;
    if (response.status < 400) return undefined;
    let errors: Array<{ status?: unknown; detail?: unknown }> | undefined;
    try {
      errors = (JSON.parse(text) as { errors?: typeof errors }).errors;
    } catch {
      errors = undefined;
    }
    if (!Array.isArray(errors) || errors.length === 0) {
      return `${label}: ${response.status} is not a JSON:API error document: ${text.slice(0, 200)}`;
    }
    if (errors.some((error) => error.status !== String(response.status) || typeof error.detail !== "string")) {
      return `${label}: ${response.status} errors lack status or detail: ${text.slice(0, 200)}`;
    }
    if (INTERNALS.test(text)) return `${label}: ${response.status} shows internals: ${text.slice(0, 300)}`;
    return undefined;
  }

  /** Runs attacks a few at a time, each anonymous and signed in; answers the list of what went wrong. */
  async function attack(attacks: Attack[]): Promise<string[]> {
    const failures: string[] = [];
    const queue = attacks.flatMap((each) => [
      { each, signedIn: false },
      { each, signedIn: true },
    ]);
    const workers = Array.from({ length: 6 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const failure = await send(next.each, next.signedIn);
        if (failure) failures.push(failure);
      }
    });
    await Promise.all(workers);
    return failures;
  }

  beforeAll(async () => {
    api = await startTestApi({ demoData: true });
    client = await createTestClient(api.database.db);
    document = (await (await fetch(`${api.baseUrl}/v1c/openapi.json`)).json()) as OpenApiDocument;
    before = await databaseDigest();
  });

  afterAll(async () => {
    await api?.close();
  });

  it("reads the operations from the document", () => {
    // A floor, so an empty or broken document cannot make every later test pass vacuously.
    expect(operationsOf(document).length).toBeGreaterThan(60);
  });

  it("answers every hostile path and query value with a JSON:API 4xx or a normal answer, never a 5xx", async () => {
    const attacks: Attack[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const parameters = operation.parameters ?? [];
      for (const value of HOSTILE_VALUES) {
        for (const parameter of parameters) {
          if (parameter.in === "path") attacks.push({ method, path: fillPath(path, parameter.name, value) });
          if (parameter.in === "query") {
            attacks.push({ method, path: `${fillPath(path)}?${encodeURIComponent(parameter.name)}=${value}` });
          }
        }
      }
      for (const parameter of parameters.filter((each) => each.in === "query")) {
        // An array where one value is declared, and a name that is itself hostile.
        const name = encodeURIComponent(parameter.name);
        attacks.push({ method, path: `${fillPath(path)}?${name}=1&${name}=2` });
      }
      attacks.push({ method, path: `${fillPath(path)}?%FF=1` });
      attacks.push({ method, path: `${fillPath(path)}?${Array.from({ length: 80 }, (_, i) => `p${i}=1`).join("&")}` });
    }
    expect(await attack(attacks)).toEqual([]);
  });

  it("stays sound for any value fast-check makes up, in any parameter", async () => {
    const operations = operationsOf(document);
    const targets = operations.flatMap(({ path, method, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in !== "header")
        .map((parameter) => ({ path, method, parameter })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), hostileValue, async ({ path, method, parameter }, value) => {
        const url =
          parameter.in === "path"
            ? fillPath(path, parameter.name, value)
            : `${fillPath(path)}?${encodeURIComponent(parameter.name)}=${value}`;
        expect(await attack([{ method, path: url }])).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("answers broken bodies with a JSON:API 4xx", async () => {
    const attacks: Attack[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      if (method === "GET") continue;
      const contentType = Object.keys(operation.requestBody?.content ?? {})[0] ?? JSON_TYPE;
      for (const broken of brokenBodies(contentType === JSONAPI_TYPE ? JSONAPI_TYPE : JSON_TYPE)) {
        attacks.push({ method, path: fillPath(path), ...broken });
      }
    }
    expect(await attack(attacks)).toEqual([]);
  });

  it("answers odd headers on every read, and bad credentials on every operation, with a 4xx or a normal answer", async () => {
    const attacks: Attack[] = [];
    for (const { path, method } of operationsOf(document)) {
      for (const headers of ODD_HEADERS) {
        // Writes get only the credential cases: an odd Accept-Language on a valid write would rightly succeed.
        if (method === "GET" || headers.authorization !== undefined)
          attacks.push({ method, path: fillPath(path), headers });
      }
    }
    expect(await attack(attacks)).toEqual([]);
  });

  it("wrote nothing", async () => {
    const after = await databaseDigest();
    const changed = [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table);
    expect(changed).toEqual([]);
  });
});

import { availableParallelism, loadavg, tmpdir } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { startServer, type RunningServer } from "../test/spawn-server.ts";
import { startBaseline } from "./baseline-server.ts";
import { dropPostgresDatabase, postgresEnv } from "./bench-database.ts";
import { loadRow, measureLoad } from "./figures.ts";

// Pages and API collections under load on both databases, beside the machine's ceiling measured in the same run,
// and the time SIGTERM takes under load (issue 11's table). Run after `npm run build`; nothing asserts.

const PORT = 3210;
const DURATION_S = 8;
const WARM_UP_S = 2;
const POSTGRES_URL =
  process.env.BENCH_PAGES_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_pages_${process.pid}`;
/** What a browser sends: compressed answers, and no cookie for a visitor. */
const BROWSER = { "accept-encoding": "gzip, deflate, br", "accept-language": "en-GB,en;q=0.9" };

interface Engine {
  name: string;
  env: Record<string, string>;
  dataDir: string;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The marketplace pages, with real slugs from the demo catalogue. */
async function anonymousPages(baseUrl: string): Promise<Record<string, string>> {
  type Slugs = { data: { attributes: { slug: string } }[] };
  const [location] = (await json<Slugs>(`${baseUrl}/v1c/locations?page[size]=1&sort=-rating`)).data;
  const [business] = (await json<Slugs>(`${baseUrl}/v1c/businesses?page[size]=1`)).data;
  return {
    home: "/en/home",
    search: "/en/search?q=manicure",
    location: `/en/location/${location?.attributes.slug}`,
    business: `/en/business/${business?.attributes.slug}`,
    services: "/en/services",
    "city (locations)": "/en/locations?city=sofia",
    content: "/en/pages/terms",
    "Look Book": "/en/inspiration",
  };
}

/** The demo client's session cookie, from the sign-in page's own form, as a browser gets it. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/en/sign-in`, {
    method: "POST",
    body: new URLSearchParams({ email: DEMO_CLIENT.email, password: DEMO_CLIENT.password }),
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("termin_session="));
  if (!session) throw new Error(`signing in answered ${response.status} without a session`);
  return session.split(";")[0] ?? "";
}

const measure = (url: string, connections: number, headers: Record<string, string>) =>
  measureLoad(url, { connections, durationS: DURATION_S, warmUpS: WARM_UP_S, headers });
const load = async (url: string, connections: number, headers: Record<string, string>) =>
  loadRow(await measure(url, connections, headers));

/** The id of the location page's place (the best rated, as anonymousPages picks it): what its hearts ask about. */
async function bestRatedLocationId(baseUrl: string): Promise<string> {
  const [location] = (await json<{ data: { id: string }[] }>(`${baseUrl}/v1c/locations?page[size]=1&sort=-rating`))
    .data;
  if (!location) throw new Error("no location in the catalogue");
  return location.id;
}

/** SIGTERM while 50 connections load the home page and the API: milliseconds to exit, and the exit code. */
async function shutdownUnderLoad(server: RunningServer, paths: string[]) {
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
  const loads = paths.map((path) =>
    measureLoad(`${server.url}${path}`, { connections: 25, durationS: 3, headers: BROWSER }).catch(() => undefined),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const signalled = performance.now();
  server.process.kill("SIGTERM");
  const code = await exited;
  const stoppedAfter = performance.now() - signalled;
  await Promise.all(loads);
  return { "SIGTERM to exit": `${Math.round(stoppedAfter)} ms`, "exit code": code };
}

async function benchEngine(engine: Engine, ceiling: ReturnType<typeof loadRow>) {
  const server = await startServer({ port: PORT, dataDir: engine.dataDir, readyPath: "/en/home", env: engine.env });
  try {
    const pages = await anonymousPages(server.url);
    const session = await signIn(server.url);
    const signedIn = { ...BROWSER, cookie: session };
    console.log(
      `\nPages on ${engine.name} (${availableParallelism()} cores shared with autocannon, load average ` +
        `${loadavg()[0]?.toFixed(1)}), ${DURATION_S} s each after ${WARM_UP_S} s; goals beside`,
    );
    const rows: Record<string, object> = { "bare Fastify answering a constant (ceiling)": ceiling };
    for (const [name, path] of Object.entries(pages)) {
      rows[`anonymous ${name} ${path}`] = {
        ...(await load(`${server.url}${path}`, 50, BROWSER)),
        goal: ">= 5,000, p99 <= 50 ms",
      };
    }
    const goal = engine.name === "PostgreSQL" ? ">= 300" : ">= 200";
    // A marketplace page is kept for every signed-in client (decision 0031); their browser then asks for their
    // own parts. A visit is both requests: its rate is the two rates combined.
    const page = await measure(`${server.url}${pages.location}`, 10, signedIn);
    const personal = await measure(
      `${server.url}/en/personal?locations=${await bestRatedLocationId(server.url)}`,
      10,
      signedIn,
    );
    rows["signed in location page (kept)"] = loadRow(page);
    rows["signed in location's personal data /en/personal"] = loadRow(personal);
    rows["signed in location visit (page + personal data)"] = {
      "req/s": Math.round(1 / (1 / page.requestsPerSecond + 1 / personal.requestsPerSecond)),
      goal,
    };
    for (const [name, path] of [
      ["notifications", "/en/notifications"],
      ["my locations", "/en/my-locations"],
      ["appointments", "/en/appointments"],
    ] as const) {
      rows[`signed in ${name}`] = { ...(await load(`${server.url}${path}`, 10, signedIn)), goal };
    }
    rows["API /v1c/locations?page[size]=20"] = {
      ...(await load(`${server.url}/v1c/locations?page[size]=20`, 50, BROWSER)),
      goal: engine.name === "PostgreSQL" ? ">= 3,000" : "",
    };
    console.table(rows);
    console.table({
      [`shutdown on ${engine.name}`]: await shutdownUnderLoad(server, [
        pages.search ?? "",
        "/v1c/locations?page[size]=20",
      ]),
    });
  } finally {
    if (server.process.exitCode === null) await server.stop();
  }
}

export async function benchPages(): Promise<void> {
  const baseline = await startBaseline(PORT + 1);
  const ceiling = loadRow(
    await measureLoad(baseline.url, { connections: 50, durationS: DURATION_S, warmUpS: WARM_UP_S }),
  );
  await baseline.close();
  const root = mkdtempSync(join(tmpdir(), "termin-bench-pages-"));
  try {
    const dataDir = join(root, "pglite");
    await benchEngine({ name: "PGlite", env: { DATA_DIR: dataDir, DATABASE_URL: "" }, dataDir }, ceiling);
    const postgres = await postgresEnv(POSTGRES_URL, { fresh: true });
    if (!postgres) console.log(`\nNo PostgreSQL server at ${POSTGRES_URL}: pages measured on PGlite only.`);
    else {
      try {
        await benchEngine({ name: "PostgreSQL", env: postgres, dataDir: join(root, "postgres") }, ceiling);
      } finally {
        await dropPostgresDatabase(POSTGRES_URL);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// `npm run bench:pages`: this section alone.
if (import.meta.main) await benchPages();

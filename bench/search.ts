import { mkdirSync } from "node:fs";
import { startServer } from "../test/spawn-server.ts";
import { postgresEnv, seedDatabase } from "./bench-database.ts";
import { measureLoad, ms } from "./figures.ts";

// Search API figures on the 10,000-location demo catalogue (issue 3: p99 <= 50 ms). The seeded databases
// are kept (PGlite under .data/, a database on the local PostgreSQL server) so later runs skip the seeding.
const LOCATIONS = 10_000;
const PORT = 3210;
const CONNECTIONS = 10;
const DURATION_S = 5;
const PGLITE_DIR = `.data/bench-search-${LOCATIONS}`;
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? `postgres://postgres@127.0.0.1:5432/termin_bench_search_${LOCATIONS}`;

const QUERIES: Record<string, string> = {
  "text: manicure": "/v1c/search?filter[q]=manicure",
  "text, typo, Cyrillic: маникюр софя": `/v1c/search?filter[q]=${encodeURIComponent("маникюр софя")}`,
  "city + service, include city": "/v1c/search?filter[city]=sofia&filter[marketplace_service]=manicure&include=city",
  "city, price range, sort price": "/v1c/search?filter[city]=berlin&filter[price_max]=3000&sort=price",
  "near + sort distance": "/v1c/search?filter[near]=42.6977,23.3219&sort=distance",
  "no filter (best rated)": "/v1c/search",
  "suggestions: mani": "/v1c/search-suggestions?filter[q]=mani",
};

/** Latency of one client at a time (the p99 goal), then throughput with CONNECTIONS clients. */
async function measure(baseUrl: string) {
  const figures: Record<string, { p50: string; p99: string; "req/s": number }> = {};
  for (const [label, path] of Object.entries(QUERIES)) {
    const url = `${baseUrl}${path}`;
    await measureLoad(url, { connections: CONNECTIONS, durationS: 2 }); // warm-up: JIT, caches, pool
    const single = await measureLoad(url, { connections: 1, durationS: DURATION_S });
    const loaded = await measureLoad(url, { connections: CONNECTIONS, durationS: DURATION_S });
    for (const result of [single, loaded]) {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    figures[label] = { p50: ms(single.p50), p99: ms(single.p99), "req/s": loaded.requestsPerSecond };
  }
  return figures;
}

async function benchEngine(name: string, env: Record<string, string>, dataDir: string) {
  seedDatabase(env, ["--locations", String(LOCATIONS)]);
  const server = await startServer({ port: PORT, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts", env });
  try {
    console.log(
      `Search API, ${LOCATIONS} locations (${name}): latency with 1 connection, req/s with ${CONNECTIONS}, ${DURATION_S} s each`,
    );
    console.table(await measure(server.url));
  } finally {
    await server.stop();
  }
}

export async function benchSearch(): Promise<void> {
  mkdirSync(PGLITE_DIR, { recursive: true });
  await benchEngine("PGlite", { DATA_DIR: PGLITE_DIR }, PGLITE_DIR);
  const postgres = await postgresEnv(POSTGRES_URL);
  if (postgres) await benchEngine("PostgreSQL", postgres, PGLITE_DIR);
  else console.log(`No PostgreSQL at ${POSTGRES_URL}: search figures on PGlite only.`);
}

// `npx node bench/search.ts`: this section alone.
if (import.meta.main) await benchSearch();

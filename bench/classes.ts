import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../test/spawn-server.ts";
import { startBaseline } from "./baseline-server.ts";
import { loadRow, measureLoad } from "./figures.ts";

// "Class sessions of a city for a week": GET /v1c/class-sessions of Sofia for 7 days with every include, on a fresh
// demo PGlite, 10 clients. Kept documents (the public cache answers most) and made each time (Cache-Control:
// no-cache), beside a bare Fastify answering {} on this machine at the same moment. Not a test: nothing asserts.
const PORT = 3230;
const CONNECTIONS = 10;
const DURATION_S = 5;
const WARM_UP_S = 2;

async function sofiaWeekPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1c/cities?filter[slug]=sofia`, {
    headers: { accept: "application/vnd.api+json" },
  });
  const body = (await response.json()) as { data?: Array<{ id: string }> };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error(`no Sofia in /v1c/cities (${response.status})`);
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  return `/v1c/class-sessions?filter[city_id]=${id}&filter[date_from]=${today}&filter[date_to]=${end}&include=service,servicePrice,employee,location`;
}

export async function benchClasses(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "termin-bench-classes-"));
  const server = await startServer({
    port: PORT,
    dataDir,
    readyPath: "/healthz",
    entry: "apps/api/src/main.ts",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  try {
    const url = `${server.url}${await sofiaWeekPath(server.url)}`;
    const accept = { accept: "application/vnd.api+json" };
    const first = await fetch(url, { headers: accept });
    const body = (await first.json()) as { data?: unknown[] };
    if (!first.ok || !body.data)
      throw new Error(`${url} answered ${first.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const sessions = body.data.length;
    const kept = await measureLoad(url, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmUpS: WARM_UP_S,
      headers: accept,
    });
    const made = await measureLoad(url, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmUpS: WARM_UP_S,
      headers: { ...accept, "cache-control": "no-cache" },
    });
    const baseline = await startBaseline(PORT + 1);
    const bare = await measureLoad(baseline.url, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmUpS: WARM_UP_S,
    });
    await baseline.close();
    console.log(
      `Class sessions of a city for a week (Sofia, ${sessions} sessions, PGlite), ${CONNECTIONS} clients, ${DURATION_S} s`,
    );
    console.table({
      "kept (public document cache)": loadRow(kept),
      "made each time (Cache-Control: no-cache)": loadRow(made),
      "bare Fastify ({})": loadRow(bare),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchClasses();

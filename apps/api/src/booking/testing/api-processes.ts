import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startServer } from "../../../../../test/spawn-server.ts";

/** API server processes on one PostgreSQL database, each with its own pool and memory, as production runs them. */
export async function startApiProcesses(
  databaseUrl: string,
  count: number,
): Promise<{ urls: string[]; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "termin-api-processes-"));
  const servers = await Promise.all(
    Array.from({ length: count }, async () =>
      startServer({
        port: await freePort(),
        dataDir,
        readyPath: "/healthz",
        entry: "apps/api/src/main.ts",
        env: { DATABASE_URL: databaseUrl },
      }),
    ),
  );
  return {
    urls: servers.map((server) => server.url),
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

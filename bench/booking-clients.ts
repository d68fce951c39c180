import { createBookingScenario } from "@termin/api/booking/testing/booking-scenario";
import { createTestClient } from "@termin/api/testing/test-clients";
import { prepareDatabase } from "@termin/db/prepare-database";

/**
 * A place with ten professionals open 09:00-17:00, and `clients` clients to book an hour of it each; written before
 * the servers start (PGlite's files are one process's at a time). The live-updates and push benches book it.
 */
export async function placeWithClients(databaseUrl: string | undefined, dataDir: string, clients: number) {
  const handle = await prepareDatabase({ databaseUrl, dataDir });
  try {
    const scenario = await createBookingScenario(handle.db, { employees: 10 });
    const made = [];
    for (let index = 0; index < clients; index++) made.push(await createTestClient(handle.db));
    return { scenario, clients: made };
  } finally {
    await handle.close();
  }
}

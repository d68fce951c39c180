import { at } from "@termin/api/booking/testing/booking-requests";
import { createBookingScenario, type BookingScenario } from "@termin/api/booking/testing/booking-scenario";
import { createTestClient } from "@termin/api/testing/test-clients";
import { prepareDatabase } from "@termin/db/prepare-database";
import { addDays } from "@termin/domain/booking/calendar";

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

/** The `index`th client's start: an hour of one of the ten professionals (eight a day), from two days after `today`. */
export function hourOfClient(scenario: BookingScenario, today: string, index: number): string {
  const date = addDays(today, 2 + Math.floor(index / 80));
  const hour = 9 + (Math.floor(index / 10) % 8);
  return at(scenario, date, `${String(hour).padStart(2, "0")}:00`);
}

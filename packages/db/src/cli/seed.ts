import { parseArgs } from "node:util";
import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "../prepare-database.ts";
import { BENCH_LOCATION } from "../seed/demo/bench-location.ts";
import { seedBookingBench } from "../seed/demo/seed-booking-bench.ts";
import { DEMO_LOCATIONS, seedDemoData } from "../seed/demo/seed-demo-data.ts";

/** The size the benchmarks measure search and listing at. */
const SCALE_LOCATIONS = 10_000;

// `npm run db:seed -- --locations 500`: the demo catalogue at a chosen size, into an empty database;
// `-- --scale`: the benchmarks' 10,000 locations;
// `-- --booking-bench`: also the booking bench's studio (slug bench-studio, id 900001) with 5,000 appointments,
//   added to a database that already has the demo catalogue too;
// `-- --now 2026-12-01T09:00:00Z`: the instant visits are placed around (default: the clock).
const { values } = parseArgs({
  options: {
    locations: { type: "string", default: String(DEMO_LOCATIONS) },
    scale: { type: "boolean", default: false },
    "booking-bench": { type: "boolean", default: false },
    now: { type: "string" },
  },
});
const locations = values.scale ? SCALE_LOCATIONS : Number(values.locations);
if (!Number.isInteger(locations) || locations < 1) {
  console.error("--locations must be a whole number of at least 1");
  process.exit(1);
}
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) {
  console.error("--now must be an ISO 8601 instant, e.g. 2026-12-01T09:00:00Z");
  process.exit(1);
}
const config = loadConfigOrExit();
const handle = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let started = performance.now();
const seeded = await seedDemoData(handle.db, { locations, now });
console.log(
  seeded
    ? `Loaded ${locations} demo locations in ${Math.round(performance.now() - started)} ms (${handle.engine}).`
    : "The database already has businesses: nothing loaded.",
);
if (values["booking-bench"]) {
  started = performance.now();
  const added = await seedBookingBench(handle.db, { now });
  console.log(
    added
      ? `Loaded the booking bench location ${BENCH_LOCATION.slug} (id ${BENCH_LOCATION.id}) in ${Math.round(performance.now() - started)} ms.`
      : `The booking bench location ${BENCH_LOCATION.slug} is already there.`,
  );
}
await handle.close();

import { parseArgs } from "node:util";
import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "../prepare-database.ts";
import { DEMO_LOCATIONS, seedDemoData } from "../seed/demo/seed-demo-data.ts";

/** The size the benchmarks measure search and listing at. */
const SCALE_LOCATIONS = 10_000;

// `npm run db:seed -- --locations 500`: the demo catalogue at a chosen size, into an empty database;
// `-- --scale`: the benchmarks' 10,000 locations.
const { values } = parseArgs({
  options: {
    locations: { type: "string", default: String(DEMO_LOCATIONS) },
    scale: { type: "boolean", default: false },
  },
});
const locations = values.scale ? SCALE_LOCATIONS : Number(values.locations);
if (!Number.isInteger(locations) || locations < 1) {
  console.error("--locations must be a whole number of at least 1");
  process.exit(1);
}
const config = loadConfigOrExit();
const handle = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
const seeded = await seedDemoData(handle.db, { locations });
console.log(
  seeded
    ? `Loaded ${locations} demo locations in ${Math.round(performance.now() - started)} ms (${handle.engine}).`
    : "The database already has businesses: nothing loaded.",
);
await handle.close();

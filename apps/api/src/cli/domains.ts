import { parseArgs } from "node:util";
import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "@termin/db/prepare-database";
import { addDomain, dnsTxtLookup, listDomains, removeDomain, verifyDomain } from "../sites/domain-registry.ts";

/**
 * `npm run domains -- add <host> --business <slug>`: maps a host to a business and prints the DNS TXT record
 *   that proves it (the job schedule checks it every ten minutes);
 * `npm run domains -- verify <host>`: checks the record now; `list`; `remove <host>`.
 * Until the partner console exists, this is how a business gets its own domain (docs/embedding.md).
 */
const { values, positionals } = parseArgs({ allowPositionals: true, options: { business: { type: "string" } } });
const [command, host] = positionals;
const usage = "Usage: npm run domains -- add <host> --business <slug> | verify <host> | remove <host> | list";

const config = loadConfigOrExit();
const handle = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === "list") {
    for (const row of await listDomains(handle.db)) {
      const state = row.verifiedAt ? `verified ${row.verifiedAt.toISOString()}` : "not verified";
      console.log(`${row.host}\t${row.business}\t${state}`);
    }
  } else if (command === "add" && host && values.business) {
    const record = await addDomain(handle.db, { host, businessSlug: values.business });
    console.log(`Added ${host}. Publish this DNS record, then run: npm run domains -- verify ${host}`);
    console.log(`  ${record.recordName}  TXT  "${record.recordValue}"`);
  } else if (command === "verify" && host) {
    const verified = await verifyDomain(handle.db, host, dnsTxtLookup, new Date());
    console.log(verified ? `${host} is verified.` : `${host} is not verified: its TXT record was not found.`);
    if (!verified) process.exitCode = 1;
  } else if (command === "remove" && host) {
    console.log((await removeDomain(handle.db, host)) ? `Removed ${host}.` : `There is no domain ${host}.`);
  } else {
    console.error(usage);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}

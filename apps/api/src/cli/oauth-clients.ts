import { parseArgs } from "node:util";
import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "@termin/db/prepare-database";
import { addOAuthClient, listOAuthClients, removeOAuthClient } from "../oauth/oauth-client-registry.ts";

/**
 * `npm run oauth-clients -- add <id> --name "Salon App" --type public|confidential --redirect-uri URI [...]
 *   [--first-party] [--scope profile --scope appointments]`: registers a client (a confidential one's secret is
 *   printed once);
 * `npm run oauth-clients -- list`; `npm run oauth-clients -- remove <id>` (its sign-ins end).
 * Until a partner console exists, this is how partners' apps are registered (decision 0036).
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    type: { type: "string", default: "public" },
    "redirect-uri": { type: "string", multiple: true, default: [] },
    scope: { type: "string", multiple: true },
    "first-party": { type: "boolean", default: false },
  },
});
const [command, id] = positionals;
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = loadConfigOrExit();
const handle = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === "list") {
    for (const client of await listOAuthClients(handle.db)) {
      const kind = `${client.type}${client.firstParty ? ", first-party" : ""}`;
      console.log(
        `${client.id}\t${client.name} (${kind})\t${client.scopes.join(" ")}\t${client.redirectUris.join(" ")}`,
      );
    }
  } else if (command === "add" && id) {
    if (values.type !== "public" && values.type !== "confidential") fail("--type must be public or confidential");
    const { secret } = await addOAuthClient(handle.db, {
      id,
      name: values.name ?? fail("--name is required"),
      type: values.type === "confidential" ? "confidential" : "public",
      redirectUris: values["redirect-uri"],
      firstParty: values["first-party"],
      ...(values.scope ? { scopes: values.scope } : {}),
    });
    console.log(`Registered ${id}.`);
    if (secret) console.log(`Its client_secret (shown only now, keep it safe): ${secret}`);
  } else if (command === "remove" && id) {
    console.log((await removeOAuthClient(handle.db, id)) ? `Removed ${id}.` : `There is no client ${id}.`);
  } else {
    fail(
      "Usage: npm run oauth-clients -- add <id> --name NAME [--type public|confidential] --redirect-uri URI ... | list | remove <id>",
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}

import { oauthClients } from "../../account-schema.ts";
import type { Database } from "../../database.ts";

/**
 * Apps the demo lets sign clients in with the OAuth code flow (decision 0036). `demo-partner` is a public
 * third-party client a developer can try from a page on their own machine (loopback redirects match any port);
 * the widget and the native app are ours, so they skip the consent page. The widget's production redirect URI is
 * registered with `npm run oauth-clients` where it is deployed; the loopback one serves local development.
 */
export const DEMO_OAUTH_CLIENTS = [
  {
    id: "demo-partner",
    name: "Demo Partner",
    type: "public",
    redirectUris: ["http://127.0.0.1/callback", "http://localhost/callback"],
    firstParty: false,
    scopes: ["profile", "appointments"],
  },
  {
    id: "termin-widget",
    name: "Termin widget",
    type: "public",
    redirectUris: ["http://localhost/widget/oauth/callback"],
    firstParty: true,
    scopes: ["profile", "appointments"],
  },
  {
    id: "termin-app",
    name: "Termin app",
    type: "public",
    redirectUris: ["app.termin:/oauth/callback"],
    firstParty: true,
    scopes: ["profile", "appointments"],
  },
] as const satisfies readonly (typeof oauthClients.$inferInsert)[];

export async function insertDemoOAuthClients(db: Database): Promise<void> {
  await db
    .insert(oauthClients)
    .values(
      DEMO_OAUTH_CLIENTS.map((client) => ({
        ...client,
        redirectUris: [...client.redirectUris],
        scopes: [...client.scopes],
      })),
    )
    .onConflictDoNothing();
}

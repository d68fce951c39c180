import { generateKeyPairSync, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { interactionPolicy, type Account, type JWK } from "oidc-provider";

/**
 * A real OpenID Connect provider (oidc-provider, the certified implementation) on this machine: the social
 * login tests talk to it exactly as the product talks to Google, over HTTP, with discovery, PKCE and signed
 * ID tokens. Its login page is a tiny form: pick an account by e-mail, Continue or Cancel.
 */

/** A person the provider knows, with the claims Google sends in its ID tokens. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  locale?: string;
}

export const TEST_USER: TestAccount = {
  sub: "108234567890123456789",
  email: "gina.google@example.test",
  email_verified: true,
  given_name: "Gina",
  family_name: "Google",
  locale: "en",
};

export const TEST_CLIENT = { clientId: "termin-test-client", clientSecret: "termin-test-secret" } as const;

/** Where the end-to-end suite runs this provider (playwright.config.ts): Google, as the server under test knows it. */
export const E2E_OIDC_ISSUER = `http://localhost:${Number(process.env["E2E_OIDC_PORT"] ?? 3199)}`;

export interface OidcTestProvider {
  /** http://localhost:<port>, the GOOGLE_ISSUER_URL to configure. */
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcTestProvider(options: {
  /** 0 for any free port. */
  port: number;
  redirectUris: string[];
  accounts?: TestAccount[];
}): Promise<OidcTestProvider> {
  const accounts = options.accounts ?? [TEST_USER];
  const server = createServer();
  server.listen(options.port);
  await once(server, "listening");
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  // Google asks again whenever the request says prompt=select_account; oidc-provider knows the prompt only when
  // the policy has it. The test proves sign-in is never automatic by seeing this form a second time.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "locale"] },
    // Like Google: the ID token itself carries the profile and e-mail claims of the granted scopes.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id): Account | undefined => {
      const account = accounts.find((each) => each.sub === id);
      return account && { accountId: account.sub, claims: () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    // Ten minutes is plenty for a test; set explicitly so the provider does not print a notice for each.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    jwks: { keys: [signingKey()] },
  });

  const oidc = provider.callback();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(request.url ?? "");
    if (!match) return void oidc(request, response);
    const handle = request.method === "POST" ? submitLogin : showLogin;
    handle(provider, accounts, request, response).catch((error: unknown) => {
      response.writeHead(400, { "content-type": "text/plain" }).end(String(error));
    });
  });

  return {
    issuer,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" } as JWK;
}

async function showLogin(
  provider: Provider,
  accounts: TestAccount[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { uid, prompt } = await provider.interactionDetails(request, response);
  const heading = prompt.name === "select_account" ? "Choose an account" : "Sign in to the test provider";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${heading}</title></head>
<body><main><h1>${heading}</h1>
<form method="post" action="/interaction/${uid}">
<label for="email">E-mail</label> <input id="email" name="email" type="email" value="${accounts[0]?.email ?? ""}">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form></main></body></html>`;
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
}

async function submitLogin(
  provider: Provider,
  accounts: TestAccount[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  const { params } = await provider.interactionDetails(request, response);
  if (form.get("action") === "cancel") {
    await provider.interactionFinished(request, response, {
      error: "access_denied",
      error_description: "The user cancelled the sign-in.",
    });
    return;
  }
  const account = accounts.find((each) => each.email === form.get("email"));
  if (!account) throw new Error(`No test account ${form.get("email")}`);
  // A first-party style consent: everything asked for is granted in the same step as the login.
  const grant = new provider.Grant({ accountId: account.sub, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope));
  await provider.interactionFinished(request, response, {
    select_account: {},
    login: { accountId: account.sub },
    consent: { grantId: await grant.save() },
  });
}

import { startOidcTestProvider } from "./oidc-test-provider.ts";

/**
 * The local OpenID Connect provider as a process, for Playwright's webServer list: PORT (default 3199), and
 * REDIRECT_URIS (comma-separated) the callbacks the test client may return to.
 */
const port = Number(process.env.PORT ?? 3199);
const redirectUris = (process.env.REDIRECT_URIS ?? "http://localhost:3100/auth/google/callback").split(",");
const provider = await startOidcTestProvider({ port, redirectUris });
console.log(`OpenID Connect test provider at ${provider.issuer}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
}

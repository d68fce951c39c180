import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the partner's callback saw and did, for the test to check and replay. */
export interface PartnerCallback {
  code: string;
  state: string;
  verifier: string;
  /** The token response of the partner's exchange, when it made one. */
  tokens?: { access_token: string; refresh_token: string; scope?: string };
}

export interface PartnerSite {
  origin: string;
  redirectUri: string;
  /** Each callback the partner received, in order. */
  callbacks: PartnerCallback[];
  /** Paths requested of the partner's server. */
  requested: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang=en><meta charset=utf-8><title>${title}</title><h1>${title}</h1>${body}`;
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A partner's web app on its own origin (127.0.0.1 on a port of its own: a loopback redirect, which matches the
 * demo-partner client's registered http://127.0.0.1/callback on any port). Its start page links to our authorize
 * endpoint with a fresh PKCE pair (S256) and state; its callback checks the state, exchanges the code at our token
 * endpoint from its server (unless `exchange` is off) and shows whom it signed in, read from /v1c/clients/me.
 */
export async function startPartnerSite(apiOrigin: string, options: { exchange: () => boolean }): Promise<PartnerSite> {
  const flows = new Map<string, string>();
  const callbacks: PartnerCallback[] = [];
  const requested: string[] = [];
  let origin = "";
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", origin);
    requested.push(url.pathname);
    const html = (status: number, body: string) =>
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (url.pathname === "/") {
      const verifier = randomBytes(32).toString("base64url");
      const state = randomBytes(12).toString("base64url");
      flows.set(state, verifier);
      const authorize = new URL("/auth/authorize", apiOrigin);
      authorize.search = new URLSearchParams({
        response_type: "code",
        client_id: "demo-partner",
        redirect_uri: `${origin}/callback`,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        scope: "profile appointments",
        state,
      }).toString();
      return html(200, page("Salon Aurora", `<a href="${escape(authorize.href)}">Sign in with Termin</a>`));
    }
    // The browser's own request for an icon: none, without a failed resource in the console.
    if (url.pathname === "/favicon.ico") return response.writeHead(204).end();
    if (url.pathname !== "/callback") return html(404, page("Not here", ""));
    const state = url.searchParams.get("state") ?? "";
    const verifier = flows.get(state);
    const code = url.searchParams.get("code");
    if (!verifier || !code) return html(400, page("Sign-in failed", `<p>${escape(url.search)}</p>`));
    const callback: PartnerCallback = { code, state, verifier };
    callbacks.push(callback);
    if (!options.exchange()) return html(200, page("Code received", `<output>${escape(code)}</output>`));
    void (async () => {
      const exchange = await fetch(new URL("/auth/token", apiOrigin), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: `${origin}/callback`,
          client_id: "demo-partner",
          code_verifier: verifier,
        }),
      });
      if (!exchange.ok) return html(502, page("Exchange refused", `<p>${escape(await exchange.text())}</p>`));
      callback.tokens = (await exchange.json()) as NonNullable<PartnerCallback["tokens"]>;
      const me = await fetch(new URL("/v1c/clients/me", apiOrigin), {
        headers: { authorization: `Bearer ${callback.tokens.access_token}`, accept: "application/vnd.api+json" },
      });
      const { data } = (await me.json()) as { data: { attributes: { first_name: string; last_name: string } } };
      const name = `${data.attributes.first_name} ${data.attributes.last_name}`;
      html(
        200,
        page("Signed in", `<p>Welcome, ${escape(name)}</p><p>Scope: ${escape(callback.tokens.scope ?? "")}</p>`),
      );
    })().catch((error: unknown) => html(500, page("Partner error", escape(String(error)))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectUri: `${origin}/callback`,
    callbacks,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

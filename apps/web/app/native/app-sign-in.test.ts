import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appSignInAddress, finishAppSignIn, isSignInCallback } from "./app-sign-in.ts";
import { secureStorageItems } from "../../test/device-secure-storage.ts";

vi.mock(
  "@aparajita/capacitor-secure-storage",
  async () => (await import("../../test/device-secure-storage.ts")).secureStorageModule,
);
const storage = secureStorageItems;

const API = "https://termin.example";
const TOKENS = { token_type: "Bearer", access_token: "a-1", refresh_token: "r-1", expires_in: 900, scope: "profile" };

/** The token endpoint: the exchange it was sent, answered with `answer`. */
function tokenEndpoint(answer: () => Response) {
  const sent: URLSearchParams[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input instanceof Request ? input.url : input)).toBe(`${API}/auth/token`);
    sent.push(new URLSearchParams(String(init?.body)));
    return answer();
  });
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Where the API sends the browser back for the sign-in `address` started. */
const callback = (address: string, parameters: Record<string, string>) => {
  const state = new URL(address).searchParams.get("state") ?? "";
  return `app.termin:/oauth/callback?${new URLSearchParams({ state, iss: API, ...parameters })}`;
};

beforeEach(() => storage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the app's sign-in with the code flow", () => {
  it("asks the API for a code for the app's own client, with an S256 challenge of a verifier it keeps", async () => {
    const address = new URL(await appSignInAddress(API, "/en/appointments"));
    expect(`${address.origin}${address.pathname}`).toBe(`${API}/auth/authorize`);
    const asked = Object.fromEntries(address.searchParams);
    expect(asked).toMatchObject({
      response_type: "code",
      client_id: "termin-app",
      redirect_uri: "app.termin:/oauth/callback",
      scope: "profile appointments",
      code_challenge_method: "S256",
    });
    expect(asked).not.toHaveProperty("prompt");
    const pending = storage.get("sign_in_pending") as { state: string; codeVerifier: string; returnTo: string };
    expect(pending.state).toBe(asked["state"]);
    expect(pending.returnTo).toBe("/en/appointments");
    expect(asked["code_challenge"]).toBe(createHash("sha256").update(pending.codeVerifier).digest("base64url"));
    // Each sign-in its own state and verifier.
    const again = new URL(await appSignInAddress(API, "/en/home", true));
    expect(again.searchParams.get("state")).not.toBe(asked["state"]);
    expect(again.searchParams.get("prompt")).toBe("create");
  });

  it("spends the code with the kept verifier and answers the tokens and the page to go back to", async () => {
    const address = await appSignInAddress(API, "/de/forms");
    const { codeVerifier } = storage.get("sign_in_pending") as { codeVerifier: string };
    const sent = tokenEndpoint(() => json(200, TOKENS));
    const result = await finishAppSignIn(API, callback(address, { code: "c-1" }));
    expect(result).toEqual({
      tokens: { token_type: "bearer", access_token: "a-1", refresh_token: "r-1", expires_in: 900 },
      returnTo: "/de/forms",
    });
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      grant_type: "authorization_code",
      code: "c-1",
      redirect_uri: "app.termin:/oauth/callback",
      code_verifier: codeVerifier,
      client_id: "termin-app",
    });
    expect(storage.has("sign_in_pending")).toBe(false);
  });

  it("refuses a way back it did not start, from another issuer, or with the client's No, and spends nothing", async () => {
    const sent = tokenEndpoint(() => json(200, TOKENS));
    expect(await finishAppSignIn(API, "app.termin:/oauth/callback?code=c-1&state=s")).toEqual({
      refused: "no sign-in was started on this device",
    });
    const cases = [
      (address: string) => callback(address, { code: "c-1", state: "someone-else's" }),
      (address: string) => callback(address, { code: "c-1", iss: "https://evil.example" }),
      (address: string) => callback(address, { error: "access_denied" }),
    ];
    for (const wayBack of cases) {
      const address = await appSignInAddress(API, "/en/home");
      expect(await finishAppSignIn(API, wayBack(address))).toHaveProperty("refused");
      // A started sign-in is good for one way back.
      expect(storage.has("sign_in_pending")).toBe(false);
    }
    expect(sent).toEqual([]);
  });

  it("refuses a code the token endpoint refuses", async () => {
    const address = await appSignInAddress(API, "/en/home");
    tokenEndpoint(() => json(400, { error: "invalid_grant", error_description: "The code was used" }));
    expect(await finishAppSignIn(API, callback(address, { code: "c-1" }))).toHaveProperty("refused");
  });

  it("knows its own way back from other links into the app", () => {
    expect(isSignInCallback("app.termin:/oauth/callback?code=1&state=2")).toBe(true);
    expect(isSignInCallback("app.termin:/oauth/callbacks")).toBe(false);
    expect(isSignInCallback("https://termin.example/en/home")).toBe(false);
  });
});

import { createHash, randomBytes } from "node:crypto";
import type { AuthorizeOutcome } from "@termin/contracts/oauth";
import { expect } from "vitest";
import { authRequests } from "../../auth/auth-test-helpers.ts";
import { readJson, type TestApi } from "../../testing/start-test-api.ts";
import type { TestClient } from "../../testing/test-clients.ts";

/** A PKCE verifier and its S256 challenge (RFC 7636), as a partner app makes them. */
export const pkcePair = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** The authorize page's steps (POST /auth/authorizations), sent as the web app sends them for its signed-in client. */
export function authorizeSteps(api: () => TestApi) {
  const { post } = authRequests(api);
  const authorize = (body: Record<string, string>, client?: TestClient): Promise<Response> =>
    post("/authorizations", body, client ? { authorization: client.authorization } : {});

  async function outcomeOf(response: Response): Promise<AuthorizeOutcome> {
    expect(response.status).toBe(200);
    return readJson<AuthorizeOutcome>(response);
  }

  /** The query of the redirect an outcome sends the browser to, checking it goes to `redirectUri`. */
  function redirectedTo(outcome: AuthorizeOutcome, redirectUri: string): URLSearchParams {
    if (outcome.action !== "redirect") throw new Error(`expected a redirect, got ${outcome.action}`);
    const url = new URL(outcome.location);
    expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
    return url.searchParams;
  }

  /** Runs the authorize steps as a signed-in client who allows, and answers the code. */
  async function codeFor(
    clientId: string,
    client: TestClient,
    challenge: string,
    redirectUri = "http://127.0.0.1:8765/callback",
  ): Promise<string> {
    const request = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "profile appointments",
      state: "xyz 123/é",
    };
    const first = await outcomeOf(await authorize(request, client));
    const answer =
      first.action === "consent" ? await outcomeOf(await authorize({ ...request, decision: "allow" }, client)) : first;
    const query = redirectedTo(answer, redirectUri);
    expect(query.get("state")).toBe("xyz 123/é");
    return query.get("code") ?? "";
  }

  return { authorize, outcomeOf, redirectedTo, codeFor };
}

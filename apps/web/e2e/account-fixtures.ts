import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { parseSetCookie } from "cookie";
import { COOKIE } from "@termin/contracts/cookies";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { sessionFromTokens, setSessionHeader, type TokenResponse } from "../app/lib/session-cookie.server.ts";
import { expect } from "./fixtures.ts";

export const TEST_PASSWORD = "lilac-harbour-42";

export interface SignedUpClient {
  email: string;
  password: string;
  tokens: TokenResponse;
  /** The Authorization header value for API calls made by the test itself. */
  authorization: string;
}

/**
 * A fresh client made through the real POST /auth/sign-up, signed in in the page's browser: the session
 * cookie is written exactly as the web server writes it (session-cookie.server.ts), so no sign-in form runs.
 * Each call makes a new account with an address no other test (or width) uses.
 */
export async function signUpAndSignIn(
  page: Page,
  request: APIRequestContext,
  fields: { firstName?: string; lastName?: string; language?: string } = {},
): Promise<SignedUpClient> {
  const email = `e2e-${randomUUID()}@example.test`;
  const response = await request.post("/auth/sign-up", {
    data: {
      email,
      password: TEST_PASSWORD,
      first_name: fields.firstName ?? "Rada",
      last_name: fields.lastName ?? "Koleva",
      language: fields.language ?? "en",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const tokens = (await response.json()) as TokenResponse;
  const baseUrl = new URL(response.url()).origin;
  const header = setSessionHeader(new Request(baseUrl), sessionFromTokens(tokens));
  const cookie = parseSetCookie(header);
  expect(cookie.name).toBe(COOKIE.session);
  await page.context().addCookies([{ name: COOKIE.session, value: cookie.value ?? "", url: baseUrl, httpOnly: true }]);
  return { email, password: TEST_PASSWORD, tokens, authorization: `${tokens.token_type} ${tokens.access_token}` };
}

/** Signs a browser context in as the demo client through the real POST /auth/token, with the web server's cookie. */
export async function signInAsDemoClient(context: BrowserContext, request: APIRequestContext) {
  const response = await request.post("/auth/token", {
    data: { grant_type: "password", username: DEMO_CLIENT.email, password: DEMO_CLIENT.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as TokenResponse;
  const origin = new URL(response.url()).origin;
  const cookie = parseSetCookie(setSessionHeader(new Request(origin), sessionFromTokens(tokens)));
  await context.addCookies([{ name: COOKIE.session, value: cookie.value ?? "", url: origin, httpOnly: true }]);
}

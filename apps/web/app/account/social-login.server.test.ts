import { describe, expect, it } from "vitest";
import {
  SOCIAL_FLOW_COOKIE,
  clearFlowCookieHeader,
  readFlowCookie,
  setFlowCookieHeader,
} from "./social-login.server.ts";

const flow = {
  state: "state-1",
  nonce: "nonce-1",
  codeVerifier: "verifier-1",
  redirectTo: "/bg/home",
  lang: "bg" as const,
};

/** The request the browser makes next, carrying the cookie a Set-Cookie header gave it. */
function nextRequest(setCookie: string): Request {
  return new Request("http://termin.test/auth/google/callback", { headers: { cookie: setCookie.split(";")[0] ?? "" } });
}

describe("the social sign-in flow cookie", () => {
  it("remembers the flow for ten minutes, for the Google routes only, out of page scripts' reach", () => {
    const header = setFlowCookieHeader(new Request("https://termin.test/auth/google"), flow);
    expect(header).toMatch(new RegExp(`^${SOCIAL_FLOW_COOKIE}=`));
    expect(header).toContain("Max-Age=600");
    expect(header).toContain("Path=/auth/google");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
    expect(readFlowCookie(nextRequest(header))).toEqual(flow);
  });

  it("is not Secure over plain http (local runs) and is cleared with Max-Age=0", () => {
    const request = new Request("http://localhost:3000/auth/google");
    expect(setFlowCookieHeader(request, flow)).not.toContain("Secure");
    expect(clearFlowCookieHeader(request)).toMatch(/Max-Age=0.*Path=\/auth\/google/);
  });

  it("reads a missing, garbled or incomplete cookie as no flow", () => {
    expect(readFlowCookie(new Request("http://termin.test/"))).toBeUndefined();
    expect(readFlowCookie(nextRequest(`${SOCIAL_FLOW_COOKIE}=not-json`))).toBeUndefined();
    const partial = Buffer.from(JSON.stringify({ state: "s" })).toString("base64url");
    expect(readFlowCookie(nextRequest(`${SOCIAL_FLOW_COOKIE}=${partial}`))).toBeUndefined();
  });
});

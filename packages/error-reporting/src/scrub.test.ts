import { describe, expect, it } from "vitest";
import {
  FILTERED,
  scrubBreadcrumb,
  scrubEvent,
  scrubSpan,
  scrubText,
  scrubUrl,
  type ScrubbableEvent,
} from "./scrub.ts";

describe("scrubText", () => {
  it("replaces e-mail addresses, credentials, tokens and query values", () => {
    expect(scrubText("No client jane.doe+x@example.com found")).toBe("No client [email] found");
    expect(scrubText("header Authorization: Bearer abc.def-123")).toBe(`header Authorization: Bearer ${FILTERED}`);
    expect(scrubText("GET /en/verify-email?token=s3cr3t&lang=en")).toBe(
      `GET /en/verify-email?token=${FILTERED}&lang=${FILTERED}`,
    );
    expect(scrubText("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig")).toBe(`jwt ${FILTERED}`);
    expect(scrubText("key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 used")).toBe(
      `key ${FILTERED} used`,
    );
  });

  it("keeps what finds the bug", () => {
    const text = "Cannot read properties of undefined (reading 'price') at /v1c/locations/42";
    expect(scrubText(text)).toBe(text);
    expect(scrubText("FST_ERR_CTP_INVALID_JSON_BODY")).toBe("FST_ERR_CTP_INVALID_JSON_BODY");
  });
});

describe("scrubUrl", () => {
  it("drops the query string and fragment", () => {
    expect(scrubUrl("https://termin.app/en/reset-password?code=123&email=a%40b.c#top")).toBe(
      "https://termin.app/en/reset-password",
    );
  });
});

describe("scrubEvent", () => {
  it("leaves no personal data in an error event", () => {
    const event: ScrubbableEvent = {
      message: "sign-in failed for jane@example.com",
      user: { id: "7", email: "jane@example.com", ip_address: "203.0.113.9" },
      request: {
        url: "http://127.0.0.1:3000/v1c/clients/me?email=jane%40example.com&token=abc",
        query_string: "email=jane%40example.com&token=abc",
        cookies: { termin_session: "secret" },
        data: { email: "jane@example.com", password: "hunter2" },
        env: { REMOTE_ADDR: "203.0.113.9" },
        headers: {
          Authorization: "Bearer abc",
          Cookie: "termin_session=secret",
          "User-Agent": "Mozilla/5.0",
          "x-forwarded-for": "203.0.113.9",
          "x-request-id": "4d1c6b",
        },
      },
      exception: {
        values: [{ value: "duplicate key jane@example.com", stacktrace: { frames: [{ vars: { email: "x" } }] } }],
      },
      breadcrumbs: [{ message: "GET /x?email=a@b.co", data: { url: "/x?code=1", authorization: "Basic zzz" } }],
      extra: { client: { firstName: "Jane", email: "jane@example.com", id: 7 } },
      contexts: { trace: { data: { "url.full": "http://h/p?token=t", "http.query": "token=t", route: "/p" } } },
    };
    const scrubbed = scrubEvent(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of ["jane", "secret", "hunter2", "203.0.113.9", "token=t", "Basic zzz", "abc"]) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.request).toEqual({
      url: "http://127.0.0.1:3000/v1c/clients/me",
      headers: { "User-Agent": "Mozilla/5.0", "x-request-id": "4d1c6b" },
    });
    expect(scrubbed.exception?.values?.[0]).toEqual({ value: "duplicate key [email]", stacktrace: { frames: [{}] } });
    expect(scrubbed.extra).toEqual({ client: { firstName: FILTERED, email: FILTERED, id: 7 } });
    expect(scrubbed.contexts).toEqual({
      trace: { data: { "url.full": `http://h/p?token=${FILTERED}`, "http.query": FILTERED, route: "/p" } },
    });
  });

  it("scrubs a transaction's name and spans", () => {
    const scrubbed = scrubEvent({
      transaction: "/en/verify-email?token=abc",
      spans: [{ description: "GET /v1c/clients?filter[email]=a@b.co", data: { "http.request.body": "{}" } }],
    });
    expect(scrubbed).toEqual({
      transaction: `/en/verify-email?token=${FILTERED}`,
      spans: [{ description: `GET /v1c/clients?filter[email]=${FILTERED}`, data: { "http.request.body": FILTERED } }],
    });
  });
});

describe("scrubBreadcrumb", () => {
  it("scrubs a console breadcrumb's message and arguments", () => {
    expect(
      scrubBreadcrumb({ message: "saved jane@example.com", data: { arguments: ["jane@example.com", 1] } }),
    ).toEqual({ message: "saved [email]", data: { arguments: ["[email]", 1] } });
  });
});

describe("scrubSpan", () => {
  it("scrubs a streamed span's name and attributes", () => {
    expect(
      scrubSpan({
        name: "GET /en/sign-in?email=a@b.co",
        attributes: { "url.full": "http://h/en/sign-in?email=a@b.co", "http.request.header.cookie": "s=1", port: 80 },
      }),
    ).toEqual({
      name: `GET /en/sign-in?email=${FILTERED}`,
      attributes: {
        "url.full": `http://h/en/sign-in?email=${FILTERED}`,
        "http.request.header.cookie": FILTERED,
        port: 80,
      },
    });
  });
});

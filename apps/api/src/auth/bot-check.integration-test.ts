import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { AppError } from "../http/app-error.ts";
import { verifyBotCheck } from "./bot-check.ts";

interface VerifyRequest {
  method: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** Stands in for Turnstile's siteverify: "good-token" passes, "broken" gets a 500, anything else fails. */
function startSiteverify(requests: VerifyRequest[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: request.method, contentType: request.headers["content-type"], form });
      if (form.response === "broken") {
        response.writeHead(500).end("upstream trouble");
        return;
      }
      const success = form.secret === "test-secret" && form.response === "good-token";
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(success ? { success } : { success, "error-codes": ["invalid-input-response"] }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function configWithVerifyUrl(verifyUrl: string) {
  return loadConfig({
    APP_VERSION: "9.9.9",
    APP_BUILD: "test",
    TURNSTILE_SITE_KEY: "test-site-key",
    TURNSTILE_SECRET_KEY: "test-secret",
    TURNSTILE_VERIFY_URL: verifyUrl,
  });
}

function recordingLog() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, error: (obj: object, msg: string) => lines.push({ obj, msg }) };
}

/** The error verifyBotCheck rejected with, as the error handler would answer it. */
async function rejection(promise: Promise<void>) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).toErrorObject();
}

const FAILED = {
  status: "400",
  code: "bot_check_failed",
  detail: "Please confirm you are not a robot and try again.",
  source: { pointer: "/bot_check_token" },
};

describe("verifyBotCheck", () => {
  const requests: VerifyRequest[] = [];
  let siteverify: Server;
  let verifyUrl: string;
  beforeAll(async () => {
    siteverify = await startSiteverify(requests);
    verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  });
  beforeEach(() => {
    requests.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => siteverify.close(() => resolve())));

  it("lets everything through without asking anyone when the Turnstile keys are not configured", async () => {
    const config = loadConfig({ APP_VERSION: "9.9.9", APP_BUILD: "test", TURNSTILE_SITE_KEY: "only-the-site-key" });
    const log = recordingLog();
    await expect(verifyBotCheck({ config, token: undefined, remoteIp: "203.0.113.7", log })).resolves.toBe(undefined);
    expect(requests).toEqual([]);
    expect(log.lines).toEqual([]);
  });

  it("accepts a token the provider confirms, sending it the secret, the token and the caller's IP as a form", async () => {
    const log = recordingLog();
    const config = configWithVerifyUrl(verifyUrl);
    await verifyBotCheck({ config, token: "good-token", remoteIp: "203.0.113.7", log });
    expect(requests).toEqual([
      {
        method: "POST",
        contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/) as string,
        form: { secret: "test-secret", response: "good-token", remoteip: "203.0.113.7" },
      },
    ]);
    expect(log.lines).toEqual([]);
  });

  it("refuses a token the provider refuses, pointing at bot_check_token", async () => {
    const log = recordingLog();
    const config = configWithVerifyUrl(verifyUrl);
    expect(await rejection(verifyBotCheck({ config, token: "bot-token", remoteIp: undefined, log }))).toEqual(FAILED);
    // Without a known IP address the provider is asked without one.
    expect(requests.map((request) => request.form)).toEqual([{ secret: "test-secret", response: "bot-token" }]);
  });

  it("refuses a missing or oversized token without asking the provider", async () => {
    const log = recordingLog();
    const config = configWithVerifyUrl(verifyUrl);
    for (const token of [undefined, "", "x".repeat(2049)]) {
      expect(await rejection(verifyBotCheck({ config, token, remoteIp: "203.0.113.7", log }))).toEqual(FAILED);
    }
    expect(requests).toEqual([]);
  });

  it("fails closed with 503 and logs when the verify endpoint errs or is down", async () => {
    const down = await startSiteverify([]);
    const downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}/siteverify`;
    await new Promise<void>((resolve) => down.close(() => resolve()));

    for (const [url, token] of [
      [verifyUrl, "broken"],
      [downUrl, "good-token"],
    ] as const) {
      const log = recordingLog();
      const answer = await rejection(
        verifyBotCheck({ config: configWithVerifyUrl(url), token, remoteIp: "203.0.113.7", log }),
      );
      expect(answer).toEqual({
        status: "503",
        code: "unavailable",
        detail: "The bot check is not available at the moment. Please try again later.",
      });
      expect(log.lines).toMatchObject([{ msg: "Bot check: the provider's verify endpoint did not answer" }]);
    }
  });
});

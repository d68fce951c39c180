import { mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { expect, vi } from "vitest";
import type { ErrorDocument, ErrorObject } from "@termin/contracts/jsonapi";
import { readJson, type TestApi } from "../testing/start-test-api.ts";
import type { TokenResponse } from "./issue-tokens.ts";

/** A made-up client address (sent as X-Forwarded-For), so tests do not share the per-IP rate limits. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

export interface PostOptions {
  /** Sends the body as a form (how OAuth clients send) instead of JSON. */
  form?: boolean;
  authorization?: string;
  /** The caller's address; a new random one per request unless given. */
  ip?: string;
}

/** Requests to the /auth endpoints as clients make them. */
export function authRequests(api: () => TestApi) {
  async function post(path: string, body: Record<string, string>, options: PostOptions = {}) {
    const headers: Record<string, string> = {
      "content-type": options.form ? "application/x-www-form-urlencoded" : "application/json",
      "x-forwarded-for": options.ip ?? randomIp(),
    };
    if (options.authorization) headers.authorization = options.authorization;
    return fetch(`${api().baseUrl}/auth${path}`, {
      method: "POST",
      headers,
      body: options.form ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });
  }
  return {
    post,
    signIn: (username: string, password: string, options?: PostOptions) =>
      post("/token", { grant_type: "password", username, password }, options),
    refresh: (refreshToken: string) => post("/token", { grant_type: "refresh_token", refresh_token: refreshToken }),
  };
}

export async function tokensOf(response: Response): Promise<TokenResponse> {
  expect(response.status).toBeLessThan(300);
  const tokens = await readJson<TokenResponse>(response);
  expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 900 });
  expect(tokens.access_token).toMatch(/^[\w-]{43}$/);
  expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/);
  return tokens;
}

/** The JSON:API errors of a failed answer, after checking its status. */
export async function errorsOf(response: Response, status: number): Promise<ErrorObject[]> {
  expect(response.status).toBe(status);
  const type = response.headers.get("content-type") ?? "";
  const body = await readJson<ErrorDocument & { error?: string; error_description?: string }>(response);
  if (type.startsWith("application/json")) {
    // An OAuth endpoint's refusal (RFC 6749 section 5.2): `error` and `error_description` repeat the first error.
    const [first] = body.errors;
    expect({ error: body.error, error_description: body.error_description }).toEqual({
      error: first?.code,
      error_description: first?.detail,
    });
  } else {
    expect(type).toMatch(/^application\/vnd\.api\+json/);
  }
  return body.errors;
}

/** Waits for the mail of `kind` to `address` in DATA_DIR/outbox and returns the token of its link. */
export async function mailedToken(options: {
  dataDir: string;
  address: string;
  kind: "verify_email" | "reset_password";
  /** Tokens already read, so a second mail of the same kind is told apart from the first. */
  ignore?: string[];
  timeoutMs?: number;
}): Promise<{ token: string; link: string; subject: string }> {
  const outbox = join(options.dataDir, "outbox");
  return vi.waitFor(
    async () => {
      const files = (await readdir(outbox).catch(() => [])).filter((file) => file.includes(`-${options.kind}-`));
      for (const file of files) {
        const mail = await simpleParser(await readFile(join(outbox, file)));
        const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(",") : (mail.to?.text ?? "");
        const link = /https?:\/\/\S+/.exec(mail.text ?? "")?.[0];
        const token = link && new URL(link).searchParams.get("token");
        if (to.includes(options.address) && link && token && !options.ignore?.includes(token)) {
          return { token, link, subject: mail.subject ?? "" };
        }
      }
      throw new Error(`no ${options.kind} mail to ${options.address} yet`);
    },
    { timeout: options.timeoutMs ?? 10_000, interval: 50 },
  );
}

/** A fresh DATA_DIR for a test API, so its outbox holds only that file's mails. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "termin-auth-test-"));
}

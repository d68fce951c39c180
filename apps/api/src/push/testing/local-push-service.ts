import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

/** http_ece (web-push's own dependency) has no types: the one function the tests use. */
interface HttpEce {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
const ece = createRequire(import.meta.url)("http_ece") as HttpEce;

/** A push as the local push service received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** A browser's side of a subscription: its keys, and the JSON it would give the app. */
export interface TestBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  /** The PushSubscription's JSON at `endpoint`, as POST /auth/user-token takes it. */
  token: string;
  endpoint: string;
  /** Decrypts a push sent to this browser (aes128gcm, RFC 8291), as the browser would. */
  decrypt(body: Buffer): unknown;
}

export interface LocalPushService {
  url: string;
  received: ReceivedPush[];
  /** What the service answers (201 unless set). */
  answer(status: number): void;
  /** A browser subscribed at this service, under `/push/{name}`. */
  browser(name: string): TestBrowser;
  /** Resolves with the next push to `path` (or one already received there). */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** A push service on 127.0.0.1 that records each push and answers as told: the tests' and the bench's endpoint. */
export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const waiting: Array<{ path: string; resolve: (push: ReceivedPush) => void }> = [];
  let status = 201;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const push = {
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      };
      received.push(push);
      response.writeHead(status).end();
      for (const waiter of waiting.filter((each) => each.path === push.path)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(push);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer(next) {
      status = next;
    },
    browser(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${url}/push/${name}`;
      return {
        ecdh,
        authSecret,
        endpoint,
        token: JSON.stringify({
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        }),
        decrypt: (body) =>
          JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret }).toString("utf8")),
      };
    },
    next(path, timeoutMs = 10_000) {
      const already = received.find((push) => push.path === path);
      if (already) {
        received.splice(received.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No push to ${path} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          path,
          resolve: (push) => {
            clearTimeout(timer);
            received.splice(received.indexOf(push), 1);
            resolve(push);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The claims of a VAPID Authorization header (`vapid t={JWT}, k={public key}`, RFC 8292), after checking the JWT's
 * ES256 signature against k; throws when it does not verify.
 */
export function verifiedVapidClaims(authorization: string | undefined): {
  publicKey: string;
  claims: Record<string, unknown>;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`Not a VAPID Authorization header: ${authorization}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("The VAPID JWT's signature does not verify");
  return {
    publicKey,
    claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>,
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../test/spawn-server.ts";
import { ms, percentile } from "./figures.ts";

// Sign-in latency on PGlite: POST /auth/token with the password grant, which is dominated by argon2id
// (19 MiB, t=2, p=1; decision 0019). Each request comes from its own X-Forwarded-For address so the per-IP
// limit (20 a minute) does not turn the bench into a rate-limit test; successful sign-ins never count against
// an account.
const PORT = 3220;
const ACCOUNTS = 10;
const SIGN_INS = 200;
const CONCURRENT = 10;
const PASSWORD = "bench password, long enough";

let nextIp = 0;
const ip = () => {
  nextIp += 1;
  return `10.77.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
};

async function post(baseUrl: string, path: string, body: Record<string, string>): Promise<number> {
  const response = await fetch(`${baseUrl}/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Milliseconds of each sign-in, `workers` clients each signing in one after the other. */
async function timeSignIns(baseUrl: string, emails: string[], workers: number, password = PASSWORD) {
  const durations: number[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < SIGN_INS) {
      const email = emails[issued++ % emails.length] ?? "";
      const started = performance.now();
      const status = await post(baseUrl, "/token", { grant_type: "password", username: email, password });
      durations.push(performance.now() - started);
      const expected = password === PASSWORD ? 200 : 400;
      if (status !== expected) throw new Error(`sign-in answered ${status}, expected ${expected}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    "sign-ins": durations.length,
    p50: ms(percentile(durations, 0.5)),
    p99: ms(percentile(durations, 0.99)),
    "sign-ins/s": Math.round(durations.length / seconds),
  };
}

export async function benchSignIn(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "termin-bench-sign-in-"));
  const server = await startServer({ port: PORT, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts" });
  try {
    const emails = Array.from({ length: ACCOUNTS }, (_, index) => `bench-${index}@example.test`);
    for (const email of emails) {
      const status = await post(server.url, "/sign-up", {
        email,
        password: PASSWORD,
        first_name: "Bench",
        last_name: "Client",
        language: "en",
      });
      if (status !== 201) throw new Error(`sign-up answered ${status}`);
    }
    await timeSignIns(server.url, emails, CONCURRENT); // warm-up: JIT, argon2 memory
    // Fresh unknown addresses, so no account reaches its limit of failures.
    const unknown = Array.from({ length: SIGN_INS }, (_, index) => `nobody-${index}@example.test`);
    console.log(`Sign-in, POST /auth/token (PGlite, argon2id 19 MiB t=2 p=1), ${SIGN_INS} sign-ins each`);
    console.table({
      "1 client, one after another": await timeSignIns(server.url, emails, 1),
      [`${CONCURRENT} clients at once`]: await timeSignIns(server.url, emails, CONCURRENT),
      "1 client, unknown e-mail (dummy hash)": await timeSignIns(server.url, unknown, 1, "wrong password"),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx node bench/sign-in.ts`: this section alone.
if (import.meta.main) await benchSignIn();

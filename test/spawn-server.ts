import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { once } from "node:events";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn until `readyPath` answered 200. */
  readyAfterMs: number;
  /** What the server wrote to stdout so far (its log lines at LOG_LEVEL), with `keepOutput`. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a server entry point (default: the whole built product, apps/web/server/main.ts) on its
 * own port and data directory, and waits for a 200 from readyPath.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  readyPath: string;
  entry?: string;
  /** More environment variables, e.g. DATABASE_URL to run on PostgreSQL. */
  env?: Record<string, string>;
  /** Node's own flags before the entry point, e.g. --cpu-prof (which NODE_OPTIONS does not accept). */
  execArgv?: string[];
  /** The whole command instead of node and `entry`, e.g. `["npm", "run", "serve"]` as an operator starts it. */
  command?: [string, ...string[]];
  /** Keep stdout for `output()`; otherwise it is read and dropped. */
  keepOutput?: boolean;
}): Promise<RunningServer> {
  const started = performance.now();
  const [file, ...args] = options.command ?? [
    process.execPath,
    ...(options.execArgv ?? []),
    options.entry ?? "apps/web/server/main.ts",
  ];
  const child = spawn(file, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_PAYMENTS: "true",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output: string[] = [];
  if (options.keepOutput) child.stdout?.setEncoding("utf8").on("data", (chunk: string) => output.push(chunk));
  else child.stdout?.resume();
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}${options.readyPath}`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url,
    process: child,
    readyAfterMs: performance.now() - started,
    output: () => output.join(""),
    async stop() {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A port free on this machine now, for a server to be started on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

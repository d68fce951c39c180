import cluster, { type Worker } from "node:cluster";
import type { ServerLog } from "@termin/api/http/create-server";

/**
 * The primary process of `count` server processes sharing one port (node:cluster hands each new connection to
 * one of them). A process that dies is replaced; one that dies before it ever listened stops them all (a bad
 * setting would otherwise restart forever). SIGTERM or SIGINT is passed on to every process, each drains and
 * closes on its own (create-server.ts), and the primary exits with 0 once all have exited cleanly, else 1.
 */
export function runServerProcesses(count: number, { onReady, log }: { onReady: () => void; log: ServerLog }): void {
  const listening = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      if (announced || !Object.values(cluster.workers ?? {}).every((each) => each && listening.has(each))) return;
      announced = true;
      onReady();
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };

  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && listening.has(worker)) {
      log.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
      fork();
      return;
    }
    // Stopping, or a process that never listened: how it ended decides the primary's exit code.
    if (code !== 0) failed = true;
    if (!stopping) {
      log.error({ pid: worker.process.pid, code, signal }, "a server process stopped before it listened; stopping");
      stop();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      // The asynchronous log stream writes what it holds as the process exits.
      log.info({ failed }, "all server processes stopped");
      process.exit(failed ? 1 : 0);
    }
  });
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  for (let index = 0; index < count; index++) fork();
}

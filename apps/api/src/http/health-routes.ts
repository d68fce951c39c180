import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "@termin/db/database";
import type { JobWorker } from "../jobs/job-worker.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "./database-errors.ts";

/** A readiness check gives up on the database after this long: a load balancer asks often and must hear fast. */
export const READINESS_DATABASE_BOUND_MS = 1_000;

/**
 * This process's job worker, once it runs. `backgroundJobs` fills it in when the server listens; a process that runs
 * no worker (the tests' API, a future API-only tier) passes none and readiness does not ask.
 */
export interface JobWorkerSlot {
  worker?: JobWorker;
}

type Check = "ok" | "unreachable" | "pending" | "stalled" | "starting";

export interface Readiness {
  status: "ok" | "unavailable";
  database: DatabaseHandle["engine"];
  checks: { database: Check; migrations: Check | "unknown"; job_worker?: Check };
}

/** The database answers within the bound, with how many migrations it lacks; undefined when it does not. */
async function pendingMigrationsWithin(database: DatabaseHandle, boundMs: number): Promise<number | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), boundMs);
  });
  try {
    return await Promise.race([database.pendingMigrations().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(database: DatabaseHandle, jobs: JobWorkerSlot | undefined): Promise<Readiness> {
  const pending = await pendingMigrationsWithin(database, READINESS_DATABASE_BOUND_MS);
  const checks: Readiness["checks"] = {
    database: pending === undefined ? "unreachable" : "ok",
    migrations: pending === undefined ? "unknown" : pending > 0 ? "pending" : "ok",
  };
  if (jobs) checks.job_worker = jobs.worker === undefined ? "starting" : jobs.worker.alive() ? "ok" : "stalled";
  const ready = Object.values(checks).every((check) => check === "ok");
  return { status: ready ? "ok" : "unavailable", database: database.engine, checks };
}

/**
 * Liveness and readiness, for process managers and load balancers. /livez: the process answers (restart it when it
 * does not). /readyz: it can serve now: the database answers within a second, every migration this code ships is
 * applied, and its job worker polls; otherwise 503 with what is wrong (send traffic elsewhere, do not restart).
 * /healthz is readiness under its older name.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  { database, jobs }: { database: DatabaseHandle; jobs: JobWorkerSlot | undefined },
): void {
  app.get("/livez", async () => ({ status: "ok" }));
  const answerReadiness = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await readiness(database, jobs);
    if (answer.status !== "ok") {
      request.log.warn({ checks: answer.checks }, "not ready");
      reply.status(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return answer;
  };
  app.get("/readyz", answerReadiness);
  app.get("/healthz", answerReadiness);
}

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import type { OpenDatabaseOptions } from "../database.ts";
import type { TemplateName } from "./build-test-templates.ts";
import { testServerUrl, withAdmin } from "./test-postgres-server.ts";

export interface TestDatabase {
  options: OpenDatabaseOptions;
  engine: "pglite" | "postgres";
  /** Removes the database the test run created. */
  drop(): Promise<void>;
}

function templateOf(name: TemplateName): string {
  const templates = inject("testTemplates");
  // Provided by the integration projects' global setup (vitest.config.ts); anywhere else is a wiring mistake.
  if (!templates) throw new Error("Test database templates are built by the integration projects' globalSetup.");
  return templates[name];
}

/**
 * A fresh database for one test file, on the engine named by TEST_DATABASE: an in-memory PGlite,
 * or a new database on the PostgreSQL server (dropped afterwards). Empty, or with `template` a copy
 * of one built once per run: "plain" holds what prepareDatabase({}) leaves, "demo" the demo catalogue too.
 */
export async function createTestDatabase({ template }: { template?: TemplateName } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== "postgres") {
    const dump = template && new Blob([await readFile(templateOf(template))]);
    return { engine: "pglite", options: { dump }, drop: async () => {} };
  }
  const name = `termin_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const copy = template ? ` template ${templateOf(template)}` : "";
  await withAdmin((client) => client.query(`create database ${name}${copy}`));
  return {
    engine: "postgres",
    options: { databaseUrl: testServerUrl(name), poolSize: 4 },
    drop: () =>
      withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

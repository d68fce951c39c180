import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import type { DatabaseHandle } from "../database.ts";
import { prepareDatabase } from "../prepare-database.ts";
import { seedDemoData } from "../seed/demo/seed-demo-data.ts";
import { testServerUrl, withAdmin } from "./test-postgres-server.ts";

/** "plain": what prepareDatabase({}) leaves; "demo": what prepareDatabase({ demoData: true }) leaves. */
export type TemplateName = "plain" | "demo";

/** Per template: a database name on the PostgreSQL server, or the path of a PGlite dump. */
export type TestTemplates = Record<TemplateName, string>;

declare module "vitest" {
  interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

interface Built {
  templates: TestTemplates;
  remove(): Promise<void>;
}

async function writeDump(handle: DatabaseHandle, path: string): Promise<void> {
  const dump = await handle.dumpDataDir?.();
  if (!dump) throw new Error("Only a PGlite database dumps its data directory.");
  await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
}

async function buildOnPglite(): Promise<Built> {
  const directory = await mkdtemp(join(tmpdir(), "termin-test-templates-"));
  const remove = () => rm(directory, { recursive: true, force: true });
  const templates = { plain: join(directory, "plain.tar"), demo: join(directory, "demo.tar") };
  try {
    // The same steps, in the same order, as prepareDatabase({ demoData: true }), dumped half way.
    const handle = await prepareDatabase({});
    try {
      await writeDump(handle, templates.plain);
      await seedDemoData(handle.db);
      await writeDump(handle, templates.demo);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

async function buildOnPostgres(): Promise<Built> {
  const run = `${process.pid}_${randomBytes(4).toString("hex")}`;
  const templates = { plain: `termin_template_plain_${run}`, demo: `termin_template_demo_${run}` };
  const names = Object.values(templates);
  const remove = () =>
    withAdmin(async (client) => {
      for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    });
  await withAdmin(async (client) => {
    for (const name of names) await client.query(`create database ${name}`);
  });
  try {
    // Closed right away: CREATE DATABASE ... TEMPLATE refuses a template with open connections.
    await Promise.all(
      (["plain", "demo"] as const).map(async (name) => {
        const handle = await prepareDatabase({
          databaseUrl: testServerUrl(templates[name]),
          demoData: name === "demo",
        });
        await handle.close();
      }),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

/**
 * Global setup of the integration projects (vitest.config.ts): builds the "plain" and "demo" databases once
 * per run on the project's engine, so each test file copies one (createTestDatabase) instead of migrating
 * and seeding its own, which takes seconds on PGlite. Returns the teardown that removes them.
 */
export default async function buildTestTemplates(project: TestProject): Promise<() => Promise<void>> {
  const build = project.config.env.TEST_DATABASE === "postgres" ? buildOnPostgres : buildOnPglite;
  const { templates, remove } = await build();
  project.provide("testTemplates", templates);
  return remove;
}

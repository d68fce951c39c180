import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";

// The document as two maintained linters read it, with the repository's own configurations (redocly.yaml and
// .spectral.yaml at the root: what they switch off, and why). Any problem left, error or warning, fails.

const run = promisify(execFile);
const resolve = createRequire(import.meta.url).resolve;
const root = new URL("../../../../", import.meta.url).pathname;
let directory: string;
let file: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "termin-openapi-lint-"));
  file = join(directory, "openapi.json");
  const document = buildOpenApiDocument({ version: "1.0.0", serverUrl: "https://termin.example" });
  await writeFile(file, JSON.stringify(document, null, 2));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

/** A CLI's JSON report, whatever its exit code (both exit 1 when they find a problem). */
async function report(script: string, args: string[]): Promise<string> {
  const result = await run(process.execPath, [script, ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
  );
  return result.stdout;
}

it("passes Redocly's recommended rules with no problem left", { timeout: 60_000 }, async () => {
  const output = await report(resolve("@redocly/cli/bin/cli.js"), [
    "lint",
    file,
    "--config",
    join(root, "redocly.yaml"),
    "--format",
    "json",
    "--max-problems",
    "50",
  ]);
  const { problems } = JSON.parse(output) as {
    problems: Array<{ ruleId: string; message: string; location: Array<{ pointer?: string }> }>;
  };
  expect(problems.map((each) => `${each.ruleId} ${each.location[0]?.pointer}: ${each.message}`)).toEqual([]);
});

it("passes Spectral's spectral:oas rules with no problem left", { timeout: 60_000 }, async () => {
  const output = await report(resolve("@stoplight/spectral-cli/dist/index.js"), [
    "lint",
    file,
    "--ruleset",
    join(root, ".spectral.yaml"),
    "--format",
    "json",
    "--quiet",
  ]);
  const results = JSON.parse(output || "[]") as Array<{ code: string; message: string; path: string[] }>;
  expect(results.map((each) => `${each.code} ${each.path.join("/")}: ${each.message}`)).toEqual([]);
});

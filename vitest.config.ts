import { defineConfig } from "vitest/config";

const exclude = ["**/node_modules/**", "**/build/**", "**/.react-router/**"];
const integration = ["{apps,packages}/**/*.integration-test.ts"];
// PostgreSQL's own behaviour (LISTEN/NOTIFY, a database that goes away, server-side pools): on the server alone, once.
const postgresOnly = ["{apps,packages}/**/*.postgres.integration-test.ts"];
// Builds, once per run, the databases each integration test file copies (see the file).
const globalSetup = ["./packages/db/src/testing/build-test-templates.ts"];
// Measured on two cores (integration suite): two threads 2.3 min, two forks 2.8, one fork (the default here) 4.1.
const parallel = { pool: "threads", maxWorkers: 2 } as const;

// Three kinds of Vitest tests, named by file: *.test.ts(x) unit, *.integration-test.ts against
// a real database, once on embedded PGlite and once on a PostgreSQL server. Browser tests are Playwright's.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{apps,packages}/**/*.test.{ts,tsx}"],
          exclude,
          setupFiles: ["./test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration-pglite",
          include: integration,
          exclude: [...exclude, ...postgresOnly],
          env: { TEST_DATABASE: "pglite" },
          globalSetup,
          ...parallel,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: integration,
          exclude,
          env: { TEST_DATABASE: "postgres" },
          globalSetup,
          ...parallel,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

const exclude = ["**/node_modules/**", "**/build/**", "**/.react-router/**"];
const integration = ["{apps,packages}/**/*.integration-test.ts"];

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
          exclude,
          env: { TEST_DATABASE: "pglite" },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

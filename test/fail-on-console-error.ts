import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// An unexpected console.error is a failure (house style): tests that expect one stub it themselves.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(`Unexpected console.error: ${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});

import { describe, expect, it, vi } from "vitest";
import { orNothing } from "./or-nothing.ts";

// The console's errors are the setup's to check (test/fail-on-console-error.ts): a test that expects one restores
// the spy itself, which forgets the calls it saw.

describe("orNothing", () => {
  it("gives what was asked", async () => {
    expect(await orNothing("the count", async () => 3, 0)).toBe(3);
  });

  it("gives nothing and logs why when the API fails", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("503");
    expect(await orNothing("the count", () => Promise.reject(failure), 0)).toBe(0);
    expect(log).toHaveBeenCalledWith("Could not load the count:", failure);
    log.mockRestore();
  });

  it("gives nothing without a log when the load it was for was left (its request aborted)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const left = new AbortController();
    left.abort();
    const ask = () => fetch("https://termin.example/v1c/notifications", { signal: left.signal }).then(() => 1);
    expect(await orNothing("the count", ask, 0)).toBe(0);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

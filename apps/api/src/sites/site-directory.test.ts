import { describe, expect, it } from "vitest";
import { hostName } from "./site-directory.ts";

describe("hostName", () => {
  it("keeps hosts as the domains table does: lower-case, without port or trailing dot", () => {
    expect(hostName("Salon.Example:8443")).toBe("salon.example");
    expect(hostName("studio-lena.localhost.")).toBe("studio-lena.localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("127.0.0.1")).toBe("127.0.0.1");
  });
});

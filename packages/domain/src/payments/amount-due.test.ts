import { describe, expect, it } from "vitest";
import { amountDueOnline, paymentPolicyOf } from "./amount-due.ts";

describe("amountDueOnline", () => {
  it("asks nothing online for a visit paid at the venue, or for nothing", () => {
    expect(amountDueOnline({ kind: "venue" }, 5000)).toBe(0);
    expect(amountDueOnline({ kind: "prepay" }, 0)).toBe(0);
  });

  it("asks the whole price for a prepayment", () => {
    expect(amountDueOnline({ kind: "prepay" }, 4550)).toBe(4550);
  });

  it("asks a percent deposit rounded up to a whole cent, and a fixed one never above the total", () => {
    expect(amountDueOnline({ kind: "deposit", depositType: "percent", depositValue: 30 }, 4555)).toBe(1367);
    expect(amountDueOnline({ kind: "deposit", depositType: "fixed", depositValue: 1000 }, 4555)).toBe(1000);
    expect(amountDueOnline({ kind: "deposit", depositType: "fixed", depositValue: 9000 }, 4555)).toBe(4555);
  });

  it("reads a policy from its columns", () => {
    expect(paymentPolicyOf({ paymentPolicy: "deposit", depositType: "percent", depositValue: 20 })).toEqual({
      kind: "deposit",
      depositType: "percent",
      depositValue: 20,
    });
    expect(paymentPolicyOf({ paymentPolicy: "prepay", depositType: null, depositValue: null })).toEqual({
      kind: "prepay",
    });
  });
});

import { describe, expect, it } from "vitest";
import { retryTransaction } from "./retry-transaction.ts";

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { cause: { code } });

describe("retryTransaction", () => {
  it("runs a transaction rolled back by a deadlock again, and answers its result", async () => {
    let runs = 0;
    const result = await retryTransaction(async () => {
      runs++;
      if (runs < 3) throw failure("40P01");
      return "booked";
    });
    expect({ result, runs }).toEqual({ result: "booked", runs: 3 });
  });

  it("gives up after the attempts, and never retries other errors", async () => {
    let runs = 0;
    const deadlocked = retryTransaction(async () => {
      runs++;
      throw failure("40001");
    }, 2);
    await expect(deadlocked).rejects.toThrow("failed with 40001");
    expect(runs).toBe(2);

    runs = 0;
    const clash = retryTransaction(async () => {
      runs++;
      throw failure("23P01");
    });
    await expect(clash).rejects.toThrow("failed with 23P01");
    expect(runs).toBe(1);
  });
});

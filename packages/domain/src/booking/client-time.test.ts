import { describe, expect, it } from "vitest";
import { freeForClient } from "./client-time.ts";

const at = (hour: number) => Date.UTC(2026, 11, 4, 0) + hour * 3_600_000;
const slot = (from: number, to: number) => ({ start: at(from), end: at(to) });

describe("freeForClient", () => {
  it("leaves out the slots overlapping the client's own time, keeping those that only touch it", () => {
    const slots = [slot(7, 8), slot(7.5, 8.5), slot(8.25, 9.25), slot(9, 10)];
    expect(freeForClient(slots, [slot(7, 8.25)])).toEqual([slot(8.25, 9.25), slot(9, 10)]);
  });

  it("keeps every slot when the client has nothing else, and none inside a long busy stretch", () => {
    const slots = [slot(10, 11), slot(12, 13)];
    expect(freeForClient(slots, [])).toEqual(slots);
    expect(freeForClient(slots, [slot(9, 14)])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ImageCache } from "./image-cache.ts";

const bytes = (n: number) => Buffer.alloc(n);

describe("ImageCache", () => {
  it("evicts the least recently used entries beyond its byte budget", () => {
    const cache = new ImageCache(10);
    cache.set("a", bytes(4));
    cache.set("b", bytes(4));
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", bytes(4)); // 12 bytes: b goes
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("never keeps a single entry larger than the budget", () => {
    const cache = new ImageCache(10);
    cache.set("big", bytes(11));
    expect(cache.get("big")).toBeUndefined();
  });
});

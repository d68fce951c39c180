import { describe, expect, it, vi } from "vitest";
import { loadCatalog } from "./load-catalog.ts";

const catalog = { app: { name: "Termin" } };

describe("loadCatalog", () => {
  it("retries a failed load once and then succeeds", async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError("network down"))
      .mockResolvedValueOnce(Response.json(catalog));
    await expect(loadCatalog("bg", fetchImpl)).resolves.toEqual(catalog);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(String(fetchImpl.mock.calls[0]?.[0])).toMatch(/bg.*\.json$/);
  });

  it("gives up after the one retry", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response("", { status: 503 }));
    await expect(loadCatalog("el", fetchImpl)).rejects.toThrow(/503/);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("loads each language from its own file", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => Response.json(catalog));
    await loadCatalog("de", fetchImpl);
    await loadCatalog("mk", fetchImpl);
    const [de, mk] = fetchImpl.mock.calls.map(([url]) => String(url));
    expect(de).not.toBe(mk);
  });
});

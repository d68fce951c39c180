import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "./script-preload-priority.server.ts";

const page = (body: string) => Buffer.from(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);

describe("lowPriorityScriptPreloads", () => {
  it("asks for every module preload at low priority and leaves the rest of the page as it was", () => {
    const html = page(
      '<p>Café – «Ωραία»</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
        '<link rel="preload" as="image" href="/images/1"/><script type="module" async="">import "/assets/a.js";</script>',
    );
    expect(lowPriorityScriptPreloads(html).toString("utf8")).toBe(
      page(
        '<p>Café – «Ωραία»</p><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>' +
          '<link rel="preload" as="image" href="/images/1"/><script type="module" async="">import "/assets/a.js";</script>',
      ).toString("utf8"),
    );
  });

  it("returns a page without module preloads unchanged", () => {
    const html = page("<p>Not found</p>");
    expect(lowPriorityScriptPreloads(html)).toBe(html);
  });
});

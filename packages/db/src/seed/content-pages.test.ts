import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTENT_PAGE_IDS } from "@termin/domain/content-pages";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import type { ContentBlock } from "@termin/contracts/resources";

type Pages = Record<string, { title: string; summary: string; blocks: ContentBlock[] }>;
const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`./content-pages/${name}.json`, import.meta.url), "utf8"));

describe("content page texts", () => {
  const english = read("en") as Pages;

  it.each(SUPPORTED_LANGUAGES)("%s has every page with the English structure, translated", (language) => {
    const pages = read(language) as Pages;
    expect(Object.keys(pages).sort()).toEqual([...CONTENT_PAGE_IDS].sort());
    for (const id of CONTENT_PAGE_IDS) {
      const page = pages[id];
      expect(page?.title.trim()).toBeTruthy();
      expect(page?.summary.trim()).toBeTruthy();
      expect(page?.blocks.map((b) => b.type)).toEqual(english[id]?.blocks.map((b) => b.type));
      if (language !== "en") expect(page?.title).not.toBe(english[id]?.title);
    }
  });

  it("has a revision date for every page", () => {
    const revisions = read("revisions") as Record<string, string>;
    for (const id of CONTENT_PAGE_IDS) expect(revisions[id]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

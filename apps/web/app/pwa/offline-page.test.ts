import { describe, expect, it } from "vitest";
import { offlinePageHtml } from "./offline-page.ts";

describe("offlinePageHtml", () => {
  const html = offlinePageHtml("bg", { title: "Няма връзка", body: "<Опитайте> & пак", tryAgain: "Опитай" });

  it("is a page in the visitor's language", () => {
    expect(html).toContain('<html lang="bg"');
    expect(html).toContain("<h1>Няма връзка</h1>");
    expect(html).toContain("<title>Няма връзка</title>");
  });

  it("escapes the texts and loads nothing", () => {
    expect(html).toContain("&#60;Опитайте&#62; &#38; пак");
    expect(html).not.toMatch(/<script|<link|src=/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_PAGE_IDS } from "@termin/domain/content-pages";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import type { PageResource } from "@termin/contracts/resources";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

type Page = SingleDocument<PageResource>;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const getPage = (id: string, acceptLanguage?: string) =>
  fetch(`${api.baseUrl}/v1c/pages/${id}`, { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });

describe("GET /v1c/pages/:id", () => {
  it("serves every page in every language, in the language asked for", async () => {
    const titles = new Map<string, string>();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const id of CONTENT_PAGE_IDS) {
        const response = await getPage(id, `${language};q=0.9,en;q=0.8`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-language")).toBe(language);
        expect(response.headers.get("vary")).toMatch(/accept-language/i);
        const { data } = await readJson<Page>(response);
        expect(data).toMatchObject({ type: "pages", id, attributes: { language } });
        expect(data.attributes.blocks.length).toBeGreaterThan(2);
        titles.set(`${language}/${id}`, data.attributes.title);
      }
    }
    // Translations, not copies: no two languages share a page title .
    expect(new Set(SUPPORTED_LANGUAGES.map((l) => titles.get(`${l}/privacy-policy`))).size).toBe(
      SUPPORTED_LANGUAGES.length,
    );
  });

  it("answers in Bulgarian for the spec's header and in English for an unsupported language", async () => {
    expect((await readJson<Page>(await getPage("terms", "bg;q=0.9,en;q=0.8"))).data.attributes.language).toBe("bg");
    expect((await readJson<Page>(await getPage("terms", "ja"))).data.attributes.language).toBe("en");
    expect((await readJson<Page>(await getPage("terms"))).data.attributes.language).toBe("en");
  });

  it("answers 404 with a JSON:API error for an unknown page", async () => {
    const response = await getPage("secret-page");
    expect(response.status).toBe(404);
    expect(await readJson<ErrorDocument>(response)).toMatchObject({ errors: [{ status: "404", code: "not_found" }] });
  });
});

describe("GET /v1c/pages", () => {
  it("lists the four content pages with sparse fields", async () => {
    const response = await fetch(`${api.baseUrl}/v1c/pages?fields[pages]=title`, {
      headers: { "accept-language": "el" },
    });
    const body = await readJson<CollectionDocument<PageResource>>(response);
    expect(body.data.map((p) => p.id).sort()).toEqual([...CONTENT_PAGE_IDS].sort());
    expect(Object.keys(body.data[0]?.attributes ?? {})).toEqual(["title"]);
    expect(body.meta.total).toBe(4);
  });
});

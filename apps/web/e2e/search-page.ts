import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Whether the page is as wide as a phone's, where the search page folds its filters (catalogue.css). */
export const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The search filters' disclosure, and the button that opens it on a phone (its summary). */
export const filtersPanel = (page: Page) => page.locator("details.search-filters__panel");
export const filtersButton = (page: Page) => filtersPanel(page).locator("summary");

/**
 * Opens the search filters where they are folded behind their button (a phone); a wide screen always shows them.
 * Works without JavaScript too: the button is a native disclosure's.
 */
export async function openSearchFilters(page: Page): Promise<void> {
  if (!onPhone(page)) return;
  if ((await filtersPanel(page).getAttribute("open")) === null) await filtersButton(page).click();
  await expect(filtersPanel(page)).toHaveAttribute("open", "");
}

/** A catalog text with a count, in the plural form the language's rules pick, the count written as Intl writes it. */
export function counted(language: string, forms: Partial<Record<Intl.LDMLPluralRule, string>>, count: number): string {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other ?? "";
  return form.replace("{{formatted}}", new Intl.NumberFormat(language).format(count));
}

/** How many places the API finds for a search (`filter[city]=sofia&...`). */
export async function searchTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/v1c/search?${query}&page[size]=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  journeyTab,
  required,
  sidewaysOverflow,
  test,
  waitForStableApp,
} from "./fixtures.ts";
import { counted, filtersButton, filtersPanel, searchTotal } from "./search-page.ts";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };
import cities from "../../../packages/db/src/seed/demo/data/cities.json" with { type: "json" };

const sofia = required(
  cities.find((city) => city.slug === "sofia"),
  "the city of Sofia",
);

type Texts = typeof en;
const languages: Array<{ language: "en" | "bg"; texts: Texts }> = [
  { language: "en", texts: en },
  { language: "bg", texts: bg },
];

const results = (page: Page) => page.locator(".card-grid .location-card");
const resultCount = (page: Page) => page.locator(".search-page__summary [role=status]");
const filtersChosen = (language: string, texts: Texts, count: number) =>
  counted(language, { one: texts.search.filtersChosen_one, other: texts.search.filtersChosen_other }, count);
const places = (language: string, texts: Texts, count: number) =>
  counted(language, { one: texts.search.resultCount_one, other: texts.search.resultCount_other }, count);

/** Tests for one side of the 768 px fold: playwright.config.ts runs each in the projects of that width. */
const PHONE = { tag: "@phone" };
const WIDE = { tag: "@wide" };

/** Waits for a navigation started by the page (an applied filter) and the app to settle. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await waitForStableApp(page);
}

for (const { language, texts } of languages) {
  test(
    `[${language}] on a phone the first results show at once, and one button above them opens the filters and counts them`,
    PHONE,
    async ({ page, visit, request }) => {
      const city = page.getByLabel(texts.search.city, { exact: true });
      const toggle = filtersButton(page);
      await visit(`/${language}/search`);

      // The first place is on the first screen, below the folded filters' button.
      await expect(results(page).first()).toBeInViewport();
      await expect(toggle).toHaveText(texts.search.filters);
      await expect(city).toBeHidden();
      const toggleTop = required(await toggle.boundingBox(), "the Filters button").y;
      expect(toggleTop).toBeLessThan(required(await results(page).first().boundingBox(), "the first place").y);

      await toggle.click();
      await expect(filtersPanel(page)).toHaveAttribute("open", "");
      await expect(city).toBeVisible();
      await expectNoAxeViolations(page);

      // Each filter applies at once: the address, the places found and the button's count follow.
      await city.selectOption("sofia");
      await expect(page).toHaveURL(new RegExp(`/${language}/search\\?city=sofia$`));
      await settled(page);
      await expect(toggle).toHaveText(filtersChosen(language, texts, 1));
      await expect(resultCount(page)).toHaveText(
        places(language, texts, await searchTotal(request, "filter[city]=sofia")),
      );
      await page.getByLabel(texts.search.businessType, { exact: true }).selectOption("nail-salon");
      await expect(page).toHaveURL(new RegExp(`/${language}/search\\?city=sofia&type=nail-salon$`));
      await settled(page);
      await expect(toggle).toHaveText(filtersChosen(language, texts, 2));
      const nailSalons = await searchTotal(request, "filter[city]=sofia&filter[business_type]=nail-salon");
      expect(nailSalons).toBeGreaterThan(0);
      await expect(resultCount(page)).toHaveText(places(language, texts, nailSalons));

      // "Show results" folds the filters and leaves the places in view, the keyboard on the button that opens them.
      await page.getByRole("button", { name: texts.search.showResults, exact: true }).click();
      await expect(city).toBeHidden();
      await expect(toggle).toBeFocused();
      await settled(page);
      await expect(results(page).first()).toBeInViewport();
      await expect(results(page)).toHaveCount(nailSalons);
      for (const place of await results(page).locator(".location-card__place").allTextContents()) {
        expect(place).toContain(sofia.names[language]);
      }
      expect(await sidewaysOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    },
  );

  test(
    `[${language}] on a wide screen the filters show above the results as before, without a button`,
    WIDE,
    async ({ page, visit, request }) => {
      await visit(`/${language}/search`);
      for (const label of [
        texts.search.city,
        texts.search.service,
        texts.search.businessType,
        texts.search.rating,
        texts.search.freeOn,
        texts.search.partOfDay,
        texts.search.sort,
      ]) {
        await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole("button", { name: texts.search.nearMe })).toBeVisible();
      await expect(filtersButton(page)).toBeHidden();
      await expect(page.getByRole("button", { name: texts.search.showResults })).toBeHidden();
      await expect(results(page).first()).toBeInViewport();

      await page.getByLabel(texts.search.city, { exact: true }).selectOption("sofia");
      await expect(page).toHaveURL(new RegExp(`/${language}/search\\?city=sofia$`));
      await settled(page);
      await expect(resultCount(page)).toHaveText(
        places(language, texts, await searchTotal(request, "filter[city]=sofia")),
      );
      await expect(page.getByLabel(texts.search.businessType, { exact: true })).toBeVisible();
      await expect(filtersButton(page)).toBeHidden();
    },
  );
}

test(
  "without JavaScript a phone opens the filters, and Show results applies them with the filters folded",
  PHONE,
  async ({ page, browser, baseURL, request }) => {
    const { context, tab } = await journeyTab({ browser, page, baseURL }, false);
    await tab.goto("/de/search");
    const city = tab.getByLabel(de.search.city, { exact: true });
    await expect(city).toBeHidden();
    await filtersButton(tab).click();
    await city.selectOption("sofia");
    await tab.getByRole("button", { name: de.search.showResults, exact: true }).click();
    await expect(tab).toHaveURL(/\/de\/search\?.*city=sofia/);
    await expect(city).toBeHidden();
    await expect(filtersButton(tab)).toHaveText(filtersChosen("de", de, 1));
    await expect(resultCount(tab)).toHaveText(places("de", de, await searchTotal(request, "filter[city]=sofia")));
    await expect(results(tab).first()).toBeInViewport();
    await context.close();
  },
);

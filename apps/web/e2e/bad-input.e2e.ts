import { expect, expectNoAxeViolations, test, waitForStableApp } from "./fixtures.ts";
import en from "../app/i18n/locales/en.json" with { type: "json" };

// What a visitor types or follows wrongly gets a page that says so, never the error page (decision 0024).

test("searching for one letter stays on the search page, which says what to type", async ({ page, visit }) => {
  await visit("/en/home");
  await page.getByRole("combobox", { name: en.search.label }).fill("x");
  await page.getByRole("button", { name: en.search.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\?q=x$/);
  await expect(page.getByRole("status").filter({ hasText: en.search.queryTooShort })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.search.title);
  await expectNoAxeViolations(page);

  // The same address opened directly is the same page, not an error.
  const response = await page.goto("/en/search?q=x");
  expect(response?.status()).toBe(200);
  await waitForStableApp(page);
  await expect(page.getByText(en.search.queryTooShort)).toBeVisible();
});

test.describe("an address naming nothing", () => {
  // Chromium reports the 404 document itself as a failed resource load.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("a NUL character in a place's address is the 404 page, status 404", async ({ page }) => {
    const response = await page.goto("/en/location/%00");
    expect(response?.status()).toBe(404);
    await waitForStableApp(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.notFound.title);
    await expect(page.getByRole("link", { name: en.notFound.home })).toBeVisible();
  });
});

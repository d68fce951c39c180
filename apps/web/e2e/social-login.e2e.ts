import { TEST_USER } from "../../../test/oidc-test-provider.ts";
import { expect, expectNoAxeViolations, openMenu, test, waitForStableApp } from "./fixtures.ts";

/**
 * "Continue with Google" against a real OpenID Connect provider on localhost:3199 (playwright.config.ts
 * starts it and points GOOGLE_ISSUER_URL at it): the browser goes there, signs in on its form, and comes back.
 */
const PROVIDER = "http://localhost:3199";
const DISPLAY_NAME = `${TEST_USER.given_name} ${TEST_USER.family_name}`;

test("a visitor continues with Google, chooses the account at the provider and comes back signed in where they were heading", async ({
  page,
  visit,
}) => {
  await visit("/en/sign-in?redirectTo=/en/services");
  await page.getByRole("link", { name: "Continue with Google" }).click();

  await expect(page).toHaveURL(new RegExp(`^${PROVIDER}/interaction/`));
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(TEST_USER.email);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/en\/services$/);
  const menu = await openMenu(page);
  await expect(menu.getByText(DISPLAY_NAME)).toBeVisible();
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.keyboard.press("Escape");

  // Automatic sign-in is off: with a session at the provider, the next Google sign-in still asks.
  await page.goto("/auth/google?lang=en&redirectTo=/en/home");
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test.describe("when the Google sign-in does not complete", () => {
  test.use({ allowConsoleErrors: [/^Social login failed/] });

  test("cancelling at the provider shows why on the sign-in page and in the console", async ({ page, visit }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await visit("/en/sign-in");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/en\/sign-in\?social_error=denied/);
    await expect(page.getByRole("alert")).toHaveText("Signing in with Google was cancelled.");
    await waitForStableApp(page);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toContain("Social login failed (denied): Signing in with Google was cancelled.");
    const menu = await openMenu(page);
    await expect(menu.getByText("Your profile")).toBeVisible();
  });

  test("a callback this browser did not start is refused", async ({ page }) => {
    await page.goto("/auth/google/callback?code=stolen&state=guessed");
    await expect(page).toHaveURL(/\/en\/sign-in\?social_error=expired/);
    await expect(page.getByRole("alert")).toHaveText(
      "The Google sign-in took too long or was started in another window. Please try again.",
    );
    await waitForStableApp(page);
    await expectNoAxeViolations(page);
  });
});

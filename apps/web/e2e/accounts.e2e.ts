import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openMenu, required, test, waitForStableApp } from "./fixtures.ts";
import { mailTo } from "./outbox.ts";
import { signUpAndSignIn } from "./account-fixtures.ts";

const PASSWORD = "lilac-harbour-42";

/** An address no other test (or width) uses. */
const newEmail = () => `e2e-${randomUUID()}@example.test`;

async function signUpThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post("/auth/sign-up", {
    data: { email, password: PASSWORD, first_name: "Rada", last_name: "Koleva", language: "en" },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a new client signs up, confirms the e-mail from the outbox, logs out with confirmation and signs in again", async ({
  page,
  visit,
}) => {
  const email = newEmail();
  await visit("/en/home");
  let menu = await openMenu(page);
  await expect(menu.getByText("Your profile")).toBeVisible();
  await menu.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create an account", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Country code").selectOption("BG");
  await page.getByLabel("Phone number").fill("888 123 456");
  await page.getByRole("button", { name: "Create account" }).click();

  // First told where the confirmation mail went, then back where the visitor started, signed in: the menu
  // greets them by name.
  await expect(page.getByRole("status")).toHaveText(
    `We sent a link to ${email}. Open it to confirm your e-mail address.`,
  );
  await expect(page.getByRole("status")).toBeFocused();
  await expectNoAxeViolations(page);
  // The buttons stand apart from the notice, not against it.
  const notice = await page.getByRole("status").boundingBox();
  const continueButton = await page.getByRole("link", { name: "Continue" }).boundingBox();
  expect((continueButton?.y ?? 0) - ((notice?.y ?? 0) + (notice?.height ?? 0))).toBeGreaterThanOrEqual(16);

  // A mail that did not come can be asked for again; the newest link is the one opened below.
  await mailTo(email, "verify_email");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("status")).toHaveText(`We sent a new link to ${email}. Check your spam folder too.`);
  await expect(page.getByRole("status")).toBeFocused();
  await mailTo(email, "verify_email", { atLeast: 2 });
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
  menu = await openMenu(page);
  await expect(menu.getByText("Nia Tester")).toBeVisible();
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.keyboard.press("Escape");

  const mail = await mailTo(email, "verify_email", { atLeast: 2 });
  expect(mail.subject).toMatch(/confirm/i);
  await visit(new URL(mail.link).pathname + new URL(mail.link).search);
  await expect(page.getByText("Thank you, your e-mail address is confirmed.")).toBeVisible();

  menu = await openMenu(page);
  await menu.getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Logout" });
  await expect(dialog.getByText("Are you sure you want to log out of your account?")).toBeVisible();
  await dialog.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/en\/home$/);
  menu = await openMenu(page);
  await expect(menu.getByText("Your profile")).toBeVisible();
  await menu.getByRole("link", { name: "Sign in", exact: true }).click();

  await signIn(page, email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The e-mail or password is not correct.");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/en\/home$/);
  menu = await openMenu(page);
  await expect(menu.getByText("Nia Tester")).toBeVisible();
});

test("asking for the confirmation mail again is limited to 5 an hour, and the page says so", async ({
  page,
  request,
  visit,
}) => {
  const client = await signUpAndSignIn(page, request, { language: "en" });
  for (let asked = 0; asked < 5; asked++) {
    const response = await request.post("/auth/email-verification", {
      headers: { authorization: client.authorization },
    });
    expect(response.status()).toBe(202);
  }
  await visit("/en/verify-email");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many attempts. Please wait a few minutes and try again.");
  await expect(page.getByRole("alert")).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a login-required page sends a visitor to sign in on the server, then back to it", async ({
  page,
  request,
  visit,
}) => {
  for (const path of ["/en/forms", "/en/notifications", "/en/settings", "/en/my-locations"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location).toBe(`/en/sign-in?redirectTo=${encodeURIComponent(path)}`);
  }
  const email = newEmail();
  await signUpThroughApi(request, email);
  await visit("/en/notifications");
  await expect(page).toHaveURL(/\/en\/sign-in\?redirectTo=%2Fen%2Fnotifications$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/en\/notifications$/);
  await waitForStableApp(page);
});

test("a forgotten password is reset from the e-mailed link", async ({ page, request, visit }) => {
  const email = newEmail();
  await signUpThroughApi(request, email);
  await visit("/en/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account exists for ${email}`);

  const mail = await mailTo(email, "reset_password");
  await visit(new URL(mail.link).pathname + new URL(mail.link).search);
  await page.getByLabel("New password").fill("tangerine-meadow-77");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Your password was changed. Sign in with the new one.")).toBeVisible();
  await signIn(page, email, "tangerine-meadow-77");
  await expect(page).toHaveURL(/\/en\/home$/);

  // The spent link says so as soon as it is opened, with no form to fill in for nothing.
  await visit(new URL(mail.link).pathname + new URL(mail.link).search);
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used.");
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the phone's country box shows the whole country name and dialling code at every width", async ({
  page,
  visit,
}) => {
  await visit("/bg/sign-up");
  const country = page.getByRole("combobox", { name: "Код на държавата" });
  await expect(country).toHaveValue("BG");
  // What the closed select shows is its chosen option's text; measured in the select's own font, it must fit
  // inside the box beside the drop-down arrow.
  const fit = await country.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.font = style.font;
    const text = select.selectedOptions[0]?.text ?? "";
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    return { text, needed: Math.ceil(context.measureText(text).width), room };
  });
  expect(fit.text).toBe("България (+359)");
  expect(fit.needed).toBeLessThanOrEqual(fit.room);
});

for (const how of ["tap", "Enter"] as const) {
  test(`the logout question answers a ${how} the moment it appears`, async ({ page, request, hasTouch }) => {
    await signUpAndSignIn(page, request);
    await page.goto("/en/home");
    const menu = await openMenu(page);
    await menu.getByRole("button", { name: "Logout" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Logout" }).getByRole("button", { name: "Logout" });
    // No waiting for the dialog to finish appearing: a person who knows the way presses at once.
    await confirm.waitFor({ state: "attached" });
    if (how === "tap") {
      // Where the button is, without Playwright's wait for it to stand still.
      const box = required(await confirm.boundingBox(), "the Logout button's place");
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (hasTouch) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
    } else {
      await confirm.focus();
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect((await openMenu(page)).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  });
}

test("a session ended elsewhere leaves the pages as a visitor's, with nothing in the console", async ({
  page,
  request,
}) => {
  const client = await signUpAndSignIn(page, request);
  // Signed out on another device: this browser's cookie still holds the revoked tokens.
  const revoked = await request.post("/auth/revoke", { data: { token: client.tokens.refresh_token } });
  expect(revoked.ok()).toBe(true);
  const personal = page.waitForResponse((response) => new URL(response.url()).pathname === "/en/personal");
  await page.goto("/en/home");
  expect((await personal).status()).toBe(200);
  const menu = await openMenu(page);
  await expect(menu.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  // The page fixture fails the test on any console error, such as a 401 logged as a failed load.
});

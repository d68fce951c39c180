import sharp from "sharp";
import { signUpAndSignIn } from "./account-fixtures.ts";
import { expect, expectNoAxeViolations, openMenu, sidewaysOverflow, test, toast } from "./fixtures.ts";

/** A real picture, as a phone's camera would hand one over. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();

test("edit profile in Bulgarian, switch to English, change the picture, download the data, delete the account", async ({
  page,
  request,
  visit,
}) => {
  test.slow();
  const client = await signUpAndSignIn(page, request, { language: "bg" });
  await visit("/bg/settings");
  await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Настройки · /);

  // A number that is not one of Bulgaria's: the error is at the phone, what was typed stays.
  await page.getByLabel("Име", { exact: true }).fill("Мария");
  await page.getByLabel("Фамилия").fill("Петрова");
  await page.getByLabel("Код на държавата").selectOption("BG");
  await page.getByLabel("Телефонен номер").fill("12");
  await page.getByRole("button", { name: "Запази промените" }).click();
  const phone = page.getByLabel("Телефонен номер");
  await expect(page.getByText("Въведете валиден телефонен номер за избраната държава.")).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Име", { exact: true })).toHaveValue("Мария");
  await expectNoAxeViolations(page);

  await phone.fill("088 123 4567");
  await page.getByLabel("Дата на раждане").fill("1990-05-17");
  await page.getByRole("radio", { name: "Жена" }).check();
  await page.getByLabel("Град").fill("София");
  await page.getByRole("combobox", { name: "Държава", exact: true }).selectOption("BG");
  await page.getByRole("switch", { name: /Новини и оферти/ }).check();
  await page.getByRole("button", { name: "Запази промените" }).click();
  await expect(toast(page, "Промените са запазени.")).toBeVisible();
  // The number comes back as the spec shows a phone ('+', the country's code, the national number), grouped as
  // Bulgaria writes numbers; the field shows it as typed at home.
  await expect(page.getByText("+359 88 123 4567")).toBeVisible();
  await expect(phone).toHaveValue("088 123 4567");
  await expect(page.getByText("Мария Петрова")).toBeVisible();

  // Another language: the page comes back in it at once, and stays in it.
  await page.getByRole("combobox", { name: "Език", exact: true }).selectOption("en");
  await page.getByRole("button", { name: "Запази промените" }).click();
  await expect(page).toHaveURL(/\/en\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(toast(page, "Your changes were saved.")).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveValue("1990-05-17");
  await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();
  await expect(page.getByRole("switch", { name: /News and offers/ })).toBeChecked();

  // A new picture: previewed, uploaded, then shown from the server, also in the menu.
  await page
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photo() });
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(toast(page, "Your new picture was saved.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveAttribute(
    "src",
    /^\/avatars\/[\w-]+\?s=192$/,
  );
  await expectNoAxeViolations(page);

  // Download my data: a JSON file of one's own account.
  const exported = await page.context().request.get("/en/settings/export");
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="termin-data-/);
  expect((await exported.json()).profile).toMatchObject({ email: client.email, first_name: "Мария", city: "София" });

  // Deleting asks first; then the client is signed out everywhere and lands at home.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete account" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(toast(page, "Your account was deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/home$/);
  const menu = await openMenu(page);
  await expect(menu.getByText("Your profile")).toBeVisible();
  const profile = await request.get("/v1c/clients/me", { headers: { authorization: client.authorization } });
  expect(profile.status()).toBe(401);
});

test("a file that is not a picture is refused without a broken preview", async ({ page, request, visit }) => {
  await signUpAndSignIn(page, request);
  await visit("/en/settings");
  const choose = page.getByLabel("Choose a picture");
  const picture = page.getByRole("img", { name: "Your profile picture" });
  await choose.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(picture).toHaveCount(0);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByRole("alert")).toHaveText("Use a JPEG, PNG or WebP picture.");
  await expect(picture).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("settings need a signed-in client", async ({ page }) => {
  await page.goto("/en/settings");
  await expect(page).toHaveURL(/\/en\/sign-in\?redirectTo=%2Fen%2Fsettings$/);
});

test("change the password and remove the picture", async ({ page, request, visit }) => {
  const client = await signUpAndSignIn(page, request);
  await request.put("/v1c/clients/me/avatar", {
    headers: { authorization: client.authorization, "content-type": "image/png" },
    data: await photo(),
  });
  await visit("/en/settings");
  // Every section fits the narrowest screen without sideways scrolling.
  expect(await sidewaysOverflow(page)).toBe(0);

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("a-brand-new-harbour-7");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Current password").fill(client.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Your password was changed.")).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveValue("");
  const signIn = await request.post("/auth/token", {
    data: { grant_type: "password", username: client.email, password: "a-brand-new-harbour-7" },
  });
  expect(signIn.status()).toBe(200);

  await expect(page.getByRole("img", { name: "Your profile picture" })).toBeVisible();
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(toast(page, "Your picture was removed.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove picture" })).toHaveCount(0);
});

import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

// The API's reference as a partner's developer reads it: any console error (a CSP violation too) fails the test.

test("/docs/api shows the document in Swagger UI, served from this origin within its CSP", async ({ page }) => {
  await page.goto("/docs/api");
  // Rendered in the browser from /v1c/openapi.json: the operations, each with its answers.
  await expect(page.getByRole("heading", { name: /Termin client API/ })).toBeVisible();
  const booking = page.locator(".opblock").filter({ hasText: "/v1c/appointments/{id}" }).first();
  await booking.locator(".opblock-summary").click();
  await expect(booking.getByText("No such appointment of this client").first()).toBeVisible();
  // Each answer shows its example, readable: the examples' code blocks keep Swagger UI's own colours.
  const location = page.locator(".opblock").filter({ hasText: "/v1c/locations/{id}" }).first();
  await location.locator(".opblock-summary").click();
  await expect(
    location
      .locator(".responses-wrapper pre")
      .getByText(/Studio Lena/)
      .first(),
  ).toBeVisible();
  const contrast = await new AxeBuilder({ page }).include(".opblock-body").withRules(["color-contrast"]).analyze();
  expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
});

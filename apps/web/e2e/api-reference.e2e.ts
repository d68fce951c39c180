import { expect, test } from "./fixtures.ts";

// The API's reference as a partner's developer reads it: any console error (a CSP violation too) fails the test.

test("/docs/api shows the document in Swagger UI, served from this origin within its CSP", async ({ page }) => {
  await page.goto("/docs/api");
  // Rendered in the browser from /v1c/openapi.json: the operations, each with its answers.
  await expect(page.getByRole("heading", { name: /Termin client API/ })).toBeVisible();
  const booking = page.locator(".opblock").filter({ hasText: "/v1c/appointments/{id}" }).first();
  await booking.locator(".opblock-summary").click();
  await expect(booking.getByText("No such appointment of this client").first()).toBeVisible();
});

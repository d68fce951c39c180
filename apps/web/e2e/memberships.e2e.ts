import { signInAsDemoClient, signUpAndSignIn } from "./account-fixtures.ts";
import { bookThroughApi, main } from "./booking-fixtures.ts";
import { expect, openMenu, required, test } from "./fixtures.ts";
import { coveredOffer } from "./membership-fixtures.ts";

test("memberships on offer in a city, at a business, and the demo client's own in English and Bulgarian", async ({
  page,
  request,
  visit,
}) => {
  // Without a city, a Bulgarian page opens on Sofia, as the classes page does.
  await visit("/bg/memberships?city=sofia");
  const sofia = required(await page.getByRole("heading", { level: 1 }).textContent(), "the heading");
  await visit("/bg/memberships");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sofia);

  await visit("/en/memberships?city=sofia");
  await expect(page.getByRole("heading", { name: "Memberships in Sofia", level: 1 })).toBeVisible();
  const offer = main(page).getByRole("article").first();
  await expect(offer.getByRole("button", { name: "Buy" })).toBeVisible();
  await expect(offer).toContainText(/€\d/);
  await expect(offer).toContainText(/3 months · |Starts with your first visit/);

  // From the business of an offer to its own memberships.
  await offer.getByRole("link").first().click();
  await page.getByRole("link", { name: "Memberships of this business" }).click();
  await expect(page).toHaveURL(/\/en\/memberships\?business=/);
  await expect(page.getByRole("heading", { level: 1, name: /^Memberships of / })).toBeVisible();

  await signInAsDemoClient(page.context(), request);
  await visit("/en/home");
  const menu = await openMenu(page);
  await menu.getByRole("link", { name: "My memberships" }).click();
  await expect(page).toHaveURL(/\/en\/my-memberships$/);
  const mine = main(page).getByRole("article").first();
  await expect(mine).toContainText("Active");
  await expect(mine).toContainText(/9 of 10 left/);
  // The demo history: visits that spent a credit, and the one cancelled that gave it back.
  await expect(mine.getByRole("link", { name: /^Used: / }).first()).toBeVisible();
  await expect(mine.getByRole("link", { name: /^Returned \(cancelled\): / })).toHaveCount(1);

  await visit("/bg/my-memberships");
  await expect(page.getByRole("heading", { name: "Моите карти", level: 1 })).toBeVisible();
  await expect(main(page).getByRole("article").first()).toContainText("Активна");
  await expect(main(page).getByRole("link", { name: /^Върнато \(отменено\): / })).toHaveCount(1);
});

test("a booking a membership covers costs nothing, spends a visit and gets it back when cancelled", async ({
  page,
  request,
  visit,
}, testInfo) => {
  const found = await coveredOffer(request);
  const client = await signUpAndSignIn(page, request);
  const left = (count: number) =>
    found.membership.creditsEach === null ? "unlimited" : `${count} of ${found.membership.creditsEach} left`;
  const credits = (count: number) => `${found.service.name}: ${left(count)}`;
  // A service's name may hold what a pattern reads as its own ("Saç + sakal").
  const serviceName = found.service.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  await visit(`/en/memberships?location=${found.place.slug}`);
  const offer = main(page).getByRole("article", { name: found.membership.name });
  await offer.getByRole("button", { name: "Buy" }).click();
  await expect(page).toHaveURL(/\/en\/my-memberships\?bought=\d+$/);
  await expect(page.getByRole("status")).toHaveText("Your membership is active.");
  await expect(main(page)).toContainText(credits(found.membership.creditsEach ?? 0));

  // The picker already says so, before booking.
  await visit(`/en/book/${found.place.slug}?service=${found.service.id}`);
  await expect(main(page).getByText(/Covered by membership/)).toBeVisible();

  // Each width books its own time (the first, the last of several days), so the two running at once never meet.
  const startsAt = (testInfo.project.name === "mobile-320" ? found.startsAt.at(-1) : found.startsAt[0]) ?? "";
  const booked = await bookThroughApi(request, client.authorization, {
    locationId: found.place.id,
    priceId: found.service.priceId,
    employeeId: null,
    startsAt,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const place = ((await booked.json()) as { included: Array<{ type: string; id: string }> }).included.find(
    (each) => each.type === "appointment-clients",
  );

  await visit("/en/appointments");
  const card = main(page).getByRole("listitem").filter({ hasText: found.service.name });
  await expect(card).toContainText("Covered by membership");
  // Its total is 0 in the place's currency ("€0", "TRY 0"): a lone 0, not a digit of a date or time.
  await expect(card).toContainText(/(?<![\d.,:])0(?![\d.,]*\d)/);
  await visit("/en/my-memberships");
  await expect(main(page)).toContainText(credits((found.membership.creditsEach ?? 0) - 1));
  await expect(main(page).getByRole("link", { name: new RegExp(`^Used: ${serviceName}`) })).toBeVisible();

  // Cancelled on the appointment's own page, which says the membership paid for it.
  await visit(`/en/appointments/${place?.id ?? ""}`);
  await expect(main(page)).toContainText("Covered by membership");
  await main(page).getByRole("button", { name: "Cancel appointment" }).click();
  await page
    .getByRole("alertdialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Yes, cancel" })
    .click();
  await expect(main(page).getByRole("status")).toHaveText("Your appointment has been cancelled.");
  await visit("/en/my-memberships");
  await expect(main(page)).toContainText(credits(found.membership.creditsEach ?? 0));
  await expect(
    main(page).getByRole("link", { name: new RegExp(`^Returned \\(cancelled\\): ${serviceName}`) }),
  ).toBeVisible();
});

test("a membership paid online is bought through the demonstration checkout and is active in My memberships", async ({
  page,
  request,
  visit,
}) => {
  await signUpAndSignIn(page, request);
  await visit("/en/memberships?city=sofia");
  const prepaid = main(page).getByRole("article").filter({ hasText: "Paid online when bought" }).first();
  const name = (await prepaid.getByRole("heading").first().textContent()) ?? "";
  await prepaid.getByRole("button", { name: "Buy" }).click();
  // The demonstration provider's checkout, on our origin, in the client's language.
  await expect(page).toHaveURL(/\/pay\/demo\/demo_[\w-]+\?lang=en$/);
  // Back, and Buy again: the same purchase goes on (no second one left waiting).
  const checkout = page.url();
  await page.goBack();
  await main(page).getByRole("article").filter({ hasText: name }).first().getByRole("button", { name: "Buy" }).click();
  await expect(page).toHaveURL(checkout);
  await expect(page.getByText("Demonstration: no money moves")).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
  await expect(page.getByText("your membership is active")).toBeVisible();
  await page.getByRole("link", { name: "My memberships" }).click();
  const mine = main(page).getByRole("article").filter({ hasText: name });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Active");
  await expect(mine.getByRole("link", { name: "Pay now" })).toHaveCount(0);
});

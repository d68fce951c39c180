import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signUpAndSignIn } from "./account-fixtures.ts";
import { openMenu, waitForStableApp } from "./fixtures.ts";

// The anonymous visitors' page cache (decision 0029), as visitors and caches on the way see it.

test("a signed-in client's page never reaches another visitor, and a kept page never reaches a signed-in one", async ({
  browser,
  request,
}) => {
  const firstName = `Zora${randomUUID().slice(0, 8)}`;
  const client = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const clientPage = await client.newPage();
    await signUpAndSignIn(clientPage, request, { firstName });
    const visitorPage = await visitor.newPage();

    // The client's page first: made for them, said to be theirs alone, and never kept for the visitor after them.
    const own = await clientPage.goto("/en/services");
    expect(own?.headers()["cache-control"]).toBe("private, no-store");
    await waitForStableApp(clientPage);
    await expect(await openMenu(clientPage)).toContainText(firstName);
    const shared = await visitorPage.goto("/en/services");
    expect(shared?.headers()["cache-control"]).toMatch(/^public, /);
    expect(await shared?.text()).not.toContain(firstName);
    await waitForStableApp(visitorPage);
    const visitorMenu = await openMenu(visitorPage);
    await expect(visitorMenu).not.toContainText(firstName);
    await expect(visitorMenu.getByRole("link", { name: "Sign in" })).toBeVisible();

    // The visitor's page first (now kept): the client still gets their own.
    expect((await visitorPage.goto("/en/pages/terms"))?.headers()["cache-control"]).toMatch(/^public, /);
    expect((await visitorPage.goto("/en/pages/terms"))?.headers()["age"]).toBeDefined();
    await clientPage.goto("/en/pages/terms");
    await waitForStableApp(clientPage);
    await expect(await openMenu(clientPage)).toContainText(firstName);
  } finally {
    await client.close();
    await visitor.close();
  }
});

test("kept pages say what they vary by, and each variant is kept apart: cookie answer, language", async ({
  request,
}) => {
  const path = `/en/pages/privacy-policy?v=${randomUUID()}`;
  const banner = 'class="cookie-consent"';
  const first = await request.get(path);
  expect(first.headers()["vary"]).toBe("Accept-Encoding, Accept-Language, Cookie");
  expect(await first.text()).toContain(banner);
  // Another visitor who has answered the cookie notice: the same address, their own variant.
  const answered = await request.get(path, { headers: { cookie: "cookie_consent_accepted=true" } });
  expect(await answered.text()).not.toContain(banner);
  expect(await (await request.get(path)).text()).toContain(banner);

  // An address without a language goes by Accept-Language: never another visitor's language.
  for (const language of ["bg", "de", "el", "bg", "de", "el"]) {
    const response = await request.get("/search", { headers: { "accept-language": language }, maxRedirects: 0 });
    expect(response.headers()["location"]).toBe(`/${language}/search`);
  }
});

test("a kept page answers 304 to a cache that has it, and a HEAD like a GET without the body", async ({ request }) => {
  const path = `/en/services?v=${randomUUID()}`;
  const first = await request.get(path);
  const etag = first.headers()["etag"] ?? "";
  expect(etag).toMatch(/^W\/"/);
  expect((await request.get(path, { headers: { "if-none-match": etag } })).status()).toBe(304);
  const head = await request.head(path);
  expect(head.status()).toBe(200);
  expect(head.headers()["etag"]).toBe(etag);
});

test("a change made through the API shows on the kept page within 5 s", async ({ page, request }) => {
  // The last picture of the Look Book, which no other test likes.
  const list = await (await request.get("/v1c/media?filter[inspiration]=true&page[size]=100")).json();
  const mediaId = String(list.data.at(-1).id);
  const path = `/en/inspiration/view/${mediaId}`;
  const likesOnPage = async () =>
    Number(/, ([\d,]+) likes?"/.exec(await (await request.get(path)).text())?.[1]?.replace(/,/g, ""));
  const before = await likesOnPage();
  expect(await likesOnPage()).toBe(before); // now served from the cache

  const client = await signUpAndSignIn(page, request);
  const liked = await request.post("/v1c/likes", {
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
    data: { data: { type: "likes", relationships: { media: { data: { type: "media", id: mediaId } } } } },
  });
  expect(liked.status()).toBe(201);
  const changedAt = Date.now();
  await expect.poll(likesOnPage, { timeout: 5_000, intervals: [100] }).toBe(before + 1);
  expect(Date.now() - changedAt).toBeLessThanOrEqual(5_000);
});

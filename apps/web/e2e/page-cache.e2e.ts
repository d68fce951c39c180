import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signUpAndSignIn } from "./account-fixtures.ts";
import { openMenu, waitForStableApp } from "./fixtures.ts";

// The anonymous visitors' page cache (decision 0029), as visitors and caches on the way see it.

test("a client's own things never reach another visitor or client; a marketplace page is kept for all signed-in clients", async ({
  browser,
  request,
}) => {
  const firstName = `Zora${randomUUID().slice(0, 8)}`;
  const otherName = `Vela${randomUUID().slice(0, 8)}`;
  const client = await browser.newContext();
  const other = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const clientPage = await client.newPage();
    await signUpAndSignIn(clientPage, request, { firstName });
    const otherPage = await other.newPage();
    await signUpAndSignIn(otherPage, request, { firstName: otherName });
    const visitorPage = await visitor.newPage();

    // The client's area: made for the client alone, never kept; it carries who they are, so the browser asks
    // nothing more.
    const asked: string[] = [];
    clientPage.on("request", (sent) => {
      if (new URL(sent.url()).pathname.endsWith("/personal")) asked.push(sent.url());
    });
    const own = await clientPage.goto("/en/notifications");
    expect(own?.headers()["cache-control"]).toBe("private, no-store");
    await waitForStableApp(clientPage);
    await expect(await openMenu(clientPage)).toContainText(firstName);
    expect(asked).toEqual([]);

    // A marketplace page with a session: one page for every signed-in client, with nobody's data in it; each
    // client's browser fills in their own (decision 0031).
    const path = `/en/services?v=${randomUUID()}`;
    const first = await clientPage.goto(path);
    expect(first?.headers()["cache-control"]).toMatch(/^public, /);
    expect(await first?.text()).not.toContain(firstName);
    await waitForStableApp(clientPage);
    await expect(await openMenu(clientPage)).toContainText(firstName);
    expect(asked).toHaveLength(1);
    const second = await otherPage.goto(path);
    expect(second?.headers()["age"]).toBeDefined();
    expect(await second?.text()).toBe(await first?.text());
    await waitForStableApp(otherPage);
    const otherMenu = await openMenu(otherPage);
    await expect(otherMenu).toContainText(otherName);
    await expect(otherMenu).not.toContainText(firstName);

    // A visitor gets the visitors' page: no one's name, and a way to sign in.
    const shared = await visitorPage.goto(path);
    expect(shared?.headers()["cache-control"]).toMatch(/^public, /);
    expect(await shared?.text()).not.toBe(await first?.text());
    await waitForStableApp(visitorPage);
    const visitorMenu = await openMenu(visitorPage);
    await expect(visitorMenu).not.toContainText(firstName);
    await expect(visitorMenu.getByRole("link", { name: "Sign in" })).toBeVisible();
  } finally {
    await client.close();
    await other.close();
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

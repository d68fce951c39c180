import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE } from "@termin/contracts/cookies";
import { createTestClient, type TestClient } from "@termin/api/testing/test-clients";
import { sessionFromTokens, setSessionHeader } from "../lib/session-cookie.server.ts";
import { SIGNED_IN_PAGE_HEADER } from "../lib/public-pages.ts";
import { startTestWebServer, type TestWebServer } from "../../server/testing/start-test-web-server.ts";
import type { PersonalData } from "./personal-data.ts";

/**
 * Signed-in clients on the marketplace pages (decision 0031): one page made for them all, with nobody's data in
 * it, and each client's own parts from GET /{lang}/personal.
 */

let server: TestWebServer;
let ana: TestClient & { cookie: string };
let boris: TestClient & { cookie: string };
let location: { id: string; slug: string };

const withCookie = async (client: TestClient) => ({
  ...client,
  cookie: setSessionHeader(new Request(server.url), sessionFromTokens(client.tokens)).split(";")[0] ?? "",
});

beforeAll(async () => {
  server = await startTestWebServer({ demoData: true });
  ana = await withCookie(await createTestClient(server.database.db, { firstName: "Anastasia", lastName: "Pop" }));
  boris = await withCookie(await createTestClient(server.database.db, { firstName: "Borislav", lastName: "Ilic" }));
  const list = (await (await fetch(`${server.url}/v1c/locations?page[size]=1`)).json()) as {
    data: { id: string; attributes: { slug: string } }[];
  };
  location = { id: list.data[0]?.id ?? "", slug: list.data[0]?.attributes.slug ?? "" };
  const saved = await fetch(`${server.url}/v1c/user-locations`, {
    method: "POST",
    headers: { authorization: ana.authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: { type: "user-locations", relationships: { location: { data: { type: "locations", id: location.id } } } },
    }),
  });
  expect(saved.status).toBe(201);
}, 60_000);
afterAll(() => server.close());

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const personal = (cookie: string, query = "") => page(`/en/personal${query}`, { cookie });

describe("a marketplace page with a session", () => {
  it("is one page for every signed-in client, kept, with nobody's name or hearts in it", async () => {
    const path = `/en/location/${location.slug}?v=${crypto.randomUUID()}`;
    const forAna = await page(path, { cookie: ana.cookie });
    expect(forAna.headers.get("cache-control")).toMatch(/^public, /);
    const html = await forAna.text();
    const forBoris = await page(path, { cookie: `${boris.cookie}; language=en` });
    expect(forBoris.headers.get("age")).not.toBeNull();
    expect(await forBoris.text()).toBe(html);
    // Ana saved this place and Boris did not: the same bytes for both, so neither one's hearts are in it.
    for (const name of ["Anastasia", "Borislav"]) expect(html).not.toContain(name);
    // Signed in: the heart is the save form (the browser marks it), not the visitors' link to sign in.
    expect(html).not.toContain("Sign in to save");
    expect(await (await page(path)).text()).toContain("Sign in to save");
  });

  it("stays the client's own in their area, and with a basket", async () => {
    const area = await page("/en/my-locations", { cookie: ana.cookie });
    expect(area.headers.get("cache-control")).toBe("private, no-store");
    expect(await area.text()).toContain("Anastasia");
    const withBasket = await page(`/en/location/${location.slug}`, { cookie: `${ana.cookie}; termin_basket=` });
    expect(withBasket.headers.get("cache-control")).toBe("private, no-store");
  });

  it("cannot be made by a visitor who sends the signed-in mark: the visitors' page stays theirs", async () => {
    const path = `/en/services?v=${crypto.randomUUID()}`;
    await page(path, { [SIGNED_IN_PAGE_HEADER]: "1" });
    const shared = await (await page(path)).text();
    const marked = await (await page(`/en/location/${location.slug}?v=x`, { [SIGNED_IN_PAGE_HEADER]: "1" })).text();
    expect(marked).toContain("Sign in to save");
    expect(shared).toBe(await (await page(path)).text());
  });
});

describe("a kept page after a write", () => {
  it("is made afresh: the client who liked a picture sees the new count at once", async () => {
    const list = (await (await fetch(`${server.url}/v1c/media?filter[inspiration]=true&page[size]=1`)).json()) as {
      data: { id: string; attributes: { like_count: number } }[];
    };
    const media = list.data[0];
    if (!media) throw new Error("Missing in the demo data: a Look Book picture");
    const path = `/en/inspiration?v=${crypto.randomUUID()}`;
    const likes = (html: string) => /, ([\d,]+) likes?"/.exec(html)?.[1]?.replace(/,/g, "");
    const before = await (await page(path, { cookie: ana.cookie })).text();
    expect((await page(path, { cookie: ana.cookie })).headers.get("age")).not.toBeNull();
    const liked = await fetch(`${server.url}/v1c/likes`, {
      method: "POST",
      headers: { authorization: ana.authorization, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "likes", relationships: { media: { data: { type: "media", id: media.id } } } },
      }),
    });
    expect(liked.status).toBe(201);
    const after = await (await page(path, { cookie: ana.cookie })).text();
    expect(Number(likes(after))).toBe(Number(likes(before)) + 1);
  });
});

describe("GET /{lang}/personal", () => {
  it("answers each client their own name, unread count, and which of the asked places they saved", async () => {
    const query = `?locations=${location.id},999999&media=1`;
    const forAna = await personal(ana.cookie, query);
    expect(forAna.status).toBe(200);
    expect(forAna.headers.get("cache-control")).toBe("private, no-store");
    const anaData = (await forAna.json()) as PersonalData;
    expect(anaData).toMatchObject({
      viewer: { displayName: "Anastasia Pop", email: ana.email },
      unreadNotifications: 0,
      savedLocationIds: [location.id],
      likedMediaIds: [],
    });
    const borisData = (await (await personal(boris.cookie, query)).json()) as PersonalData;
    expect(borisData.viewer.displayName).toBe("Borislav Ilic");
    expect(borisData.savedLocationIds).toEqual([]);
  });

  it("tells a visitor, or a session no longer valid, that nobody is signed in: an expected answer, not an error", async () => {
    for (const cookie of ["", `${COOKIE.session}=not-a-session`]) {
      const response = await personal(cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ signedOut: true });
    }
  });

  it("leaves out ids that are not ids, repeats, and more than a page of them", async () => {
    const many = Array.from({ length: 500 }, (_, index) => index + 1).join(",");
    for (const query of [`?locations=abc,${location.id};drop,-1,${"9".repeat(40)}`, `?locations=${many}&media=%00`]) {
      const response = await personal(ana.cookie, query);
      expect(response.status, query).toBe(200);
      expect(((await response.json()) as PersonalData).viewer.email).toBe(ana.email);
    }
  });
});

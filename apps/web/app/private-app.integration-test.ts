import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "@termin/db/prepare-database";
import { rawRows } from "@termin/db/raw-rows";
import { createTestDatabase } from "@termin/db/testing/test-database";
import { startTestWebServer, type TestWebServer } from "../server/testing/start-test-web-server.ts";

// The private app (PRIVATE_BUSINESS): the product for one business, on every host it serves. Its navigation has no
// search, services taxonomy or Look Book; its places only when it has more than one, else its home is its place.

interface DemoBusiness {
  slug: string;
  places: number;
  first_place: string;
}

/** A demo business with one place and one with several, read from the demo catalogue. */
async function demoBusinesses(): Promise<{ one: DemoBusiness; several: DemoBusiness }> {
  const test = await createTestDatabase({ template: "demo" });
  const database = await prepareDatabase({ ...test.options, demoData: true });
  try {
    const rows = await rawRows<DemoBusiness>(
      database.db,
      sql`select b.slug, count(*)::int as places, min(l.slug) as first_place
          from businesses b join locations l on l.business_id = b.id group by b.slug order by b.slug`,
    );
    const one = rows.find((row) => row.places === 1);
    const several = rows.find((row) => row.places > 1);
    if (!one || !several) throw new Error("the demo data has businesses with one place and with several");
    return { one, several };
  } finally {
    await database.close();
    await test.drop();
  }
}

const businesses = await demoBusinesses();

/** The paths the page's navigation links to (top bar, tab bar, side menu), without the language. */
async function navigation(server: TestWebServer, path: string): Promise<{ status: number; links: Set<string> }> {
  const answer = await fetch(`${server.url}${path}`, { redirect: "manual" });
  const html = await answer.text();
  const links = new Set(
    [...html.matchAll(/<nav[\s\S]*?<\/nav>/g)].flatMap(([nav]) =>
      [...nav.matchAll(/href="\/en\/([a-z-]+)"/g)].map(([, page = ""]) => page),
    ),
  );
  return { status: answer.status, links };
}

describe.each([
  ["one place", businesses.one],
  ["several places", businesses.several],
])("the private app of a business with %s", (_, business) => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTestWebServer({ demoData: true, env: { PRIVATE_BUSINESS: business.slug } });
  }, 120_000);
  afterAll(() => server.close());

  it("opens at its place when it has one, else at its places", async () => {
    const home = await fetch(`${server.url}/en/home`, { redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe(
      business.places === 1 ? `/en/location/${business.first_place}` : "/en/locations",
    );
  });

  it("offers its places only with several, and never search, services or the Look Book", async () => {
    const { status, links } = await navigation(server, "/en/classes");
    expect(status).toBe(200);
    expect(links.has("locations")).toBe(business.places > 1);
    for (const page of ["search", "services", "inspiration"]) expect(links.has(page), page).toBe(false);
    expect(links.has("classes")).toBe(true);
    for (const page of ["search", "services"]) expect((await fetch(`${server.url}/en/${page}`)).status).toBe(404);
  });
});

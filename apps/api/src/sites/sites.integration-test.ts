import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import type { CollectionDocument, ResourceIdentifier } from "@termin/contracts/jsonapi";
import type { BusinessResource, LocationResource } from "@termin/contracts/catalogue-resources";
import { SITE_HOST_HEADER } from "@termin/contracts/site";
import { businesses, locations } from "@termin/db/catalogue-schema";
import { demoDomainOf } from "@termin/db/seed/demo/demo-domains";
import { readJson, startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { addDomain, verificationRecordName, verifyDomain } from "./domain-registry.ts";
import { createSiteDirectory } from "./site-directory.ts";

let api: TestApi;
/** A demo business with several places, and one with a single place. */
let several: { id: number; slug: string; places: number };
let single: { id: number; slug: string };
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const perBusiness = await api.database.db
    .select({ id: businesses.id, slug: businesses.slug, places: count(locations.id) })
    .from(businesses)
    .innerJoin(locations, eq(locations.businessId, businesses.id))
    .groupBy(businesses.id)
    .orderBy(sql`count(${locations.id}) desc`, businesses.id);
  several = perBusiness[0] as typeof several;
  single = perBusiness.find((business) => business.places === 1) as typeof single;
  expect(several.places).toBeGreaterThan(1);
});
afterAll(() => api.close());

const onHost = (path: string, host?: string) =>
  fetch(`${api.baseUrl}${path}`, { headers: host ? { [SITE_HOST_HEADER]: host } : {} });
const businessOf = (location: LocationResource) =>
  (location.relationships?.business?.data as ResourceIdentifier | undefined)?.id;

describe("the site a request is for", () => {
  it("is the marketplace on the public host and loopback: every business's places", async () => {
    for (const host of [undefined, "localhost:3000", "127.0.0.1:9999"]) {
      const body = await readJson<CollectionDocument<LocationResource>>(
        await onHost("/v1c/locations?page[size]=100", host),
      );
      expect(body.meta?.total, host).toBe(60);
      expect(new Set(body.data.map(businessOf)).size).toBeGreaterThan(10);
    }
  });

  it.each([
    ["several places", () => several],
    ["one place", () => single],
  ])("is one business on its verified domain (%s): lists, search and finds see nothing else", async (_, pick) => {
    const business = pick();
    const host = demoDomainOf(business.slug);
    const own = await readJson<CollectionDocument<LocationResource>>(
      await onHost("/v1c/locations?page[size]=100", host),
    );
    const [mine] = await api.database.db
      .select({ places: count() })
      .from(locations)
      .where(eq(locations.businessId, business.id));
    expect(own.meta?.total).toBe(mine?.places);
    expect(new Set(own.data.map(businessOf))).toEqual(new Set([String(business.id)]));

    const found = await readJson<CollectionDocument<LocationResource>>(await onHost("/v1c/search", host));
    expect(new Set(found.data.map(businessOf))).toEqual(new Set([String(business.id)]));

    const listed = await readJson<CollectionDocument<BusinessResource>>(await onHost("/v1c/businesses", host));
    expect(listed.data.map((item) => item.id)).toEqual([String(business.id)]);

    // Another business's place and profile, asked for by id or by filter, are not there.
    const [elsewhere] = await api.database.db
      .select({ id: locations.id, businessId: locations.businessId })
      .from(locations)
      .where(sql`${locations.businessId} <> ${business.id}`)
      .limit(1);
    expect((await onHost(`/v1c/locations/${elsewhere?.id}`, host)).status).toBe(404);
    expect((await onHost(`/v1c/businesses/${elsewhere?.businessId}`, host)).status).toBe(404);
    const filtered = await readJson<CollectionDocument<LocationResource>>(
      await onHost(`/v1c/locations?filter[business]=${elsewhere?.businessId}`, host),
    );
    expect(filtered.data).toEqual([]);
    // On the marketplace, the same place is there.
    expect((await onHost(`/v1c/locations/${elsewhere?.id}`)).status).toBe(200);
  });

  it("answers 404 for a host nobody serves, and for a domain not yet verified", async () => {
    const unknown = await onHost("/v1c/locations", "evil.example");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No site is served at this address");
    await addDomain(api.database.db, { host: "booking.unverified.example", businessSlug: single.slug });
    expect((await onHost("/v1c/locations", "booking.unverified.example")).status).toBe(404);
  });
});

describe("domain verification", () => {
  it("serves a domain once its TXT record holds the token, and stops when the record goes away", async () => {
    const db = api.database.db;
    const host = "book.salon-test.example";
    const { recordName, recordValue } = await addDomain(db, { host, businessSlug: several.slug });
    expect(recordName).toBe(verificationRecordName(host));
    const directory = createSiteDirectory(db, { publicUrl: "https://termin.test" });
    expect(await directory.resolve(host, "https")).toBeNull();

    const published = new Map<string, string[]>();
    const lookup = async (name: string) => published.get(name) ?? [];
    expect(await verifyDomain(db, host, lookup, new Date())).toBe(false);
    published.set(recordName, ["v=spf1 -all", recordValue]);
    expect(await verifyDomain(db, host, lookup, new Date())).toBe(true);
    directory.forget();
    expect(await directory.resolve(`${host.toUpperCase()}:443`, "https")).toEqual({
      mode: "domain",
      origin: `https://${host}:443`,
      business: expect.objectContaining({ id: several.id, slug: several.slug, name: expect.any(String) }),
    });

    published.delete(recordName);
    expect(await verifyDomain(db, host, lookup, new Date())).toBe(false);
    directory.forget();
    expect(await directory.resolve(host, "https")).toBeNull();
  });

  it("refuses a host that is not a DNS name and a business that does not exist", async () => {
    await expect(addDomain(api.database.db, { host: "not a host", businessSlug: single.slug })).rejects.toThrow(
      /not a host name/,
    );
    await expect(addDomain(api.database.db, { host: "ok.example", businessSlug: "nobody" })).rejects.toThrow(
      /No business/,
    );
  });
});

import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { Route } from "./+types/sitemap-locations";
import { serverApiClient } from "../api/server-client.server.ts";
import { LOCATIONS_PER_SITEMAP, sitemapOfPaths, xmlResponse } from "../catalogue/sitemap.ts";
import { siteOf } from "../lib/site.server.ts";
import { publicConfig } from "../lib/config.server.ts";

/** A sitemap that is not there: a plain 404 (crawlers read the status). */
const notFound = () => new Response("No such sitemap.", { status: 404, headers: { "content-type": "text/plain" } });

/** /sitemaps/locations-{n}.xml: the n-th 500 location pages (by name, stable between crawls), every language. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const match = /^locations-([1-9]\d{0,5})\.xml$/.exec(params.file);
  if (!match) throw notFound();
  const file = Number(match[1]);
  const api = serverApiClient(request, url, publicConfig.defaultLanguage);
  const requestsPerFile = LOCATIONS_PER_SITEMAP / MAX_PAGE_SIZE;
  const pages = await Promise.all(
    Array.from({ length: requestsPerFile }, (_, index) =>
      api.get<CollectionDocument<LocationResource>>("locations", {
        sort: "name",
        "fields[locations]": "slug",
        "page[size]": String(MAX_PAGE_SIZE),
        "page[number]": String((file - 1) * requestsPerFile + index + 1),
      }),
    ),
  );
  const slugs = pages.flatMap((page) => page.data.map((location) => location.attributes.slug));
  if (slugs.length === 0) throw notFound();
  return xmlResponse(
    sitemapOfPaths(
      siteOf(request).origin,
      slugs.map((slug) => `location/${slug}`),
    ),
  );
}

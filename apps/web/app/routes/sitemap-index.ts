import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { Route } from "./+types/sitemap-index";
import { serverApiClient } from "../api/server-client.server.ts";
import { LOCATIONS_PER_SITEMAP, sitemapIndex, xmlResponse } from "../catalogue/sitemap.ts";
import { siteOf } from "../lib/site.server.ts";
import { publicConfig } from "../lib/config.server.ts";

/** /sitemap.xml: the index of the public pages' sitemap and one sitemap per 500 locations. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { origin } = siteOf(request);
  const first = await serverApiClient(request, url, publicConfig.defaultLanguage).get<
    CollectionDocument<LocationResource>
  >("locations", { "page[size]": "1", "fields[locations]": "slug" });
  const files = Math.ceil(first.meta.total / LOCATIONS_PER_SITEMAP);
  return xmlResponse(
    sitemapIndex([
      `${origin}/sitemaps/pages.xml`,
      ...Array.from({ length: files }, (_, index) => `${origin}/sitemaps/locations-${index + 1}.xml`),
    ]),
  );
}

import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import { CONTENT_PAGE_IDS } from "@termin/domain/content-pages";
import type { Route } from "./+types/sitemap-pages";
import { serverApiClient } from "../api/server-client.server.ts";
import { sitemapOfPaths, xmlResponse } from "../catalogue/sitemap.ts";
import { siteOf } from "../lib/site.server.ts";
import { publicConfig } from "../lib/config.server.ts";

/** /sitemaps/pages.xml: the marketplace's fixed pages and the Look Book of each service, in every language. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const services = await serverApiClient(request, url, publicConfig.defaultLanguage).get<
    CollectionDocument<MarketplaceServiceResource>
  >("marketplace-services", { "page[size]": "100", "fields[marketplace-services]": "slug" });
  const site = siteOf(request);
  // One business's own site has no marketplace pages (home redirects to its places; no services or Look Book).
  const paths =
    site.mode === "marketplace"
      ? [
          "home",
          "services",
          "locations",
          "inspiration",
          "download-application",
          ...CONTENT_PAGE_IDS.map((id) => `pages/${id}`),
          ...services.data.map((service) => `inspiration/${service.attributes.slug}`),
        ]
      : ["locations", ...CONTENT_PAGE_IDS.map((id) => `pages/${id}`)];
  return xmlResponse(sitemapOfPaths(site.origin, paths));
}

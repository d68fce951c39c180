/**
 * Which booking a request is for (decision 0046), decided once per request: from its host, the marketplace (every
 * business) or one business's own booking on its verified domain or in the private app; an embed route (decision
 * 0047) narrows it to the embedded business, whose pages other sites may frame.
 */
export type SiteMode = "marketplace" | "domain" | "private" | "embed";

/** The business a one-business site serves: what its shell shows. */
export interface SiteBusiness {
  id: number;
  slug: string;
  name: string;
  /** The business's colour for buttons and links (`#rrggbb`), or null for the product's own. */
  brandColor: string | null;
  /** The slug of its one place, when it has exactly one: a private app or widget then opens that place. */
  soleLocation: string | null;
}

export type Site =
  | { mode: "marketplace"; origin: string }
  | { mode: "domain" | "private"; origin: string; business: SiteBusiness }
  | {
      mode: "embed";
      origin: string;
      business: SiteBusiness;
      /** Origins whose pages may frame it (`https://salon.example`, `http://localhost:*`): its frame-ancestors. */
      embedOrigins: string[];
    };

/** The business a site is limited to, or null for the marketplace: what every list and find filters by. */
export const siteBusinessId = (site: Site): number | null => (site.mode === "marketplace" ? null : site.business.id);

/**
 * The header that names the host a request was made to, when the caller is not the host itself: the web server's
 * page loaders send the page's host (their in-process calls have none), a proxy in front sends the visitor's. It can
 * only narrow what a request sees to a business anyone may see on that business's own domain.
 */
export const SITE_HOST_HEADER = "x-forwarded-host";

/**
 * The header that names the embedded business (its slug) on the API calls of an embed page: like the host, it can
 * only narrow what a request sees.
 */
export const SITE_EMBED_HEADER = "x-termin-embed";

/** The first path segment after the language of the pages meant for an iframe. */
export const EMBED_SEGMENT = "embed";

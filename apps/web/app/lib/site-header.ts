import type { Site } from "@termin/contracts/site";

/**
 * Set by the web server on every page request, as the API resolved it from the host (decision 0046), and removed
 * from what a visitor sends: a visitor cannot choose another site for a page others may be served. Apart from the
 * pages' site helpers (site.server.ts, which read the configuration) so the web server can set it before the
 * configuration is checked.
 */
export const SITE_HEADER = "x-termin-site";

/** The header's value: JSON, percent-encoded, since a header holds bytes and a business's name may be "СПА Терма". */
export const siteHeaderValue = (site: Site) => encodeURIComponent(JSON.stringify(site));

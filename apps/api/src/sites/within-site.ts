import { siteBusinessId, type Site } from "@termin/contracts/site";

/**
 * A list's filter narrowed to the site's business (decision 0046): on one business's own site, the filter named
 * `name` (which takes business ids) holds only that business's id, and a request asking for another business finds
 * nothing. On the marketplace the filter is as asked.
 */
export function filterWithinSite<TFilter extends string>(
  filter: Partial<Record<TFilter, string[]>>,
  name: TFilter,
  site: Site,
): Partial<Record<TFilter, string[]>> {
  const businessId = siteBusinessId(site);
  if (businessId === null) return filter;
  const own = String(businessId);
  const asked = filter[name];
  return { ...filter, [name]: asked === undefined || asked.includes(own) ? [own] : [] };
}

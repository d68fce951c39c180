import { eq, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import { locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { requestLanguage } from "../http/request-language.ts";

/**
 * What every list and find of the API reads with (decision 0046): the database, the request's site and its language.
 * Lists and finds take it instead of the bare database, so none can be written without the site at hand; each
 * narrows its rows with `ofSiteBusiness` or `atSiteLocations`.
 */
export interface ReadContext {
  db: Database;
  site: Site;
  language: Language;
}

/** The request's read context (also marks the answer as varying by Accept-Language, see requestLanguage). */
export function readContextOf(request: FastifyRequest, reply: FastifyReply, db: Database): ReadContext {
  return { db, site: request.site, language: requestLanguage(request, reply) };
}

/**
 * Rows whose `businessColumn` is the site's business; no condition on the marketplace. A row of no business (a
 * null column) is nobody's own, so a business's site does not show it either.
 */
export function ofSiteBusiness({ site }: Pick<ReadContext, "site">, businessColumn: Column): SQL | undefined {
  const businessId = siteBusinessId(site);
  return businessId === null ? undefined : eq(businessColumn, businessId);
}

/** A table of rows that each belong to one business (locations, services). */
interface BusinessOwned {
  id: Column;
  businessId: Column;
}

/**
 * Rows whose `column` names a row of `owner` that the site's business has (`atSiteRowsOf(context,
 * servicePrices.serviceId, services)`); no condition on the marketplace.
 */
export function atSiteRowsOf(
  { site }: Pick<ReadContext, "site">,
  column: Column,
  owner: BusinessOwned,
): SQL | undefined {
  const businessId = siteBusinessId(site);
  return businessId === null
    ? undefined
    : inArray(column, sql`(select ${owner.id} from ${owner.id.table} where ${eq(owner.businessId, businessId)})`);
}

/** Rows whose `locationColumn` is a place of the site's business; no condition on the marketplace. */
export const atSiteLocations = (context: Pick<ReadContext, "site">, locationColumn: Column) =>
  atSiteRowsOf(context, locationColumn, locations);

/** What a client's own lists read with: the database and the site, beside the client. */
export type SiteReader = Pick<ReadContext, "db" | "site">;

/**
 * `and {businessColumn} = {the site's business}` for a raw query whose tables carry aliases (`sql\`l.business_id\``),
 * which Drizzle's columns cannot name; nothing on the marketplace.
 */
export function andOfSiteBusiness({ site }: Pick<ReadContext, "site">, businessColumn: SQL): SQL {
  const businessId = siteBusinessId(site);
  return businessId === null ? sql`` : sql`and ${businessColumn} = ${businessId}`;
}

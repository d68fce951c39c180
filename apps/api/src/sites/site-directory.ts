import { eq, isNotNull, sql } from "drizzle-orm";
import { businesses, locations } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { domains, embedOrigins } from "@termin/db/site-schema";
import type { Site, SiteBusiness } from "@termin/contracts/site";
import { matchesEmbedOrigin } from "./embed-origin.ts";

/** How long verified domains are kept without a change announced here. */
const REREAD_AFTER_MS = 60_000;

/** Loopback hosts are always the marketplace (or the private app): health checks, local tools, the tests. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A host as kept in `domains`: lower-case, without the port or a trailing dot. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  const withoutPort = lower.startsWith("[") ? lower.replace(/(\]):\d+$/, "$1") : lower.replace(/:\d+$/, "");
  return withoutPort.replace(/\.$/, "");
}

/** The form of every business's and place's slug. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** What an embed page or call names: the business itself, or one of its places. */
export type EmbedTarget = { business: string } | { location: string };

/** A business's columns a site carries. */
const siteBusinessColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  brandColor: sql<string | null>`${businesses.settings}->>'brandColor'`,
  // Written out whole: Drizzle leaves a column's table out here, and "id" would then be the place's own.
  soleLocation: sql<string | null>`(select case when count(*) = 1 then min(l.slug) end
    from locations l where l.business_id = "businesses"."id")`,
};

export interface SiteDirectory {
  /** The site a request to `host` is for (`protocol` as the visitor used it); null for a host nobody serves here. */
  resolve(host: string, protocol: string): Promise<Site | null>;
  /**
   * `site` narrowed to the business an embed names (with the origins allowed to frame it); null when no such
   * business is in that site.
   */
  embed(site: Site, target: EmbedTarget): Promise<Site | null>;
  /** Whether some business lets pages of `origin` embed its booking (and so call the API from them). */
  allowsEmbedOrigin(origin: string): Promise<boolean>;
  /** Drops what was read, after a write that may have changed domains or businesses. */
  forget(): void;
}

/**
 * Hosts to sites: the public host and loopback are the marketplace (with PRIVATE_BUSINESS, that business's private
 * app), each verified domain its business. The verified domains are read once and kept until a write changes data
 * (the process's change subscription), so a request costs a map lookup.
 */
export function createSiteDirectory(
  db: Database,
  options: { publicUrl: string; privateBusiness?: string },
): SiteDirectory {
  const publicOrigin = new URL(options.publicUrl).origin;
  const publicHost = hostName(new URL(options.publicUrl).host);
  type Known = { verified: Map<string, SiteBusiness>; privateBusiness: SiteBusiness | null };
  let kept: { at: number; known: Promise<Known> } | null = null;

  const read = async (): Promise<Known> => {
    const rows = await db
      .select({ host: domains.host, ...siteBusinessColumns })
      .from(domains)
      .innerJoin(businesses, eq(businesses.id, domains.businessId))
      .where(isNotNull(domains.verifiedAt));
    const verified = new Map(rows.map(({ host, ...business }) => [host, business]));
    let privateBusiness: SiteBusiness | null = null;
    if (options.privateBusiness) {
      const [row] = await db
        .select(siteBusinessColumns)
        .from(businesses)
        .where(eq(businesses.slug, options.privateBusiness));
      if (!row) throw new Error(`PRIVATE_BUSINESS: no business has the slug "${options.privateBusiness}".`);
      privateBusiness = row;
    }
    return { verified, privateBusiness };
  };

  type Embedded = { business: SiteBusiness; embedOrigins: string[] };
  // Found businesses only: a made-up slug costs a query each time, and cannot grow what is kept.
  const embedded = new Map<string, Promise<Embedded | null>>();
  const readEmbedded = async (target: EmbedTarget): Promise<Embedded | null> => {
    const [business] =
      "business" in target
        ? await db.select(siteBusinessColumns).from(businesses).where(eq(businesses.slug, target.business))
        : await db
            .select(siteBusinessColumns)
            .from(locations)
            .innerJoin(businesses, eq(businesses.id, locations.businessId))
            .where(eq(locations.slug, target.location));
    if (!business) return null;
    const origins = await db
      .select({ origin: embedOrigins.origin })
      .from(embedOrigins)
      .where(eq(embedOrigins.businessId, business.id))
      .orderBy(embedOrigins.origin);
    return { business, embedOrigins: origins.map(({ origin }) => origin) };
  };

  // Every business's allowed embed origins, read once until a write announces a change: a few rows in all.
  let embedPatterns: Promise<string[]> | null = null;
  const readEmbedPatterns = async () =>
    (await db.selectDistinct({ origin: embedOrigins.origin }).from(embedOrigins)).map(({ origin }) => origin);

  return {
    async allowsEmbedOrigin(origin) {
      embedPatterns ??= readEmbedPatterns();
      embedPatterns.catch(() => (embedPatterns = null));
      return (await embedPatterns).some((pattern) => matchesEmbedOrigin(pattern, origin));
    },
    async embed(site, target) {
      // A slug is letters, digits and hyphens: anything else names nobody, and is never sent to the database.
      if (!SLUG.test("business" in target ? target.business : target.location)) return null;
      const key = "business" in target ? `business ${target.business}` : `location ${target.location}`;
      let found = embedded.get(key);
      if (!found) {
        found = readEmbedded(target);
        embedded.set(key, found);
        found.then(
          (result) => result === null && embedded.delete(key),
          () => embedded.delete(key),
        );
      }
      const result = await found;
      if (!result) return null;
      // One business's own site embeds only that business.
      if (site.mode !== "marketplace" && site.business.id !== result.business.id) return null;
      return { mode: "embed", origin: site.origin, ...result };
    },
    async resolve(host, protocol) {
      const name = hostName(host);
      const ours = name === publicHost || LOOPBACK.has(name);
      // The marketplace's own hosts need no database (its pages still answer, as 503s, while it is away).
      if (ours && !options.privateBusiness) return { mode: "marketplace", origin: publicOrigin };
      // Kept until a write here changes data, or a minute: the CLI and the verification job write elsewhere.
      if (!kept || Date.now() - kept.at > REREAD_AFTER_MS) {
        const known = read();
        kept = { at: Date.now(), known };
        // A failed read (the database away) is not kept: the next request reads again.
        known.catch(() => {
          if (kept?.known === known) kept = null;
        });
      }
      const { verified, privateBusiness } = await kept.known;
      if (ours && privateBusiness) return { mode: "private", origin: publicOrigin, business: privateBusiness };
      const domainBusiness = verified.get(name);
      // A domain's links are on the domain itself.
      return domainBusiness
        ? { mode: "domain", origin: `${protocol}://${host.toLowerCase()}`, business: domainBusiness }
        : null;
    },
    forget() {
      kept = null;
      embedPatterns = null;
      embedded.clear();
    },
  };
}

import { randomBytes } from "node:crypto";
import { resolveTxt } from "node:dns/promises";
import { and, asc, eq, isNull, lt, notLike, or } from "drizzle-orm";
import { businesses } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { domains } from "@termin/db/site-schema";
import { hostName } from "./site-directory.ts";

/** The DNS name whose TXT record proves a host's owner (RFC 8555's `_acme-challenge` pattern). */
export const verificationRecordName = (host: string) => `_termin.${host}`;
/** The TXT record's value. */
export const verificationRecordValue = (token: string) => `termin-verification=${token}`;

/** The TXT records of a name, each joined from its strings (Node's resolver; tests pass their own). */
export type TxtLookup = (name: string) => Promise<string[]>;

export const dnsTxtLookup: TxtLookup = async (name) => {
  try {
    return (await resolveTxt(name)).map((parts) => parts.join(""));
  } catch (error) {
    // No such name or no TXT record: simply not verified (yet).
    if (error instanceof Error && "code" in error && (error.code === "ENOTFOUND" || error.code === "ENODATA"))
      return [];
    throw error;
  }
};

/** A host as it may be added: a DNS name of letters, digits and hyphens, with at least one dot. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface DomainRow {
  host: string;
  business: string;
  verificationToken: string;
  verifiedAt: Date | null;
  checkedAt: Date | null;
}

/** Maps a host to a business (by slug), unverified: answers the TXT record its owner must publish. */
export async function addDomain(
  db: Database,
  input: { host: string; businessSlug: string; verified?: boolean },
): Promise<{ recordName: string; recordValue: string }> {
  const host = hostName(input.host);
  if (!HOST.test(host)) throw new Error(`"${input.host}" is not a host name (such as booking.salon.example).`);
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.slug, input.businessSlug));
  if (!business) throw new Error(`No business has the slug "${input.businessSlug}".`);
  const token = randomBytes(16).toString("base64url");
  await db.insert(domains).values({
    businessId: business.id,
    host,
    verificationToken: token,
    verifiedAt: input.verified ? new Date() : null,
  });
  return { recordName: verificationRecordName(host), recordValue: verificationRecordValue(token) };
}

export async function removeDomain(db: Database, host: string): Promise<boolean> {
  return (
    (
      await db
        .delete(domains)
        .where(eq(domains.host, hostName(host)))
        .returning({ id: domains.id })
    ).length > 0
  );
}

export async function listDomains(db: Database): Promise<DomainRow[]> {
  return db
    .select({
      host: domains.host,
      business: businesses.slug,
      verificationToken: domains.verificationToken,
      verifiedAt: domains.verifiedAt,
      checkedAt: domains.checkedAt,
    })
    .from(domains)
    .innerJoin(businesses, eq(businesses.id, domains.businessId))
    .orderBy(asc(domains.host));
}

/**
 * Looks the host's TXT record up and notes the answer: verified when it holds the token, and no longer verified
 * when it stopped holding it (a domain given up must stop showing the business). Answers whether it is verified.
 */
export async function verifyDomain(db: Database, host: string, lookup: TxtLookup, now: Date): Promise<boolean> {
  const name = hostName(host);
  const [row] = await db.select().from(domains).where(eq(domains.host, name));
  if (!row) throw new Error(`There is no domain ${name}.`);
  const records = await lookup(verificationRecordName(name));
  const verified = records.includes(verificationRecordValue(row.verificationToken));
  await db
    .update(domains)
    .set({ checkedAt: now, verifiedAt: verified ? (row.verifiedAt ?? now) : null })
    .where(eq(domains.id, row.id));
  return verified;
}

/**
 * Hosts due a check: never checked, or last checked before `before`, longest unchecked first. Names under
 * `.localhost` (RFC 6761: this machine, never in DNS) keep the verification they were added with: the demo's.
 */
export async function domainsDueCheck(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ host: domains.host })
    .from(domains)
    .where(and(notLike(domains.host, "%.localhost"), or(isNull(domains.checkedAt), lt(domains.checkedAt, before))))
    .orderBy(asc(domains.checkedAt))
    .limit(limit);
  return rows.map((row) => row.host);
}

import { randomBytes } from "node:crypto";
import { businesses } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { domains, embedOrigins } from "../../site-schema.ts";

/** Pages on this machine, any port: where a developer tries the widget (docs/embedding.md). */
export const DEMO_EMBED_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"];

/** A demo business's own domain: browsers resolve every `*.localhost` name to this machine (RFC 6761), no DNS. */
export const demoDomainOf = (businessSlug: string) => `${businessSlug}.localhost`;

/**
 * Every demo business on its own domain, verified (a `.localhost` name is never looked up in DNS), and embeddable
 * from pages on this machine.
 */
export async function insertDemoDomains(db: Database): Promise<void> {
  const all = await db.select({ id: businesses.id, slug: businesses.slug }).from(businesses);
  const now = new Date();
  await db.insert(domains).values(
    all.map((business) => ({
      businessId: business.id,
      host: demoDomainOf(business.slug),
      verificationToken: randomBytes(16).toString("base64url"),
      verifiedAt: now,
    })),
  );
  await db
    .insert(embedOrigins)
    .values(all.flatMap((business) => DEMO_EMBED_ORIGINS.map((origin) => ({ businessId: business.id, origin }))));
}

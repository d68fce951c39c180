import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rateLimitEvents } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";

/** At most `max` events in `bucket` within any `windowSeconds`. */
export interface RateLimitRule {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Rows older than the longest window any rule uses count for nothing. */
const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;
const SWEEP_EVERY_MS = 60_000;
let lastSweptAt = 0;

/**
 * Throws 429 rate_limited when any rule's bucket is full, with Retry-After: the seconds until the event that
 * fills it leaves the window. Counting happens in the database so every server process shares the counts.
 */
export async function checkLimits(options: { db: Database; rules: RateLimitRule[]; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  let retryAfterMs = 0;
  for (const rule of options.rules) {
    // The max-th newest event inside the window: while it exists the bucket is full, until it ages out.
    const [filling] = await options.db
      .select({ at: rateLimitEvents.at })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, rule.bucket),
          gt(rateLimitEvents.at, new Date(now.getTime() - rule.windowSeconds * 1000)),
        ),
      )
      .orderBy(desc(rateLimitEvents.at))
      .offset(rule.max - 1)
      .limit(1);
    if (filling) {
      retryAfterMs = Math.max(retryAfterMs, filling.at.getTime() + rule.windowSeconds * 1000 - now.getTime());
    }
  }
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError("rate_limited", `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
      "retry-after": String(seconds),
    });
  }
}

/**
 * Counts one event in each rule's bucket and drops that bucket's events that have left its window. Buckets
 * nobody touches again (an address that never returns) are swept at most once a minute per process.
 */
export async function recordEvents(options: { db: Database; rules: RateLimitRule[]; now?: Date }): Promise<void> {
  const { db, rules } = options;
  const now = options.now ?? new Date();
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  if (rules.length === 0) return;
  await db.insert(rateLimitEvents).values(rules.map((rule) => ({ bucket: rule.bucket, at: now })));
  await db
    .delete(rateLimitEvents)
    .where(
      or(
        ...rules.map((rule) =>
          and(eq(rateLimitEvents.bucket, rule.bucket), lt(rateLimitEvents.at, before(rule.windowSeconds))),
        ),
      ),
    );
  if (now.getTime() - lastSweptAt >= SWEEP_EVERY_MS) {
    lastSweptAt = now.getTime();
    await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before(LONGEST_WINDOW_SECONDS)));
  }
}

/**
 * The usual pairing: refuse when any bucket is full, otherwise count this attempt in every bucket. Refused
 * attempts are not counted, so a client that keeps hammering still gets in once the window has passed.
 */
export async function limit(options: { db: Database; rules: RateLimitRule[]; now?: Date }): Promise<void> {
  await checkLimits(options);
  await recordEvents(options);
}

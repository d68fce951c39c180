import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { APPOINTMENT_STATUSES } from "@termin/domain/appointment-statuses";
import { PAYMENT_METHODS } from "@termin/domain/payment-methods";
import { CONTENT_PAGE_IDS, type ContentPageId } from "@termin/domain/content-pages";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import type { ContentBlock } from "@termin/contracts/resources";
import type { Database } from "../database.ts";
import { appointmentStatuses, contentPages, contentPageTranslations, paymentMethods } from "../schema.ts";
import { seedExchangeRates } from "./exchange-rates.ts";

interface PageText {
  title: string;
  summary: string;
  blocks: ContentBlock[];
}

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./content-pages/${name}.json`, import.meta.url), "utf8")) as T;
}

const readContentPageTexts = (language: Language) => readJson<Record<ContentPageId, PageText>>(language);

/** The date each page's text last changed (shown as "Last updated"); bump it when editing a page. */
const readRevisions = () => readJson<Record<ContentPageId, string>>("revisions");

/**
 * Rows every installation needs (appointment statuses, content pages, exchange rates). Idempotent:
 * existing rows are updated in place, so re-running after a text change refreshes them.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(appointmentStatuses)
    .values(APPOINTMENT_STATUSES.map((s) => ({ id: s.id, name: s.name, orderIndex: s.orderIndex })))
    .onConflictDoUpdate({
      target: appointmentStatuses.id,
      set: { name: sql`excluded.name`, orderIndex: sql`excluded.order_index` },
    });
  await db
    .insert(paymentMethods)
    .values(PAYMENT_METHODS.map((method) => ({ id: method.id, name: method.name })))
    .onConflictDoUpdate({ target: paymentMethods.id, set: { name: sql`excluded.name` } });

  const revisions = readRevisions();
  await db
    .insert(contentPages)
    .values(CONTENT_PAGE_IDS.map((id) => ({ id, updatedAt: new Date(`${revisions[id]}T00:00:00Z`) })))
    .onConflictDoUpdate({ target: contentPages.id, set: { updatedAt: sql`excluded.updated_at` } });

  const translations = SUPPORTED_LANGUAGES.flatMap((language) => {
    const texts = readContentPageTexts(language);
    return CONTENT_PAGE_IDS.map((pageId) => ({ pageId, language, ...texts[pageId] }));
  });
  await db
    .insert(contentPageTranslations)
    .values(translations)
    .onConflictDoUpdate({
      target: [contentPageTranslations.pageId, contentPageTranslations.language],
      set: { title: sql`excluded.title`, summary: sql`excluded.summary`, blocks: sql`excluded.blocks` },
    });

  await seedExchangeRates(db);
}

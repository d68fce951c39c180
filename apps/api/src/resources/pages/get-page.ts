import { and, eq } from "drizzle-orm";
import { contentPages, contentPageTranslations } from "@termin/db/schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import type { ContentBlock } from "@termin/contracts/resources";

export interface PageRow {
  id: string;
  language: string;
  title: string;
  summary: string;
  blocks: ContentBlock[];
  updatedAt: Date;
}

const pageColumns = {
  id: contentPages.id,
  language: contentPageTranslations.language,
  title: contentPageTranslations.title,
  summary: contentPageTranslations.summary,
  blocks: contentPageTranslations.blocks,
  updatedAt: contentPages.updatedAt,
};

function pagesIn(db: Database, language: Language) {
  return db
    .select(pageColumns)
    .from(contentPages)
    .innerJoin(
      contentPageTranslations,
      and(eq(contentPageTranslations.pageId, contentPages.id), eq(contentPageTranslations.language, language)),
    );
}

export async function getPage(
  db: Database,
  { id, language }: { id: string; language: Language },
): Promise<PageRow | undefined> {
  const [row] = await pagesIn(db, language).where(eq(contentPages.id, id));
  return row;
}

export async function listPages(db: Database, { language }: { language: Language }): Promise<PageRow[]> {
  return pagesIn(db, language).orderBy(contentPages.id);
}

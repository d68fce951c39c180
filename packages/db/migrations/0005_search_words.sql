CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "location_search_documents_document_trgm";--> statement-breakpoint
ALTER TABLE "location_search_documents" ADD COLUMN "words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Documents written by 0004 are already normalised distinct words joined by spaces: carry them over.
UPDATE "location_search_documents" SET "words" = regexp_split_to_array("document", ' ') WHERE "document" <> '';--> statement-breakpoint
ALTER TABLE "location_search_documents" ALTER COLUMN "words" DROP DEFAULT;--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT unnest("words") FROM "location_search_documents";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "location_search_documents_words" ON "location_search_documents" USING gin ("words");--> statement-breakpoint
ALTER TABLE "location_search_documents" DROP COLUMN "document";

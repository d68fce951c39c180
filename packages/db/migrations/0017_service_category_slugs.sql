-- Categories written before slugs existed get one from their name's ASCII letters and digits (category-<id> for a
-- name with none); of two categories of one business with the same slug, the later adds its id. New ones get theirs
-- from the code that writes them (slugify, with transliteration).
ALTER TABLE "service_categories" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "service_categories" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'category-' || "id");--> statement-breakpoint
UPDATE "service_categories" AS "later" SET "slug" = "later"."slug" || '-' || "later"."id" FROM "service_categories" AS "earlier" WHERE "earlier"."business_id" = "later"."business_id" AND "earlier"."slug" = "later"."slug" AND "earlier"."id" < "later"."id";--> statement-breakpoint
ALTER TABLE "service_categories" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_business_id_slug_unique" UNIQUE("business_id","slug");

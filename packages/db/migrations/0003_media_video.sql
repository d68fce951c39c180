ALTER TABLE "media" ADD COLUMN "video" bytea;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_seconds" double precision;
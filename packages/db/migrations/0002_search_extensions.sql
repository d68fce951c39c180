-- Search (catalogue issue): trigram similarity for typo tolerance, unaccent for accent-insensitive matching.
-- Both ship with PostgreSQL's contrib and with PGlite (loaded in database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so indexes need an IMMUTABLE wrapper
-- that names the dictionary explicitly.
CREATE OR REPLACE FUNCTION immutable_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, value);

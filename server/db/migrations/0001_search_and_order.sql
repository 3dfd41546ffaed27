CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maillage_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
DROP INDEX "projects_company_name_fr_idx";--> statement-breakpoint
CREATE INDEX "projects_company_name_en_idx" ON "projects" USING btree ("company_id","name_en" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "projects_name_fr_trgm_idx" ON "projects" USING gin (maillage_unaccent("name_fr") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_en_trgm_idx" ON "projects" USING gin (maillage_unaccent("name_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_company_name_fr_idx" ON "projects" USING btree ("company_id","name_fr" collate "und-x-icu");
DROP INDEX "persons_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "persons_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "persons_email_trgm_idx";--> statement-breakpoint
DROP INDEX "persons_organisation_trgm_idx";--> statement-breakpoint
CREATE INDEX "persons_search_trgm_idx" ON "persons" USING gin (maillage_unaccent(("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("organisation", ''))) gin_trgm_ops);
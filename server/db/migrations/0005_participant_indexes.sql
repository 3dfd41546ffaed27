CREATE INDEX "participants_project_created_idx" ON "participants" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "participants_project_status_idx" ON "participants" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "persons_company_names_idx" ON "persons" USING btree ("company_id","last_name" collate "und-x-icu","first_name" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "persons_first_name_trgm_idx" ON "persons" USING gin (maillage_unaccent("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_trgm_idx" ON "persons" USING gin (maillage_unaccent("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_email_trgm_idx" ON "persons" USING gin (maillage_unaccent("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_organisation_trgm_idx" ON "persons" USING gin (maillage_unaccent("organisation") gin_trgm_ops);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "projects_company_name_en_idx" ON "projects" USING btree ("company_id","name_en");--> statement-breakpoint
CREATE INDEX "projects_name_fr_trgm_idx" ON "projects" USING gin ("name_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_en_trgm_idx" ON "projects" USING gin ("name_en" gin_trgm_ops);
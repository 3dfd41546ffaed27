CREATE TABLE "participant_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "participant_imports_to_purge_idx" ON "participant_imports" USING btree ("last_activity_at") WHERE purged_at is null;
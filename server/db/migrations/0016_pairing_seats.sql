CREATE TABLE "pairing_absences" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"from_round" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pairing_absences_pairing_id_participant_id_pk" PRIMARY KEY("pairing_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "pairing_generations" ADD COLUMN "from_round" integer;--> statement-breakpoint
ALTER TABLE "pairing_absences" ADD CONSTRAINT "pairing_absences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_absences" ADD CONSTRAINT "pairing_absences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_absences" ADD CONSTRAINT "pairing_absences_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_absences" ADD CONSTRAINT "pairing_absences_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pairing_absences_participant_idx" ON "pairing_absences" USING btree ("participant_id");
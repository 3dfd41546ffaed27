CREATE TABLE "pairing_meeting_sets" (
	"pairing_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"prefix_fr" text NOT NULL,
	"prefix_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"interval_minutes" integer NOT NULL,
	"type" text NOT NULL,
	"in_person" boolean NOT NULL,
	"virtual" boolean NOT NULL,
	"seats_generation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairing_meetings" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"table_id" uuid NOT NULL,
	CONSTRAINT "pairing_meetings_activity_id_pk" PRIMARY KEY("activity_id")
);
--> statement-breakpoint
ALTER TABLE "pairing_meeting_sets" ADD CONSTRAINT "pairing_meeting_sets_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meeting_sets" ADD CONSTRAINT "pairing_meeting_sets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meeting_sets" ADD CONSTRAINT "pairing_meeting_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meeting_sets" ADD CONSTRAINT "pairing_meeting_sets_seats_generation_id_pairing_generations_id_fk" FOREIGN KEY ("seats_generation_id") REFERENCES "public"."pairing_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meetings" ADD CONSTRAINT "pairing_meetings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meetings" ADD CONSTRAINT "pairing_meetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meetings" ADD CONSTRAINT "pairing_meetings_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meetings" ADD CONSTRAINT "pairing_meetings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_meetings" ADD CONSTRAINT "pairing_meetings_table_id_activity_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."activity_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_meetings_round_table_key" ON "pairing_meetings" USING btree ("pairing_id","round","table_id");
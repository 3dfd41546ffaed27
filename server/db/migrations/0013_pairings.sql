CREATE TABLE "match_group_members" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	CONSTRAINT "match_group_members_group_id_participant_id_pk" PRIMARY KEY("group_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "match_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairing_choices" (
	"pairing_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	CONSTRAINT "pairing_choices_pairing_id_choice_id_pk" PRIMARY KEY("pairing_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "pairing_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_id" uuid NOT NULL,
	"seed" integer NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"best" double precision,
	"stats" jsonb,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pairing_generations_status_check" CHECK ("pairing_generations"."status" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "pairing_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"group_a_id" uuid NOT NULL,
	"group_b_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"use_for_planned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pairing_rules_kind_check" CHECK ("pairing_rules"."kind" in ('meets', 'never'))
);
--> statement-breakpoint
CREATE TABLE "pairing_seats" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pairing_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"table_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	CONSTRAINT "pairing_seats_pairing_id_round_participant_id_pk" PRIMARY KEY("pairing_id","round","participant_id")
);
--> statement-breakpoint
CREATE TABLE "pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"rounds" integer DEFAULT 1 NOT NULL,
	"objective" text DEFAULT 'none' NOT NULL,
	"algorithm" integer DEFAULT 1 NOT NULL,
	"choice_count" integer,
	"question_id" uuid,
	"held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pairings_objective_check" CHECK ("pairings"."objective" in ('similar', 'diverse', 'none')),
	CONSTRAINT "pairings_algorithm_check" CHECK ("pairings"."algorithm" in (-3, -2, -1, 1, 2, 3, 7)),
	CONSTRAINT "pairings_rounds_check" CHECK ("pairings"."rounds" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "match_group_members" ADD CONSTRAINT "match_group_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_group_members" ADD CONSTRAINT "match_group_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_group_members" ADD CONSTRAINT "match_group_members_group_id_match_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."match_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_group_members" ADD CONSTRAINT "match_group_members_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_groups" ADD CONSTRAINT "match_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_groups" ADD CONSTRAINT "match_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_groups" ADD CONSTRAINT "match_groups_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_choices" ADD CONSTRAINT "pairing_choices_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_choices" ADD CONSTRAINT "pairing_choices_choice_id_question_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."question_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_generations" ADD CONSTRAINT "pairing_generations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_generations" ADD CONSTRAINT "pairing_generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_generations" ADD CONSTRAINT "pairing_generations_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_rules" ADD CONSTRAINT "pairing_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_rules" ADD CONSTRAINT "pairing_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_rules" ADD CONSTRAINT "pairing_rules_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_rules" ADD CONSTRAINT "pairing_rules_group_a_id_match_groups_id_fk" FOREIGN KEY ("group_a_id") REFERENCES "public"."match_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_rules" ADD CONSTRAINT "pairing_rules_group_b_id_match_groups_id_fk" FOREIGN KEY ("group_b_id") REFERENCES "public"."match_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_seats" ADD CONSTRAINT "pairing_seats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_seats" ADD CONSTRAINT "pairing_seats_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_seats" ADD CONSTRAINT "pairing_seats_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_seats" ADD CONSTRAINT "pairing_seats_table_id_activity_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."activity_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_seats" ADD CONSTRAINT "pairing_seats_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_group_members_participant_idx" ON "match_group_members" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "match_groups_pairing_idx" ON "match_groups" USING btree ("pairing_id","created_at");--> statement-breakpoint
CREATE INDEX "pairing_generations_pairing_idx" ON "pairing_generations" USING btree ("pairing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_generations_active_key" ON "pairing_generations" USING btree ("pairing_id") WHERE "pairing_generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "pairing_rules_pairing_idx" ON "pairing_rules" USING btree ("pairing_id","created_at");--> statement-breakpoint
CREATE INDEX "pairing_seats_table_idx" ON "pairing_seats" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "pairings_project_idx" ON "pairings" USING btree ("project_id","created_at");
CREATE TABLE "meeting_blocked_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_a" uuid NOT NULL,
	"participant_b" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_blocked_pairs_self_check" CHECK ("meeting_blocked_pairs"."participant_a" <> "meeting_blocked_pairs"."participant_b")
);
--> statement-breakpoint
CREATE TABLE "meeting_caps" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "meeting_caps_session_id_participant_id_pk" PRIMARY KEY("session_id","participant_id"),
	CONSTRAINT "meeting_caps_cap_check" CHECK ("meeting_caps"."cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meeting_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"best_weight" real,
	"bound" real,
	"placed" integer,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "meeting_generations_status_check" CHECK ("meeting_generations"."status" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "meeting_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"requested_id" uuid NOT NULL,
	"weight" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_requests_weight_check" CHECK ("meeting_requests"."weight" between 1 and 5),
	CONSTRAINT "meeting_requests_self_check" CHECK ("meeting_requests"."requester_id" <> "meeting_requests"."requested_id"),
	CONSTRAINT "meeting_requests_source_check" CHECK ("meeting_requests"."source" in ('manual', 'import', 'questionnaire'))
);
--> statement-breakpoint
CREATE TABLE "meeting_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"slot_minutes" integer NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"slot_count" integer NOT NULL,
	"tables_per_slot" integer,
	"table_category_id" uuid,
	"default_cap" integer NOT NULL,
	"mode" text DEFAULT 'inPerson' NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"met_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_sessions_mode_check" CHECK ("meeting_sessions"."mode" in ('inPerson', 'virtual')),
	CONSTRAINT "meeting_sessions_slots_check" CHECK ("meeting_sessions"."slot_count" between 1 and 200 and "meeting_sessions"."slot_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session_id" uuid,
	"pairing_id" uuid,
	"participant_a" uuid NOT NULL,
	"participant_b" uuid NOT NULL,
	"slot" integer NOT NULL,
	"table_number" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"mode" text DEFAULT 'inPerson' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"origin" text DEFAULT 'generated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_owner_check" CHECK ("meetings"."session_id" is not null or "meetings"."pairing_id" is not null),
	CONSTRAINT "meetings_mode_check" CHECK ("meetings"."mode" in ('inPerson', 'virtual')),
	CONSTRAINT "meetings_self_check" CHECK ("meetings"."participant_a" <> "meetings"."participant_b")
);
--> statement-breakpoint
ALTER TABLE "meeting_blocked_pairs" ADD CONSTRAINT "meeting_blocked_pairs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_blocked_pairs" ADD CONSTRAINT "meeting_blocked_pairs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_blocked_pairs" ADD CONSTRAINT "meeting_blocked_pairs_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_blocked_pairs" ADD CONSTRAINT "meeting_blocked_pairs_participant_a_participants_id_fk" FOREIGN KEY ("participant_a") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_blocked_pairs" ADD CONSTRAINT "meeting_blocked_pairs_participant_b_participants_id_fk" FOREIGN KEY ("participant_b") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_caps" ADD CONSTRAINT "meeting_caps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_caps" ADD CONSTRAINT "meeting_caps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_caps" ADD CONSTRAINT "meeting_caps_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_caps" ADD CONSTRAINT "meeting_caps_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_generations" ADD CONSTRAINT "meeting_generations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_generations" ADD CONSTRAINT "meeting_generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_generations" ADD CONSTRAINT "meeting_generations_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_requester_id_participants_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_requested_id_participants_id_fk" FOREIGN KEY ("requested_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_table_category_id_activity_categories_id_fk" FOREIGN KEY ("table_category_id") REFERENCES "public"."activity_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_met_session_id_meeting_sessions_id_fk" FOREIGN KEY ("met_session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_participant_a_participants_id_fk" FOREIGN KEY ("participant_a") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_participant_b_participants_id_fk" FOREIGN KEY ("participant_b") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_blocked_pairs_key" ON "meeting_blocked_pairs" USING btree ("session_id",least("participant_a", "participant_b"),greatest("participant_a", "participant_b"));--> statement-breakpoint
CREATE INDEX "meeting_generations_session_idx" ON "meeting_generations" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_generations_active_key" ON "meeting_generations" USING btree ("session_id") WHERE "meeting_generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_requests_pair_key" ON "meeting_requests" USING btree ("session_id","requester_id","requested_id");--> statement-breakpoint
CREATE INDEX "meeting_requests_requested_idx" ON "meeting_requests" USING btree ("requested_id");--> statement-breakpoint
CREATE INDEX "meeting_sessions_project_idx" ON "meeting_sessions" USING btree ("project_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_session_idx" ON "meetings" USING btree ("session_id","slot","table_number");--> statement-breakpoint
CREATE INDEX "meetings_pairing_idx" ON "meetings" USING btree ("pairing_id");--> statement-breakpoint
CREATE INDEX "meetings_participant_a_idx" ON "meetings" USING btree ("participant_a");--> statement-breakpoint
CREATE INDEX "meetings_participant_b_idx" ON "meetings" USING btree ("participant_b");--> statement-breakpoint
CREATE INDEX "meetings_project_starts_idx" ON "meetings" USING btree ("project_id","starts_at");
CREATE TABLE "participant_answers" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_answers_participant_id_question_id_choice_id_pk" PRIMARY KEY("participant_id","question_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "question_audience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"group_id" uuid,
	"role_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_audience_target_check" CHECK (("question_audience"."group_id" is null) <> ("question_audience"."role_id" is null))
);
--> statement-breakpoint
CREATE TABLE "question_choice_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"category_id" uuid,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"linked_choice_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_standard_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	"role_id" uuid,
	"group_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_standard_values_target_check" CHECK ("question_standard_values"."role_id" is null or "question_standard_values"."group_id" is null)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"help_fr" text DEFAULT '' NOT NULL,
	"help_en" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'multiple' NOT NULL,
	"max_choices" integer,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"visibility" text DEFAULT 'participants' NOT NULL,
	"participant_can_edit" boolean DEFAULT true NOT NULL,
	"used_for_matching" boolean DEFAULT true NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"linked_question_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_kind_check" CHECK ("questions"."kind" in ('single', 'multiple')),
	CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('active', 'archived')),
	CONSTRAINT "questions_visibility_check" CHECK ("questions"."visibility" in ('organisers', 'participants')),
	CONSTRAINT "questions_weight_check" CHECK ("questions"."weight" between 0 and 100),
	CONSTRAINT "questions_max_choices_check" CHECK ("questions"."max_choices" is null or "questions"."max_choices" >= 1)
);
--> statement-breakpoint
CREATE TABLE "score_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"answers_revision" integer DEFAULT 0 NOT NULL,
	"participant_count" integer,
	"scale" text,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "score_sets_status_check" CHECK ("score_sets"."status" in ('queued', 'running', 'ready', 'failed', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "answers_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participant_answers" ADD CONSTRAINT "participant_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answers" ADD CONSTRAINT "participant_answers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answers" ADD CONSTRAINT "participant_answers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answers" ADD CONSTRAINT "participant_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_answers" ADD CONSTRAINT "participant_answers_choice_id_question_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."question_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audience" ADD CONSTRAINT "question_audience_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audience" ADD CONSTRAINT "question_audience_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audience" ADD CONSTRAINT "question_audience_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audience" ADD CONSTRAINT "question_audience_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audience" ADD CONSTRAINT "question_audience_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choice_categories" ADD CONSTRAINT "question_choice_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choice_categories" ADD CONSTRAINT "question_choice_categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choice_categories" ADD CONSTRAINT "question_choice_categories_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_category_id_question_choice_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_choice_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_linked_choice_id_question_choices_id_fk" FOREIGN KEY ("linked_choice_id") REFERENCES "public"."question_choices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_choice_id_question_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."question_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_standard_values" ADD CONSTRAINT "question_standard_values_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_linked_question_id_questions_id_fk" FOREIGN KEY ("linked_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sets" ADD CONSTRAINT "score_sets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sets" ADD CONSTRAINT "score_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_answers_project_question_idx" ON "participant_answers" USING btree ("project_id","question_id");--> statement-breakpoint
CREATE INDEX "participant_answers_choice_idx" ON "participant_answers" USING btree ("choice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_audience_key" ON "question_audience" USING btree ("question_id",coalesce("group_id", "role_id"));--> statement-breakpoint
CREATE INDEX "question_choice_categories_question_idx" ON "question_choice_categories" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "question_choices_question_idx" ON "question_choices" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "question_standard_values_question_idx" ON "question_standard_values" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "questions_project_idx" ON "questions" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "score_sets_project_idx" ON "score_sets" USING btree ("project_id","created_at");
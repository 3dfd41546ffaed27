CREATE TABLE "dashboard_feeds" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_task_completions" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"done_by" uuid,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_task_completions_project_id_task_id_pk" PRIMARY KEY("project_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_feeds" ADD CONSTRAINT "dashboard_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_feeds" ADD CONSTRAINT "dashboard_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_task_completions" ADD CONSTRAINT "dashboard_task_completions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_task_completions" ADD CONSTRAINT "dashboard_task_completions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_task_completions" ADD CONSTRAINT "dashboard_task_completions_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_feeds_token_key" ON "dashboard_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "dashboard_task_completions_company_idx" ON "dashboard_task_completions" USING btree ("company_id");
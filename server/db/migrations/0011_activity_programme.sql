CREATE TABLE "activity_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"category_id" uuid,
	"activity_id" uuid,
	"group_id" uuid,
	"role_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_access_owner_check" CHECK (("activity_access"."category_id" is null) <> ("activity_access"."activity_id" is null)),
	CONSTRAINT "activity_access_target_check" CHECK (("activity_access"."group_id" is null) <> ("activity_access"."role_id" is null))
);
--> statement-breakpoint
CREATE TABLE "activity_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"language" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_files_language_check" CHECK ("activity_files"."language" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "activity_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"participant_id" uuid,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"url_fr" text NOT NULL,
	"url_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_members" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_members_activity_id_participant_id_pk" PRIMARY KEY("activity_id","participant_id"),
	CONSTRAINT "activity_members_status_check" CHECK ("activity_members"."status" in ('registered', 'confirmed', 'attended', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "activity_table_assignments" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_table_assignments_category_id_participant_id_pk" PRIMARY KEY("category_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "activity_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"location" text,
	"vip" boolean DEFAULT false NOT NULL,
	"seats" integer DEFAULT 8 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_tables_number_check" CHECK ("activity_tables"."number" > 0),
	CONSTRAINT "activity_tables_seats_check" CHECK ("activity_tables"."seats" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"participant_id" uuid,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "display_date" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "registration_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "on_landing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "image_file_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "video_room_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "video_room_url" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "video_host_room_url" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "video_meeting_id" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "video_room_error" text;--> statement-breakpoint
ALTER TABLE "participant_imports" ADD COLUMN "kind" text DEFAULT 'participants' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_access" ADD CONSTRAINT "activity_access_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_hosts" ADD CONSTRAINT "activity_hosts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_hosts" ADD CONSTRAINT "activity_hosts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_hosts" ADD CONSTRAINT "activity_hosts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_hosts" ADD CONSTRAINT "activity_hosts_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_links" ADD CONSTRAINT "activity_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_links" ADD CONSTRAINT "activity_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_links" ADD CONSTRAINT "activity_links_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_table_assignments" ADD CONSTRAINT "activity_table_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_table_assignments" ADD CONSTRAINT "activity_table_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_table_assignments" ADD CONSTRAINT "activity_table_assignments_table_id_activity_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."activity_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_table_assignments" ADD CONSTRAINT "activity_table_assignments_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_table_assignments" ADD CONSTRAINT "activity_table_assignments_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tables" ADD CONSTRAINT "activity_tables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tables" ADD CONSTRAINT "activity_tables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tables" ADD CONSTRAINT "activity_tables_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_access_category_idx" ON "activity_access" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activity_access_activity_idx" ON "activity_access" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_access_key" ON "activity_access" USING btree (coalesce("category_id", "activity_id"),coalesce("group_id", "role_id"));--> statement-breakpoint
CREATE INDEX "activity_files_activity_idx" ON "activity_files" USING btree ("activity_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_files_file_key" ON "activity_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_hosts_activity_email_key" ON "activity_hosts" USING btree ("activity_id",lower("email"));--> statement-breakpoint
CREATE INDEX "activity_hosts_project_idx" ON "activity_hosts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "activity_links_activity_idx" ON "activity_links" USING btree ("activity_id","position");--> statement-breakpoint
CREATE INDEX "activity_members_participant_idx" ON "activity_members" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "activity_members_activity_status_idx" ON "activity_members" USING btree ("activity_id","status");--> statement-breakpoint
CREATE INDEX "activity_table_assignments_table_idx" ON "activity_table_assignments" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_tables_category_number_key" ON "activity_tables" USING btree ("category_id","number");--> statement-breakpoint
CREATE INDEX "activity_tables_project_idx" ON "activity_tables" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_owner_key" ON "calendar_feeds" USING btree ("project_id",coalesce("participant_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_video_room_status_check" CHECK ("activities"."video_room_status" in ('none', 'pending', 'ready', 'failed'));
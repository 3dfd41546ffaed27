CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"project_id" uuid,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screen" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_texts_screen_unique" UNIQUE("screen")
);
--> statement-breakpoint
CREATE TABLE "project_options" (
	"project_id" uuid NOT NULL,
	"option_id" integer NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_options_project_id_option_id_pk" PRIMARY KEY("project_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "release_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"category_id" uuid,
	"is_category" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"released_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_version_check" CHECK ("releases"."version" ~ '^[0-9]+(\.[0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"project_id" uuid,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"fr" text DEFAULT '' NOT NULL,
	"en" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "languages" text[] DEFAULT '{fr,en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_email" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "auto_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "banner_file_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "banner_background_color" text DEFAULT '#1c3d5a' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "banner_text_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "home_background_color" text DEFAULT '#f5f7fa' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "menu_background_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "menu_text_color" text DEFAULT '#1c3d5a' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "text_edition_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_options" ADD CONSTRAINT "project_options_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_entries" ADD CONSTRAINT "release_entries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "release_entries_release_idx" ON "release_entries" USING btree ("release_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_version_key" ON "releases" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "texts_kind_owner_key" ON "texts" USING btree ("kind","owner_id");--> statement-breakpoint
CREATE INDEX "texts_project_idx" ON "texts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "texts_company_idx" ON "texts" USING btree ("company_id");
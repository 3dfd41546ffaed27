CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"type" text NOT NULL,
	"category_id" uuid,
	"section_id" uuid,
	"title_fr" text NOT NULL,
	"title_en" text NOT NULL,
	"no_date" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"max_members" integer,
	"hybrid_type" text DEFAULT 'inPerson' NOT NULL,
	"location" text,
	"parent_id" uuid,
	"background_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_type_check" CHECK ("activities"."type" in ('session', 'kiosk', 'media', 'posting', 'forum', 'meeting')),
	CONSTRAINT "activities_hybrid_type_check" CHECK ("activities"."hybrid_type" in ('inPerson', 'virtual', 'hybrid')),
	CONSTRAINT "activities_date_check" CHECK ("activities"."no_date" or "activities"."starts_at" is not null),
	CONSTRAINT "activities_duration_check" CHECK ("activities"."duration_minutes" between 0 and 44640),
	CONSTRAINT "activities_max_members_check" CHECK ("activities"."max_members" is null or "activities"."max_members" > 0)
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_categories_kind_check" CHECK ("activity_categories"."kind" in ('section', 'category'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_section_id_activity_categories_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."activity_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_parent_id_activities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_project_starts_idx" ON "activities" USING btree ("project_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "activities_project_type_idx" ON "activities" USING btree ("project_id","type");--> statement-breakpoint
CREATE INDEX "activities_category_idx" ON "activities" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activities_section_idx" ON "activities" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "activities_parent_idx" ON "activities" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "activities_project_title_fr_idx" ON "activities" USING btree ("project_id","title_fr" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "activities_project_title_en_idx" ON "activities" USING btree ("project_id","title_en" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "activities_search_trgm_idx" ON "activities" USING gin (maillage_unaccent(("title_fr" || ' ' || "title_en" || ' ' || coalesce("location", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_categories_project_idx" ON "activity_categories" USING btree ("project_id","kind","position");
CREATE TABLE "campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"mail_message_id" uuid,
	"skipped" text
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"message_type" integer DEFAULT 0 NOT NULL,
	"subject_fr" text DEFAULT '' NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"body_fr" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"audience" jsonb NOT NULL,
	"transactional" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"planned_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"queued_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"activity_id" uuid,
	"group_id" uuid,
	"direction" text NOT NULL,
	"subject_fr" text DEFAULT '' NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"body_fr" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_subscriptions" (
	"participant_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject_fr" text DEFAULT '' NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"body_fr" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "participant_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD CONSTRAINT "mail_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD CONSTRAINT "mail_notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD CONSTRAINT "mail_notifications_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD CONSTRAINT "mail_notifications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_subscriptions" ADD CONSTRAINT "mail_subscriptions_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_subscriptions" ADD CONSTRAINT "mail_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_subscriptions" ADD CONSTRAINT "mail_subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_key" ON "campaign_recipients" USING btree ("campaign_id","participant_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_waiting_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE mail_message_id is null and skipped is null;--> statement-breakpoint
CREATE INDEX "campaigns_project_idx" ON "campaigns" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_planned_idx" ON "campaigns" USING btree ("planned_at") WHERE status = 'planned';--> statement-breakpoint
CREATE INDEX "mail_notifications_activity_idx" ON "mail_notifications" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "mail_notifications_group_idx" ON "mail_notifications" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "mail_notifications_project_idx" ON "mail_notifications" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_subscriptions_token_key" ON "mail_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "mail_subscriptions_unsubscribed_idx" ON "mail_subscriptions" USING btree ("project_id","unsubscribed_at") WHERE unsubscribed_at is not null;--> statement-breakpoint
CREATE INDEX "mail_templates_project_idx" ON "mail_templates" USING btree ("project_id","name");--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_campaign_idx" ON "mail_messages" USING btree ("campaign_id","status");
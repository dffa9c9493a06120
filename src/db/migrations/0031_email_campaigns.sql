CREATE TABLE "campaign_recipient" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"user_id" text,
	"contact_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"skip_reason" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"email_message_id" uuid,
	CONSTRAINT "campaign_recipient_campaign_email" UNIQUE("campaign_id","email")
);
--> statement-breakpoint
CREATE TABLE "email_campaign" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_buyers" boolean DEFAULT true NOT NULL,
	"list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"host_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_source" text NOT NULL,
	"import_id" uuid,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_contact_list_email" UNIQUE("list_id","email")
);
--> statement-breakpoint
CREATE TABLE "marketing_import" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"list_id" uuid NOT NULL,
	"rows" integer NOT NULL,
	"consent_source" text NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_list_host_name" UNIQUE("host_id","name")
);
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribe" (
	"host_id" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_unsubscribe_host_id_email_pk" PRIMARY KEY("host_id","email")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_campaign_id_email_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_contact_id_marketing_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."marketing_contact"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_email_message_id_email_message_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "public"."email_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign" ADD CONSTRAINT "email_campaign_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign" ADD CONSTRAINT "email_campaign_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contact" ADD CONSTRAINT "marketing_contact_list_id_marketing_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."marketing_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contact" ADD CONSTRAINT "marketing_contact_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contact" ADD CONSTRAINT "marketing_contact_import_id_marketing_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."marketing_import"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_contact" ADD CONSTRAINT "marketing_contact_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_import" ADD CONSTRAINT "marketing_import_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_import" ADD CONSTRAINT "marketing_import_list_id_marketing_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."marketing_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_import" ADD CONSTRAINT "marketing_import_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_list" ADD CONSTRAINT "marketing_list_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_unsubscribe" ADD CONSTRAINT "marketing_unsubscribe_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipient_status_idx" ON "campaign_recipient" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_recipient_sent_idx" ON "campaign_recipient" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "email_campaign_host_idx" ON "email_campaign" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "email_campaign_due_idx" ON "email_campaign" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "marketing_contact_host_email_idx" ON "marketing_contact" USING btree ("host_id","email");
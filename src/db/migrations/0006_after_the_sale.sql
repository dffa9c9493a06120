CREATE TABLE "cancellation_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"requested_by" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_pence" integer,
	"refund_id" text,
	"host_message" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cancellation_request_reason" CHECK (length(trim("cancellation_request"."reason")) between 1 and 1000),
	CONSTRAINT "cancellation_request_refund" CHECK ("cancellation_request"."refund_pence" is null or "cancellation_request"."refund_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_reminder" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminder_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_transfer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_user_id" text,
	"from_name" text DEFAULT '' NOT NULL,
	"to_email" text NOT NULL,
	"to_name" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "ticket_transfer_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_id" uuid,
	"offered_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entry_quantity" CHECK ("waitlist_entry"."quantity" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "email_message" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_message" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "code_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "holder_user_id" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "waitlist_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_event_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminder" ADD CONSTRAINT "event_reminder_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminder" ADD CONSTRAINT "event_reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfer" ADD CONSTRAINT "ticket_transfer_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfer" ADD CONSTRAINT "ticket_transfer_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfer" ADD CONSTRAINT "ticket_transfer_claimed_by_user_id_user_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_hold_id_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_request_one_open" ON "cancellation_request" USING btree ("order_id") WHERE status in ('pending', 'refunding', 'approved');--> statement-breakpoint
CREATE INDEX "cancellation_request_status_idx" ON "cancellation_request" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfer_one_pending" ON "ticket_transfer" USING btree ("ticket_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_transfer_from_idx" ON "ticket_transfer" USING btree ("from_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entry_one_active" ON "waitlist_entry" USING btree ("event_id","user_id") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entry_queue_idx" ON "waitlist_entry" USING btree ("event_id","created_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entry_user_idx" ON "waitlist_entry" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entry_hold_idx" ON "waitlist_entry" USING btree ("hold_id");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_holder_user_id_user_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_holder_idx" ON "ticket" USING btree ("holder_user_id");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_waitlist_offer_hours" CHECK ("event"."waitlist_offer_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_refunded" CHECK ("order"."refunded_pence" >= 0 and "order"."refunded_pence" <= "order"."total_pence");--> statement-breakpoint
-- Tickets bought so far belong to their buyers.
UPDATE "ticket" t SET "holder_user_id" = o."user_id" FROM "order" o WHERE o."id" = t."order_id";

CREATE TABLE "host_payout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"account_id" text NOT NULL,
	"provider_transfer_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "host_payout_provider_transfer_id_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "host_payout_event_currency" UNIQUE("event_id","currency"),
	CONSTRAINT "host_payout_amount" CHECK ("host_payout"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "host_payout_account" (
	"host_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_payout_account_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "host_profile" (
	"host_id" text PRIMARY KEY NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_color" text,
	"accent_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_profile_brand_color" CHECK ("host_profile"."brand_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "host_profile_accent_color" CHECK ("host_profile"."accent_color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "payment_destination" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"application_fee_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_destination_fee" CHECK ("payment_destination"."application_fee_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_connected_account" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"return_url" text,
	"refresh_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_connected_account_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "host_payout" ADD CONSTRAINT "host_payout_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_payout" ADD CONSTRAINT "host_payout_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_payout_account" ADD CONSTRAINT "host_payout_account_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_profile" ADD CONSTRAINT "host_profile_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_destination" ADD CONSTRAINT "payment_destination_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_payout_host_idx" ON "host_payout" USING btree ("host_id","paid_at");
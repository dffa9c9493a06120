CREATE TABLE "test_payment_session" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"customer_email" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_error" text,
	"payment_intent_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_session_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "test_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_refund_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;
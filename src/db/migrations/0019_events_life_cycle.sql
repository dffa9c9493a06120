ALTER TABLE "cancellation_request" ADD COLUMN "origin" text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "online_url" text;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_origin" CHECK ("cancellation_request"."origin" in ('buyer', 'event_cancelled'));--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_online_url" CHECK ("event"."online_url" is null or "event"."online_url" ~ '^https?://');
ALTER TABLE "venue" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_step_free" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_toilets" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_hearing_loop" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_seating" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_quiet_space" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_parking" boolean;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "add_key" uuid;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "event_venue_id_idx" ON "event" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_add_key_idx" ON "venue" USING btree ("add_key");--> statement-breakpoint
ALTER TABLE "venue" ADD CONSTRAINT "venue_capacity_range" CHECK ("venue"."capacity" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "venue" ADD CONSTRAINT "venue_access_notes_length" CHECK (char_length("venue"."access_notes") <= 1000);
CREATE TABLE "event_scanner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text,
	"token_hash" text,
	"label" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_scanner_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "event_scanner_one_kind" CHECK (("event_scanner"."user_id" is null) <> ("event_scanner"."token_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "ticket_scan" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid,
	"device_id" text NOT NULL,
	"client_scan_id" text NOT NULL,
	"gate" text NOT NULL,
	"outcome" text NOT NULL,
	"local_outcome" text,
	"admitted" boolean NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"scanner_id" uuid,
	"scanned_by" text,
	CONSTRAINT "ticket_scan_device_scan" UNIQUE("device_id","client_scan_id")
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "checked_in_gate" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "checked_in_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "event_scanner" ADD CONSTRAINT "event_scanner_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scanner" ADD CONSTRAINT "event_scanner_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scanner" ADD CONSTRAINT "event_scanner_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_scanner" ADD CONSTRAINT "event_scanner_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_scanner_id_event_scanner_id_fk" FOREIGN KEY ("scanner_id") REFERENCES "public"."event_scanner"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_scanned_by_user_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_scanner_event_idx" ON "event_scanner" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_scanner_member" ON "event_scanner" USING btree ("event_id","user_id") WHERE "event_scanner"."revoked_at" is null and "event_scanner"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "ticket_scan_event_idx" ON "ticket_scan" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "ticket_scan_ticket_idx" ON "ticket_scan" USING btree ("ticket_id");
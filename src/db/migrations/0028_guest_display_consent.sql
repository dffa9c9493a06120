CREATE TABLE "guest_display_consent" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_display_consent_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "guest_display_consent" ADD CONSTRAINT "guest_display_consent_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_display_consent" ADD CONSTRAINT "guest_display_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_display_consent_event_idx" ON "guest_display_consent" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_display_consent_user_idx" ON "guest_display_consent" USING btree ("user_id");
CREATE TABLE "tracking_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_link_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tracking_link_visit" (
	"link_id" uuid NOT NULL,
	"day" text NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_link_visit_link_id_day_visitor_pk" PRIMARY KEY("link_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "tracking_link_id" uuid;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tracking_link_id" uuid;--> statement-breakpoint
ALTER TABLE "tracking_link" ADD CONSTRAINT "tracking_link_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link" ADD CONSTRAINT "tracking_link_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link" ADD CONSTRAINT "tracking_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link_visit" ADD CONSTRAINT "tracking_link_visit_link_id_tracking_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_link_event_idx" ON "tracking_link" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_link_event_name" ON "tracking_link" USING btree ("event_id",lower("name"));--> statement-breakpoint
ALTER TABLE "hold" ADD CONSTRAINT "hold_tracking_link_id_tracking_link_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_tracking_link_id_tracking_link_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tracking_link_idx" ON "order" USING btree ("tracking_link_id") WHERE "order"."tracking_link_id" is not null;
CREATE TABLE "host_summary_sent" (
	"host_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_summary_sent_host_id_kind_period_pk" PRIMARY KEY("host_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "host_summary_sent" ADD CONSTRAINT "host_summary_sent_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_host_created_idx" ON "order" USING btree ("host_id","created_at","id");
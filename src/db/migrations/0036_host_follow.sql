CREATE TABLE "host_follow" (
	"user_id" text NOT NULL,
	"host_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_follow_user_id_host_id_pk" PRIMARY KEY("user_id","host_id"),
	CONSTRAINT "host_follow_not_self" CHECK ("host_follow"."user_id" <> "host_follow"."host_id")
);
--> statement-breakpoint
ALTER TABLE "host_follow" ADD CONSTRAINT "host_follow_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_follow" ADD CONSTRAINT "host_follow_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_follow_host_idx" ON "host_follow" USING btree ("host_id");
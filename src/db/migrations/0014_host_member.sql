CREATE TABLE "host_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_member_host_user" UNIQUE("host_id","user_id"),
	CONSTRAINT "host_member_role" CHECK ("host_member"."role" in ('owner', 'manager', 'scanner')),
	CONSTRAINT "host_member_not_self" CHECK ("host_member"."host_id" <> "host_member"."user_id")
);
--> statement-breakpoint
ALTER TABLE "host_member" ADD CONSTRAINT "host_member_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_member" ADD CONSTRAINT "host_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_member_user_idx" ON "host_member" USING btree ("user_id");
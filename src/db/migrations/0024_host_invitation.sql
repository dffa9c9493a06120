CREATE TABLE "host_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "host_invitation_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "host_invitation_role" CHECK ("host_invitation"."role" in ('owner', 'manager', 'scanner')),
	CONSTRAINT "host_invitation_email_lower" CHECK ("host_invitation"."email" = lower("host_invitation"."email")),
	CONSTRAINT "host_invitation_one_end" CHECK ("host_invitation"."accepted_at" is null or "host_invitation"."revoked_at" is null)
);
--> statement-breakpoint
ALTER TABLE "host_invitation" ADD CONSTRAINT "host_invitation_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_invitation" ADD CONSTRAINT "host_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_invitation" ADD CONSTRAINT "host_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "host_invitation_one_open" ON "host_invitation" USING btree ("host_id","email") WHERE accepted_at is null and revoked_at is null;
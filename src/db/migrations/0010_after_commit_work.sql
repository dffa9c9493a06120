CREATE TABLE "after_commit_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "after_commit_work_unqueued_idx" ON "after_commit_work" USING btree ("created_at") WHERE "after_commit_work"."queued_at" is null;
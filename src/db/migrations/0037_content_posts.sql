CREATE TABLE "content_post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic" text,
	"header_image" text,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("topic", '') || ' ' || "description"), 'B') || setweight(to_tsvector('english'::regconfig, "body"), 'C')) STORED,
	CONSTRAINT "content_post_kind" CHECK ("content_post"."kind" in ('blog', 'guide', 'case_study', 'news', 'help')),
	CONSTRAINT "content_post_status" CHECK ("content_post"."status" in ('draft', 'published')),
	CONSTRAINT "content_post_slug_format" CHECK ("content_post"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("content_post"."slug") <= 80),
	CONSTRAINT "content_post_published_at" CHECK ("content_post"."status" = 'draft' or "content_post"."published_at" is not null),
	CONSTRAINT "content_post_sizes" CHECK (length("content_post"."title") <= 140 and length("content_post"."description") <= 300 and length("content_post"."body") <= 50000)
);
--> statement-breakpoint
ALTER TABLE "content_post" ADD CONSTRAINT "content_post_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_post_kind_slug_idx" ON "content_post" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_post_listing_idx" ON "content_post" USING btree ("kind","published_at") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "content_post_search_idx" ON "content_post" USING gin ("search_vector");
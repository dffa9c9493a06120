ALTER TABLE "hold" ADD COLUMN "access_needs" jsonb;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "access_needs" jsonb;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "access_needs" jsonb;
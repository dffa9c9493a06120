DROP INDEX "payment_pending_idx";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_id" text;--> statement-breakpoint
-- Payments recorded before final states were named: each moves to its new name before the
-- constraints below are added. A paid one is `paid`; an abandoned one `expired`; a refunded one
-- was a late payment whose places had gone. A declined card left its session open, so it is
-- pending again and the reconciliation job asks the provider about it.
UPDATE "payment" SET "status" = 'paid' WHERE "status" = 'succeeded';--> statement-breakpoint
UPDATE "payment" SET "status" = 'expired' WHERE "status" = 'abandoned';--> statement-breakpoint
UPDATE "payment" SET "refund_reason" = 'sold_out' WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "payment" SET "status" = 'pending' WHERE "status" = 'declined';--> statement-breakpoint
-- A placeholder session id means the provider never gave us a session (or we never sent the buyer to it).
UPDATE "payment" SET "status" = 'expired' WHERE "status" = 'pending' AND "provider_session_id" LIKE 'pending:%';--> statement-breakpoint
-- Holds with several open sessions keep the newest; the others are closed by the reconciliation job.
UPDATE "payment" SET "status" = 'closing' WHERE "status" = 'pending' AND EXISTS (
  SELECT 1 FROM "payment" AS "newer"
  WHERE "newer"."hold_id" = "payment"."hold_id" AND "newer"."status" = 'pending'
    AND ("newer"."created_at", "newer"."id") > ("payment"."created_at", "payment"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_open_per_hold" ON "payment" USING btree ("hold_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payment_unsettled_idx" ON "payment" USING btree ("created_at") WHERE status in ('pending', 'closing', 'refunding');--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_refund_reason" CHECK (("payment"."refund_reason" is null) = ("payment"."status" not in ('refunding', 'refunded', 'refund_refused')));

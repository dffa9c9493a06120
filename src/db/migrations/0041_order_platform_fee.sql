-- Ticketyboo's fee on each order, kept as it was sold, so payouts never reprice an earlier sale when the
-- rate changes. Orders already placed get the fee payouts read until now: the application fee a connected
-- account's sale recorded, else the booking fee the buyer paid, else the fee out of the host's price at the
-- rate in force (ACTIVE_PROVIDER_FEE, 1% and nothing fixed: `feeFor` in src/domain/money.ts, rounded half up).
ALTER TABLE "order" ADD COLUMN "platform_fee_pence" integer;--> statement-breakpoint
UPDATE "order" o SET "platform_fee_pence" = coalesce(
  (SELECT pd.application_fee_pence FROM payment p JOIN payment_destination pd ON pd.payment_id = p.id
    WHERE p.order_id = o.id LIMIT 1),
  CASE WHEN o.booking_fee_pence > 0 THEN o.booking_fee_pence
       WHEN o.total_pence <= 0 THEN 0
       ELSE least(o.total_pence, ((2 * o.total_pence::bigint * 100 + 10000) / 20000)::integer) END);--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "platform_fee_pence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_platform_fee" CHECK ("order"."platform_fee_pence" >= 0 and "order"."platform_fee_pence" <= "order"."total_pence");

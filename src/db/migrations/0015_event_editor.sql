ALTER TABLE "event" ADD COLUMN "online_url" text;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "rsvp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "subcategories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "fee_mode" text DEFAULT 'pass' NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "event_series_idx" ON "event" USING btree ("series_id","starts_at") WHERE series_id is not null;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_online_url" CHECK ("event"."online_url" is null or "event"."online_url" ~ '^https://');--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_fee_mode" CHECK ("event"."fee_mode" in ('pass', 'absorb'));--> statement-breakpoint
-- Each event keeps the fee mode its host had when it was made (decision 0030).
UPDATE "event" e SET "fee_mode" = u."fee_mode" FROM "user" u WHERE u."id" = e."host_id";--> statement-breakpoint
-- A hold is planned on the event's own fee mode now: it is part of the definitions a claim checks.
CREATE OR REPLACE FUNCTION hold_definitions_fingerprint(which uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT md5(jsonb_build_array(e.slug, e.status, e.is_cancelled, extract(epoch FROM e.starts_at), extract(epoch FROM e.ends_at), e.host_id, e.fee_mode, v.seat_rows, v.seat_columns,
      (SELECT jsonb_agg(jsonb_build_array(t.id, t.kind, t.price_pence, t.pay_what_you_wish, t.max_per_order,
          extract(epoch FROM t.sales_start_at), extract(epoch FROM t.sales_end_at), t.seat_section_id) ORDER BY t.id)
        FROM ticket_type t WHERE t.event_id = e.id),
      (SELECT jsonb_agg(jsonb_build_array(s.id, s.first_row, s.last_row, s.first_column, s.last_column) ORDER BY s.id)
        FROM venue_seat_section s WHERE s.venue_id = v.id))::text)
  FROM event e LEFT JOIN venue v ON v.id = e.venue_id
  WHERE e.id = which
$$;

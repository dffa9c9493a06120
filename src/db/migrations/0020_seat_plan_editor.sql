ALTER TABLE "venue" ADD COLUMN "seat_row_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Gaps (aisles) and blocked seats join wheelchair spaces and companion seats as marks of a position.
ALTER TABLE "venue_seat_mark" DROP CONSTRAINT "venue_seat_mark_kind";--> statement-breakpoint
ALTER TABLE "venue_seat_mark" ADD CONSTRAINT "venue_seat_mark_kind" CHECK ("kind" IN ('wheelchair', 'companion', 'gap', 'blocked'));--> statement-breakpoint
-- Where a hold's seats may be is part of the definitions it is planned on (decision 0016): a seat
-- made a gap or blocked under a kept plan is caught by the claim, as a changed section is.
CREATE OR REPLACE FUNCTION hold_definitions_fingerprint(which uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT md5(jsonb_build_array(e.slug, e.status, e.is_cancelled, extract(epoch FROM e.starts_at), extract(epoch FROM e.ends_at), e.host_id, e.fee_mode, v.seat_rows, v.seat_columns,
      (SELECT jsonb_agg(jsonb_build_array(t.id, t.kind, t.price_pence, t.pay_what_you_wish, t.max_per_order,
          extract(epoch FROM t.sales_start_at), extract(epoch FROM t.sales_end_at), t.seat_section_id) ORDER BY t.id)
        FROM ticket_type t WHERE t.event_id = e.id),
      (SELECT jsonb_agg(jsonb_build_array(s.id, s.first_row, s.last_row, s.first_column, s.last_column) ORDER BY s.id)
        FROM venue_seat_section s WHERE s.venue_id = v.id),
      (SELECT jsonb_agg(jsonb_build_array(m.seat_row, m.seat_column) ORDER BY m.seat_row, m.seat_column)
        FROM venue_seat_mark m WHERE m.venue_id = v.id AND m.kind IN ('gap', 'blocked')))::text)
  FROM event e LEFT JOIN venue v ON v.id = e.venue_id
  WHERE e.id = which
$$;--> statement-breakpoint
-- A seat is claimed (by a hold, an offer, a late payment) only where the venue's plan has a seat for
-- sale. The plan's editor changes it under the exclusive form of this lock, after checking no claim
-- sits where a seat goes (save-seat-plan.ts); each claim takes the shared form before it looks, so
-- either the claim is there for the editor to see, or the claim sees the new plan. A claim on a
-- position that is no seat for sale is left out, as a claim on a taken seat is (ON CONFLICT DO
-- NOTHING): every caller already counts the seats it got and refuses when one is missing.
CREATE OR REPLACE FUNCTION seat_claim_on_plan() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  at_venue uuid;
  plan_rows int;
  plan_columns int;
BEGIN
  SELECT e.venue_id INTO at_venue FROM event e WHERE e.id = NEW.event_id;
  IF at_venue IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727412003, hashtext(at_venue::text));
  SELECT v.seat_rows, v.seat_columns INTO plan_rows, plan_columns FROM venue v WHERE v.id = at_venue;
  IF plan_rows IS NULL OR plan_columns IS NULL
     OR NEW.seat_row < 1 OR NEW.seat_row > plan_rows OR NEW.seat_column < 1 OR NEW.seat_column > plan_columns
     OR EXISTS (SELECT 1 FROM venue_seat_mark m WHERE m.venue_id = at_venue AND m.seat_row = NEW.seat_row
                AND m.seat_column = NEW.seat_column AND m.kind IN ('gap', 'blocked')) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER seat_claim_on_plan BEFORE INSERT ON seat_claim FOR EACH ROW EXECUTE FUNCTION seat_claim_on_plan();

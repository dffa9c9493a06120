CREATE TABLE "report_day_orders" (
	"host_id" text NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"discount_code" text,
	"tracking_link_id" uuid,
	"orders" integer NOT NULL,
	"gross_pence" bigint NOT NULL,
	"discount_pence" bigint NOT NULL,
	"fee_pence" bigint NOT NULL,
	"refunded_pence" bigint NOT NULL,
	CONSTRAINT "report_day_orders_key" UNIQUE NULLS NOT DISTINCT("host_id","day","event_id","currency","discount_code","tracking_link_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_orders_pending" (
	"xact" "xid8" NOT NULL,
	"host_id" text NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"discount_code" text,
	"tracking_link_id" uuid,
	"orders" integer NOT NULL,
	"gross_pence" bigint NOT NULL,
	"discount_pence" bigint NOT NULL,
	"fee_pence" bigint NOT NULL,
	"refunded_pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day_pending_xact" (
	"xact" "xid8" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day_tickets" (
	"host_id" text NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"sold" integer NOT NULL,
	"companions" integer NOT NULL,
	"checked_in" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"face_value_pence" bigint NOT NULL,
	CONSTRAINT "report_day_tickets_pkey" PRIMARY KEY("host_id","day","event_id","ticket_type_id","currency")
);
--> statement-breakpoint
CREATE TABLE "report_day_tickets_pending" (
	"xact" "xid8" NOT NULL,
	"host_id" text NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"sold" integer NOT NULL,
	"companions" integer NOT NULL,
	"checked_in" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"face_value_pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_day_orders_pending_xact_idx" ON "report_day_orders_pending" USING btree ("xact");--> statement-breakpoint
CREATE INDEX "report_day_tickets_pending_xact_idx" ON "report_day_tickets_pending" USING btree ("xact");--> statement-breakpoint
-- The reports' daily roll-up (decision 0043), kept by the database itself: whatever writes an order,
-- a ticket or an order line (checkout, refunds, cancellations, the door, a bulk load, a statement
-- written by hand), the roll-up moves with it in the same transaction. Each change takes its rows'
-- old figures away and adds their new ones, as pending rows of its own transaction; a deferred
-- trigger moves those into the roll-up as the transaction commits.
--
-- The functions that read other tables for a few rows are planned once per session and kept
-- (`plan_cache_mode`), and look each row's order, ticket or line up by its key (`OFFSET 0` keeps
-- the lookup a nested index scan whatever the planner guesses of the arrays' sizes).
--
-- The London day an order was placed on: the roll-up's day.
CREATE OR REPLACE FUNCTION report_london_day(at timestamptz) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Europe/London')::date
$$;
--> statement-breakpoint
-- Marks the transaction as having pending changes, once: its marker row's deferred trigger moves them
-- into the roll-up as it commits.
CREATE OR REPLACE FUNCTION report_day_mark() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_pending_xact (xact) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- Tickets added (as they are now) and removed (as they were), as pending changes. A ticket counts
-- under its order's host, London day, event and currency: sold or companion while it stands (not
-- void), checked in, or cancelled (void); while it stands, at the price its order line gives it.
-- A ticket whose order no longer exists (one being deleted, see below) counts nothing.
CREATE OR REPLACE FUNCTION report_day_stage_tickets(added ticket[], removed ticket[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO report_day_tickets_pending (xact, host_id, day, event_id, ticket_type_id, currency, sold, companions,
      checked_in, cancelled, face_value_pence)
  SELECT pg_current_xact_id(), o.host_id, o.day, o.event_id, c.ticket_type_id, o.currency,
         sum(CASE WHEN c.status <> 'void' AND NOT c.companion THEN c.s ELSE 0 END),
         sum(CASE WHEN c.status <> 'void' AND c.companion THEN c.s ELSE 0 END),
         sum(CASE WHEN c.status = 'checked_in' THEN c.s ELSE 0 END),
         sum(CASE WHEN c.status = 'void' THEN c.s ELSE 0 END),
         sum(CASE WHEN c.status <> 'void' THEN c.s * coalesce((
               SELECT l.unit_price_pence FROM order_line l
                WHERE l.order_id = c.order_id AND l.ticket_type_id = c.ticket_type_id AND l.companion = c.companion
             ), 0) ELSE 0 END)
    FROM (SELECT 1 AS s, * FROM unnest(added) UNION ALL SELECT -1 AS s, * FROM unnest(removed)) c
    CROSS JOIN LATERAL (SELECT o.host_id, report_london_day(o.created_at) AS day, o.event_id, o.currency
                          FROM "order" o WHERE o.id = c.order_id OFFSET 0) o
   GROUP BY 2, 3, 4, 5, 6;
  IF FOUND THEN PERFORM report_day_mark(); END IF;
END
$$;
--> statement-breakpoint
-- Orders added (as they are now) and removed (as they were), as pending changes: their money
-- (`orderMoney` in src/domain/reports.ts: fees are least(fee, total − refunded)), and, for orders
-- that were there before, their tickets under the order as it was and as it is (the same key when
-- the order's host, day, event and currency stay, and then they cancel out).
CREATE OR REPLACE FUNCTION report_day_stage_orders(added "order"[], removed "order"[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO report_day_orders_pending (xact, host_id, day, event_id, currency, discount_code, tracking_link_id,
      orders, gross_pence, discount_pence, fee_pence, refunded_pence)
  SELECT pg_current_xact_id(), c.host_id, report_london_day(c.created_at), c.event_id, c.currency, c.discount_code,
         c.tracking_link_id, sum(c.s), sum(c.s * c.total_pence), sum(c.s * c.discount_pence),
         sum(c.s * least(c.booking_fee_pence, c.total_pence - c.refunded_pence)), sum(c.s * c.refunded_pence)
    FROM (SELECT 1 AS s, * FROM unnest(added) UNION ALL SELECT -1 AS s, * FROM unnest(removed)) c
   GROUP BY 2, 3, 4, 5, 6, 7
  HAVING sum(c.s) <> 0 OR sum(c.s * c.total_pence) <> 0 OR sum(c.s * c.discount_pence) <> 0
      OR sum(c.s * least(c.booking_fee_pence, c.total_pence - c.refunded_pence)) <> 0
      OR sum(c.s * c.refunded_pence) <> 0;
  IF FOUND THEN PERFORM report_day_mark(); END IF;
  -- A new order has no tickets yet (they refer to it).
  IF removed IS NULL THEN RETURN; END IF;
  INSERT INTO report_day_tickets_pending (xact, host_id, day, event_id, ticket_type_id, currency, sold, companions,
      checked_in, cancelled, face_value_pence)
  SELECT pg_current_xact_id(), c.host_id, report_london_day(c.created_at), c.event_id, t.ticket_type_id, c.currency,
         sum(CASE WHEN t.status <> 'void' AND NOT t.companion THEN c.s ELSE 0 END),
         sum(CASE WHEN t.status <> 'void' AND t.companion THEN c.s ELSE 0 END),
         sum(CASE WHEN t.status = 'checked_in' THEN c.s ELSE 0 END),
         sum(CASE WHEN t.status = 'void' THEN c.s ELSE 0 END),
         sum(CASE WHEN t.status <> 'void' THEN c.s * coalesce(t.price, 0) ELSE 0 END)
    FROM (SELECT 1 AS s, * FROM unnest(added) UNION ALL SELECT -1 AS s, * FROM unnest(removed)) c
    CROSS JOIN LATERAL (
      SELECT t.ticket_type_id, t.status, t.companion,
             (SELECT l.unit_price_pence FROM order_line l
               WHERE l.order_id = t.order_id AND l.ticket_type_id = t.ticket_type_id AND l.companion = t.companion
             ) AS price
        FROM ticket t WHERE t.order_id = c.id OFFSET 0) t
   GROUP BY 2, 3, 4, 5, 6
  HAVING sum(CASE WHEN t.status <> 'void' AND NOT t.companion THEN c.s ELSE 0 END) <> 0
      OR sum(CASE WHEN t.status <> 'void' AND t.companion THEN c.s ELSE 0 END) <> 0
      OR sum(CASE WHEN t.status = 'checked_in' THEN c.s ELSE 0 END) <> 0
      OR sum(CASE WHEN t.status = 'void' THEN c.s ELSE 0 END) <> 0
      OR sum(CASE WHEN t.status <> 'void' THEN c.s * coalesce(t.price, 0) ELSE 0 END) <> 0;
  IF FOUND THEN PERFORM report_day_mark(); END IF;
END
$$;
--> statement-breakpoint
-- Order lines added and removed, as pending changes: only the face value of the standing tickets they
-- price moves (the tickets themselves count through their own trigger).
CREATE OR REPLACE FUNCTION report_day_stage_lines(added order_line[], removed order_line[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO report_day_tickets_pending (xact, host_id, day, event_id, ticket_type_id, currency, sold, companions,
      checked_in, cancelled, face_value_pence)
  SELECT pg_current_xact_id(), o.host_id, o.day, o.event_id, c.ticket_type_id, o.currency, 0, 0, 0, 0,
         sum(c.s * c.unit_price_pence * t.standing)
    FROM (SELECT 1 AS s, * FROM unnest(added) UNION ALL SELECT -1 AS s, * FROM unnest(removed)) c
    CROSS JOIN LATERAL (SELECT count(*) AS standing FROM ticket t
                         WHERE t.order_id = c.order_id AND t.ticket_type_id = c.ticket_type_id
                           AND t.companion = c.companion AND t.status <> 'void') t
    CROSS JOIN LATERAL (SELECT o.host_id, report_london_day(o.created_at) AS day, o.event_id, o.currency
                          FROM "order" o WHERE o.id = c.order_id OFFSET 0) o
   GROUP BY 2, 3, 4, 5, 6
  HAVING sum(c.s * c.unit_price_pence * t.standing) <> 0;
  IF FOUND THEN PERFORM report_day_mark(); END IF;
END
$$;
--> statement-breakpoint
-- One call per statement, with the rows it changed (transition tables), so a bulk load is one pass.
CREATE OR REPLACE FUNCTION report_day_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_day_stage_orders((SELECT array_agg(n::"order") FROM new_rows n), NULL);
  ELSE
    PERFORM report_day_stage_orders((SELECT array_agg(n::"order") FROM new_rows n),
                                    (SELECT array_agg(o::"order") FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order deleted: its money and its tickets go before the delete reaches them (their own rows are
-- then deleted with it, and count nothing once the order is gone).
CREATE OR REPLACE FUNCTION report_day_order_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_day_stage_orders(NULL, ARRAY[OLD]);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_day_tickets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_day_stage_tickets((SELECT array_agg(n::ticket) FROM new_rows n), NULL);
  ELSE
    PERFORM report_day_stage_tickets(NULL, (SELECT array_agg(o::ticket) FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A ticket whose status, order, type or companionship changed, one row at a time (the door's
-- check-ins come one at a time; a transfer, which changes none of these, never gets here). A change
-- of status alone, the common one (checked in, undone, void), is one pending row, worked out as
-- report_day_stage_tickets would; anything else goes through it.
CREATE OR REPLACE FUNCTION report_day_ticket_updated() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  o record;
  price integer := 0;
BEGIN
  IF NEW.order_id <> OLD.order_id OR NEW.ticket_type_id <> OLD.ticket_type_id OR NEW.companion <> OLD.companion THEN
    PERFORM report_day_stage_tickets(ARRAY[NEW], ARRAY[OLD]);
    RETURN NULL;
  END IF;
  SELECT r.host_id, report_london_day(r.created_at) AS day, r.event_id, r.currency INTO o
    FROM "order" r WHERE r.id = NEW.order_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF (NEW.status = 'void') <> (OLD.status = 'void') THEN
    SELECT l.unit_price_pence INTO price FROM order_line l
     WHERE l.order_id = NEW.order_id AND l.ticket_type_id = NEW.ticket_type_id AND l.companion = NEW.companion;
  END IF;
  INSERT INTO report_day_tickets_pending (xact, host_id, day, event_id, ticket_type_id, currency, sold, companions,
      checked_in, cancelled, face_value_pence)
  VALUES (pg_current_xact_id(), o.host_id, o.day, o.event_id, NEW.ticket_type_id, o.currency,
          CASE WHEN NEW.companion THEN 0 ELSE (NEW.status <> 'void')::int - (OLD.status <> 'void')::int END,
          CASE WHEN NEW.companion THEN (NEW.status <> 'void')::int - (OLD.status <> 'void')::int ELSE 0 END,
          (NEW.status = 'checked_in')::int - (OLD.status = 'checked_in')::int,
          (NEW.status = 'void')::int - (OLD.status = 'void')::int,
          ((NEW.status <> 'void')::int - (OLD.status <> 'void')::int) * coalesce(price, 0));
  PERFORM report_day_mark();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_day_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_day_stage_lines((SELECT array_agg(n::order_line) FROM new_rows n), NULL);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM report_day_stage_lines((SELECT array_agg(n::order_line) FROM new_rows n),
                                   (SELECT array_agg(o::order_line) FROM old_rows o));
  ELSE
    PERFORM report_day_stage_lines(NULL, (SELECT array_agg(o::order_line) FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- At commit: the transaction's pending changes, summed per key, go into the roll-up in one statement
-- per table, in key order (so two commits lock shared rows in the same order and never deadlock), each
-- key added to whatever is there (`x = x + excluded.x`: two commits on one key both count). The rows
-- are locked only from here to the end of the commit.
CREATE OR REPLACE FUNCTION report_day_commit() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM report_day_pending_xact WHERE xact = NEW.xact;
  WITH moved AS (DELETE FROM report_day_orders_pending WHERE xact = NEW.xact RETURNING *)
  INSERT INTO report_day_orders AS r (host_id, day, event_id, currency, discount_code, tracking_link_id, orders,
      gross_pence, discount_pence, fee_pence, refunded_pence)
  SELECT host_id, day, event_id, currency, discount_code, tracking_link_id, sum(orders), sum(gross_pence),
         sum(discount_pence), sum(fee_pence), sum(refunded_pence)
    FROM moved
   GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(orders) <> 0 OR sum(gross_pence) <> 0 OR sum(discount_pence) <> 0 OR sum(fee_pence) <> 0
      OR sum(refunded_pence) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT report_day_orders_key DO UPDATE
     SET orders = r.orders + excluded.orders, gross_pence = r.gross_pence + excluded.gross_pence,
         discount_pence = r.discount_pence + excluded.discount_pence, fee_pence = r.fee_pence + excluded.fee_pence,
         refunded_pence = r.refunded_pence + excluded.refunded_pence;
  WITH moved AS (DELETE FROM report_day_tickets_pending WHERE xact = NEW.xact RETURNING *)
  INSERT INTO report_day_tickets AS r (host_id, day, event_id, ticket_type_id, currency, sold, companions, checked_in,
      cancelled, face_value_pence)
  SELECT host_id, day, event_id, ticket_type_id, currency, sum(sold), sum(companions), sum(checked_in),
         sum(cancelled), sum(face_value_pence)
    FROM moved
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sold) <> 0 OR sum(companions) <> 0 OR sum(checked_in) <> 0 OR sum(cancelled) <> 0
      OR sum(face_value_pence) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT report_day_tickets_pkey DO UPDATE
     SET sold = r.sold + excluded.sold, companions = r.companions + excluded.companions,
         checked_in = r.checked_in + excluded.checked_in, cancelled = r.cancelled + excluded.cancelled,
         face_value_pence = r.face_value_pence + excluded.face_value_pence;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The roll-up worked out afresh from every order, ticket and line: the backfill below, after a
-- TRUNCATE, and by hand (`select report_day_rebuild()`) should rows ever have been written with
-- triggers switched off. Commits wait meanwhile; this transaction's own pending changes are in it.
CREATE OR REPLACE FUNCTION report_day_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_day_orders, report_day_tickets IN EXCLUSIVE MODE;
  DELETE FROM report_day_orders_pending WHERE xact = pg_current_xact_id();
  DELETE FROM report_day_tickets_pending WHERE xact = pg_current_xact_id();
  DELETE FROM report_day_orders;
  DELETE FROM report_day_tickets;
  INSERT INTO report_day_orders (host_id, day, event_id, currency, discount_code, tracking_link_id, orders,
      gross_pence, discount_pence, fee_pence, refunded_pence)
  SELECT host_id, report_london_day(created_at), event_id, currency, discount_code, tracking_link_id, count(*),
         sum(total_pence), sum(discount_pence), sum(least(booking_fee_pence, total_pence - refunded_pence)),
         sum(refunded_pence)
    FROM "order"
   GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_day_tickets (host_id, day, event_id, ticket_type_id, currency, sold, companions, checked_in,
      cancelled, face_value_pence)
  SELECT o.host_id, report_london_day(o.created_at), o.event_id, t.ticket_type_id, o.currency,
         count(*) FILTER (WHERE t.status <> 'void' AND NOT t.companion),
         count(*) FILTER (WHERE t.status <> 'void' AND t.companion),
         count(*) FILTER (WHERE t.status = 'checked_in'),
         count(*) FILTER (WHERE t.status = 'void'),
         coalesce(sum(l.unit_price_pence) FILTER (WHERE t.status <> 'void'), 0)
    FROM ticket t
    JOIN "order" o ON o.id = t.order_id
    LEFT JOIN order_line l ON l.order_id = t.order_id AND l.ticket_type_id = t.ticket_type_id
                          AND l.companion = t.companion
   GROUP BY 1, 2, 3, 4, 5;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_day_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_day_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_day_orders_inserted AFTER INSERT ON "order" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_orders_updated AFTER UPDATE ON "order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_order_deleting BEFORE DELETE ON "order"
  FOR EACH ROW EXECUTE FUNCTION report_day_order_deleting();
--> statement-breakpoint
CREATE TRIGGER report_day_tickets_inserted AFTER INSERT ON ticket REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_tickets_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_ticket_updated AFTER UPDATE OF status, order_id, ticket_type_id, companion ON ticket
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.order_id IS DISTINCT FROM NEW.order_id
                     OR OLD.ticket_type_id IS DISTINCT FROM NEW.ticket_type_id
                     OR OLD.companion IS DISTINCT FROM NEW.companion)
  EXECUTE FUNCTION report_day_ticket_updated();
--> statement-breakpoint
CREATE TRIGGER report_day_tickets_deleted AFTER DELETE ON ticket REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_tickets_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_lines_inserted AFTER INSERT ON order_line REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_lines_updated AFTER UPDATE ON order_line
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_lines_deleted AFTER DELETE ON order_line REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_truncated AFTER TRUNCATE ON "order"
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_truncated();
--> statement-breakpoint
CREATE TRIGGER report_day_truncated AFTER TRUNCATE ON ticket FOR EACH STATEMENT EXECUTE FUNCTION report_day_truncated();
--> statement-breakpoint
CREATE TRIGGER report_day_truncated AFTER TRUNCATE ON order_line
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_truncated();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_day_commit AFTER INSERT ON report_day_pending_xact
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_day_commit();
--> statement-breakpoint
-- The orders, tickets and lines already there (nothing writes them meanwhile: creating the triggers
-- above locked their tables until this migration commits).
SELECT report_day_rebuild();

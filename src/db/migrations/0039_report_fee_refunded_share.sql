-- Reports count Ticketyboo's fee as payouts and the billing terms do (decision 0050): a part refund
-- takes the host's share and the booking fee in proportion, as Stripe gives back a transfer and an
-- application fee; a full refund gives back everything. The fee kept is what the order kept less the
-- host's share, worked out as `orderNet` (src/domain/payouts.ts) and `orderMoney` (src/domain/reports.ts)
-- work it out: share = total - fee, less its refunded proportion rounded half up once.
CREATE OR REPLACE FUNCTION report_fee_kept(total integer, fee integer, refunded integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN total <= 0 THEN 0 ELSE
    (total - refunded) - ((total - fee)
      - ((2 * least(greatest(refunded, 0), total)::bigint * (total - fee) + total) / (2 * total))::integer)
  END
$$;
--> statement-breakpoint
-- Orders added and removed, as pending changes, with the fee above (otherwise as in 0034).
CREATE OR REPLACE FUNCTION report_day_stage_orders(added "order"[], removed "order"[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO report_day_orders_pending (xact, host_id, day, event_id, currency, discount_code, tracking_link_id,
      orders, gross_pence, discount_pence, fee_pence, refunded_pence)
  SELECT pg_current_xact_id(), c.host_id, report_london_day(c.created_at), c.event_id, c.currency, c.discount_code,
         c.tracking_link_id, sum(c.s), sum(c.s * c.total_pence), sum(c.s * c.discount_pence),
         sum(c.s * report_fee_kept(c.total_pence, c.booking_fee_pence, c.refunded_pence)), sum(c.s * c.refunded_pence)
    FROM (SELECT 1 AS s, * FROM unnest(added) UNION ALL SELECT -1 AS s, * FROM unnest(removed)) c
   GROUP BY 2, 3, 4, 5, 6, 7
  HAVING sum(c.s) <> 0 OR sum(c.s * c.total_pence) <> 0 OR sum(c.s * c.discount_pence) <> 0
      OR sum(c.s * report_fee_kept(c.total_pence, c.booking_fee_pence, c.refunded_pence)) <> 0
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
-- The roll-up worked out afresh, with the fee above (otherwise as in 0034).
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
         sum(total_pence), sum(discount_pence), sum(report_fee_kept(total_pence, booking_fee_pence, refunded_pence)),
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
-- The days already rolled up, counted again with the fee above.
SELECT report_day_rebuild();

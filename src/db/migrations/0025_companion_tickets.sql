ALTER TABLE "event" ADD COLUMN "companion_tickets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_line" ADD COLUMN "companion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "companion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "companion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_line" DROP CONSTRAINT "hold_line_hold_id_ticket_type_id_pk";--> statement-breakpoint
ALTER TABLE "order_line" DROP CONSTRAINT "order_line_order_id_ticket_type_id_pk";--> statement-breakpoint
ALTER TABLE "hold_line" ADD CONSTRAINT "hold_line_hold_id_ticket_type_id_companion_pk" PRIMARY KEY("hold_id","ticket_type_id","companion");--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_ticket_type_id_companion_pk" PRIMARY KEY("order_id","ticket_type_id","companion");--> statement-breakpoint
ALTER TABLE "hold_line" ADD CONSTRAINT "hold_line_companion_free" CHECK (not "hold_line"."companion" or "hold_line"."unit_price_pence" = 0);--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_companion_free" CHECK (not "order_line"."companion" or "order_line"."unit_price_pence" = 0);--> statement-breakpoint

-- Free companion tickets (decision 0031) take places like any other, but are not a person's share of
-- an event: a person's share (migration 0009) counts the places they booked, never their companions'.
CREATE OR REPLACE FUNCTION tickets_held_by(which_event uuid, who text, at timestamptz) RETURNS int
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT sum(l.quantity) FROM hold h JOIN hold_line l ON l.hold_id = h.id
            WHERE h.user_id = who AND h.event_id = which_event AND h.status = 'active' AND h.expires_at > at
              AND NOT l.companion), 0)
        + coalesce((SELECT sum(ol.quantity) FROM "order" o JOIN order_line ol ON ol.order_id = o.id
            WHERE o.user_id = who AND o.event_id = which_event AND o.status = 'free' AND NOT ol.companion), 0))::int
$$;

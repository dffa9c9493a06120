CREATE TABLE "venue_seat_mark" (
	"venue_id" uuid NOT NULL,
	"seat_row" integer NOT NULL,
	"seat_column" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "venue_seat_mark_venue_id_seat_row_seat_column_pk" PRIMARY KEY("venue_id","seat_row","seat_column")
);
--> statement-breakpoint
CREATE TABLE "venue_seat_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"first_row" integer NOT NULL,
	"last_row" integer NOT NULL,
	"first_column" integer NOT NULL,
	"last_column" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venue_seat_section_name_unique" UNIQUE("venue_id","name"),
	CONSTRAINT "venue_seat_section_block" CHECK ("venue_seat_section"."first_row" >= 1 and "venue_seat_section"."first_column" >= 1 and "venue_seat_section"."first_row" <= "venue_seat_section"."last_row" and "venue_seat_section"."first_column" <= "venue_seat_section"."last_column")
);
--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "seat_section_id" uuid;--> statement-breakpoint
ALTER TABLE "venue_seat_mark" ADD CONSTRAINT "venue_seat_mark_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_seat_section" ADD CONSTRAINT "venue_seat_section_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_seat_section_venue_idx" ON "venue_seat_section" USING btree ("venue_id");--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_seat_section_id_venue_seat_section_id_fk" FOREIGN KEY ("seat_section_id") REFERENCES "public"."venue_seat_section"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_seat_mark" ADD CONSTRAINT "venue_seat_mark_kind" CHECK ("kind" IN ('wheelchair', 'companion'));--> statement-breakpoint
-- A hold is planned on the plan's sections and on which section each ticket type sells: both are
-- part of the definitions a claim checks (decision 0016), so a plan changed under a hold is caught.
CREATE OR REPLACE FUNCTION hold_definitions_fingerprint(which uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT md5(jsonb_build_array(e.slug, e.status, e.is_cancelled, extract(epoch FROM e.starts_at), extract(epoch FROM e.ends_at), e.host_id, u.fee_mode, v.seat_rows, v.seat_columns,
      (SELECT jsonb_agg(jsonb_build_array(t.id, t.kind, t.price_pence, t.pay_what_you_wish, t.max_per_order,
          extract(epoch FROM t.sales_start_at), extract(epoch FROM t.sales_end_at), t.seat_section_id) ORDER BY t.id)
        FROM ticket_type t WHERE t.event_id = e.id),
      (SELECT jsonb_agg(jsonb_build_array(s.id, s.first_row, s.last_row, s.first_column, s.last_column) ORDER BY s.id)
        FROM venue_seat_section s WHERE s.venue_id = v.id))::text)
  FROM event e JOIN "user" u ON u.id = e.host_id LEFT JOIN venue v ON v.id = e.venue_id
  WHERE e.id = which
$$;

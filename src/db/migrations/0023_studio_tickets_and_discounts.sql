CREATE TABLE "discount_event" (
	"discount_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	CONSTRAINT "discount_event_discount_id_event_id_pk" PRIMARY KEY("discount_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_event" ADD CONSTRAINT "discount_event_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_event" ADD CONSTRAINT "discount_event_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_event_event_idx" ON "discount_event" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_max_per_order" CHECK ("ticket_type"."max_per_order" >= 1);--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_sale_window" CHECK ("ticket_type"."sales_start_at" is null or "ticket_type"."sales_end_at" is null or "ticket_type"."sales_end_at" > "ticket_type"."sales_start_at");--> statement-breakpoint
-- Answers already given keep the words of the questions they answered.
UPDATE "order" o SET "questions" = e."questions" FROM "event" e WHERE e."id" = o."event_id" AND o."answers" <> '{}'::jsonb;--> statement-breakpoint
UPDATE "hold" h SET "questions" = e."questions" FROM "event" e WHERE e."id" = h."event_id" AND h."answers" <> '{}'::jsonb;--> statement-breakpoint
-- A discount is limited only to events of its own host, whatever the code that writes the row.
CREATE FUNCTION discount_event_same_host() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM discount d JOIN event e ON e.host_id = d.host_id WHERE d.id = NEW.discount_id AND e.id = NEW.event_id
  ) THEN
    RAISE EXCEPTION 'discount % and event % belong to different hosts', NEW.discount_id, NEW.event_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER discount_event_same_host BEFORE INSERT OR UPDATE ON discount_event
  FOR EACH ROW EXECUTE FUNCTION discount_event_same_host();

ALTER TABLE "event" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "capacity_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sold_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "revenue_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_search_text_trgm_idx" ON "event" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_vector_idx" ON "event" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "event_last_published_idx" ON "event" USING btree ("last_published_at") WHERE status = 'published' and not is_private and not is_cancelled;--> statement-breakpoint
CREATE INDEX "venue_lat_lng_idx" ON "venue" USING btree ("lat","lng");--> statement-breakpoint
-- Search documents, kept by the database so no code path can forget them. An event's own
-- columns, its host's names and its venue's name and town feed `search_text` (trigram, typo
-- tolerant) and `search_vector` (full text, weighted: name A; type, host and venue B; summary C;
-- description D).
CREATE OR REPLACE FUNCTION event_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who record;
  place record;
  kind text := replace(NEW.event_type, '-', ' ');
BEGIN
  SELECT first_name, last_name, host_title INTO who FROM "user" WHERE id = NEW.host_id;
  SELECT name, city INTO place FROM venue WHERE id = NEW.venue_id;
  NEW.search_text := lower(concat_ws(' ', NEW.name, kind, who.host_title, who.first_name, who.last_name, place.name, place.city));
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', concat_ws(' ', kind, who.host_title, who.first_name, who.last_name, place.name, place.city)), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.summary, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_search_refresh BEFORE INSERT OR UPDATE OF name, event_type, summary, description, host_id, venue_id ON event
  FOR EACH ROW EXECUTE FUNCTION event_search_refresh();
--> statement-breakpoint
-- A renamed venue or host refreshes their events' documents (touching the key fires the trigger above).
CREATE OR REPLACE FUNCTION venue_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.city IS DISTINCT FROM OLD.city THEN
    UPDATE event SET venue_id = venue_id WHERE venue_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER venue_search_refresh AFTER UPDATE ON venue FOR EACH ROW EXECUTE FUNCTION venue_search_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION host_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.host_title IS DISTINCT FROM OLD.host_title THEN
    UPDATE event SET host_id = host_id WHERE host_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER host_search_refresh AFTER UPDATE ON "user" FOR EACH ROW EXECUTE FUNCTION host_search_refresh();
--> statement-breakpoint
-- Stock totals on the event, moved by deltas from ticket_type changes. Deltas (never "recount
-- and overwrite") stay right when two sales of one event commit at the same time: each adds its
-- own change to whatever the row holds when its update runs.
CREATE OR REPLACE FUNCTION event_stock_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE event SET capacity_total = capacity_total - OLD.capacity,
                     sold_total = sold_total - OLD.sold,
                     revenue_pence = revenue_pence - OLD.sold::bigint * OLD.price_pence
     WHERE id = OLD.event_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE event SET capacity_total = capacity_total + NEW.capacity,
                     sold_total = sold_total + NEW.sold,
                     revenue_pence = revenue_pence + NEW.sold::bigint * NEW.price_pence
     WHERE id = NEW.event_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_stock_totals AFTER INSERT OR DELETE OR UPDATE OF capacity, sold, price_pence, event_id ON ticket_type
  FOR EACH ROW EXECUTE FUNCTION event_stock_totals();
--> statement-breakpoint
UPDATE event e SET capacity_total = t.capacity, sold_total = t.sold, revenue_pence = t.revenue
  FROM (SELECT event_id, sum(capacity)::int AS capacity, sum(sold)::int AS sold, sum(sold::bigint * price_pence) AS revenue FROM ticket_type GROUP BY event_id) t
 WHERE t.event_id = e.id;
--> statement-breakpoint
UPDATE event SET name = name;

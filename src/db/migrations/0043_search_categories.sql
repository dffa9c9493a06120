-- An event is found by its category and subcategories too ("music" finds the Music category's
-- events, "stand up" its comedy nights), at the weight of its type, host and venue (B). The words come
-- from the slugs: 'pubs-clubs-events' reads 'pubs clubs', 'live-bands' reads 'live bands'.
CREATE OR REPLACE FUNCTION event_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who record;
  place record;
  kind text := replace(NEW.event_type, '-', ' ');
  topic text := concat_ws(' ', replace(regexp_replace(NEW.category, '-events$', ''), '-', ' '),
                          replace(array_to_string(NEW.subcategories, ' '), '-', ' '));
BEGIN
  SELECT first_name, last_name, host_title INTO who FROM "user" WHERE id = NEW.host_id;
  SELECT name, city INTO place FROM venue WHERE id = NEW.venue_id;
  NEW.search_text := search_fold(concat_ws(' ', NEW.name, kind, topic, who.host_title, who.first_name, who.last_name, place.name, place.city));
  NEW.search_vector :=
    setweight(to_tsvector('english', search_fold(NEW.name)), 'A') ||
    setweight(to_tsvector('english', search_fold(concat_ws(' ', kind, topic, who.host_title, who.first_name, who.last_name, place.name, place.city))), 'B') ||
    setweight(to_tsvector('english', search_fold(NEW.summary)), 'C') ||
    setweight(to_tsvector('english', search_fold(NEW.description)), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER event_search_refresh ON event;
--> statement-breakpoint
CREATE TRIGGER event_search_refresh BEFORE INSERT OR UPDATE OF name, event_type, category, subcategories, summary, description, host_id, venue_id ON event
  FOR EACH ROW EXECUTE FUNCTION event_search_refresh();
--> statement-breakpoint
DROP TRIGGER search_words_changed ON event;
--> statement-breakpoint
CREATE TRIGGER search_words_changed AFTER UPDATE OF name, event_type, category, subcategories, summary, description, host_id, venue_id, status, is_private, is_cancelled ON event
  FOR EACH ROW WHEN (
    OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.summary IS DISTINCT FROM NEW.summary OR OLD.description IS DISTINCT FROM NEW.description
    OR (OLD.status = 'published' AND NOT OLD.is_private AND NOT OLD.is_cancelled) IS DISTINCT FROM (NEW.status = 'published' AND NOT NEW.is_private AND NOT NEW.is_cancelled)
  ) EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
-- Every event's documents again; the dictionary gains the new words as each row changes.
UPDATE event SET category = category;

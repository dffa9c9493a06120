CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "event_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Typo-tolerant search (decision 0006): edit distances, and accents that never matter.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Text as search sees it: lower case, accents gone ("Café" is "cafe"). The dictionary is named, so
-- the answer does not depend on the search path.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(unaccent('unaccent'::regdictionary, coalesce(t, '')))
$$;
--> statement-breakpoint
-- The distinct words of a text, as search_word keeps them: folded, sorted, words and the parts of
-- hyphenated words only (no e-mail addresses, URLs or paths), two to forty characters.
CREATE OR REPLACE FUNCTION search_words_of(t text) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT p.token ORDER BY p.token), '{}')
    FROM ts_parse('default', search_fold(t)) p
   WHERE p.tokid IN (1, 2, 3, 9, 10, 11, 22) AND length(p.token) BETWEEN 2 AND 40
$$;
--> statement-breakpoint
-- Typos (insertions, deletions, substitutions, swaps of neighbouring letters: the optimal string
-- alignment form of Damerau–Levenshtein) between what was typed and a word, or between what was
-- typed and the word's closest beginning when `as_prefix`. Answers `allowed + 1` for anything
-- further. fuzzystrmatch's Levenshtein (in C) settles most words; only a distance of two or more,
-- which a swap may shorten, is worked out here.
CREATE OR REPLACE FUNCTION search_typos(typed text, word text, allowed integer, as_prefix boolean) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 500 AS $$
DECLARE
  n integer := length(typed);
  target text := CASE WHEN as_prefix THEN left(word, n + allowed) ELSE word END;
  m integer := length(target);
  lev integer;
  d integer[];
  best integer;
  cost integer;
BEGIN
  IF NOT as_prefix AND abs(n - m) > allowed THEN RETURN allowed + 1; END IF;
  IF as_prefix THEN
    lev := allowed * 2 + 1;
    FOR j IN greatest(0, n - allowed * 2)..least(m, n + allowed * 2) LOOP
      lev := least(lev, levenshtein_less_equal(typed, left(target, j), allowed * 2));
    END LOOP;
  ELSE
    lev := levenshtein_less_equal(typed, target, allowed * 2);
  END IF;
  IF lev <= 1 THEN RETURN lev; END IF;
  IF lev > allowed * 2 THEN RETURN allowed + 1; END IF;
  d := array_fill(0, ARRAY[n + 1, m + 1], ARRAY[0, 0]);
  FOR i IN 0..n LOOP d[i][0] := i; END LOOP;
  FOR j IN 0..m LOOP d[0][j] := j; END LOOP;
  FOR i IN 1..n LOOP
    FOR j IN 1..m LOOP
      cost := CASE WHEN substr(typed, i, 1) = substr(target, j, 1) THEN 0 ELSE 1 END;
      d[i][j] := least(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      IF i > 1 AND j > 1 AND substr(typed, i, 1) = substr(target, j - 1, 1) AND substr(typed, i - 1, 1) = substr(target, j, 1) THEN
        d[i][j] := least(d[i][j], d[i - 2][j - 2] + 1);
      END IF;
    END LOOP;
  END LOOP;
  IF as_prefix THEN
    best := d[n][0];
    FOR j IN 1..m LOOP best := least(best, d[n][j]); END LOOP;
  ELSE
    best := d[n][m];
  END IF;
  RETURN least(best, allowed + 1);
END
$$;
--> statement-breakpoint
-- Search documents, folded: accents and case never matter, on either side.
CREATE OR REPLACE FUNCTION event_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who record;
  place record;
  kind text := replace(NEW.event_type, '-', ' ');
BEGIN
  SELECT first_name, last_name, host_title INTO who FROM "user" WHERE id = NEW.host_id;
  SELECT name, city INTO place FROM venue WHERE id = NEW.venue_id;
  NEW.search_text := search_fold(concat_ws(' ', NEW.name, kind, who.host_title, who.first_name, who.last_name, place.name, place.city));
  NEW.search_vector :=
    setweight(to_tsvector('english', search_fold(NEW.name)), 'A') ||
    setweight(to_tsvector('english', search_fold(concat_ws(' ', kind, who.host_title, who.first_name, who.last_name, place.name, place.city))), 'B') ||
    setweight(to_tsvector('english', search_fold(NEW.summary)), 'C') ||
    setweight(to_tsvector('english', search_fold(NEW.description)), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE event SET name = name;
--> statement-breakpoint
-- The dictionary: every word of every listed event (published, public, not cancelled), with how
-- many such events have it. An event's words are those of its search_text (which carries its
-- host's and venue's words as they were when it was written), summary and description.
CREATE OR REPLACE FUNCTION event_search_words(search_text text, summary text, description text) RETURNS text[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT search_words_of(concat_ws(' ', search_text, summary, description))
$$;
--> statement-breakpoint
INSERT INTO search_word (word, events)
SELECT w, count(*)::int
  FROM event e, unnest(event_search_words(e.search_text, e.summary, e.description)) AS u(w)
 WHERE e.status = 'published' AND NOT e.is_private AND NOT e.is_cancelled
 GROUP BY w;
--> statement-breakpoint
-- New events, a whole statement at once (a batch of 500 is one upsert). Words are locked in
-- alphabetical order, so two writers never wait for each other in a circle.
CREATE OR REPLACE FUNCTION search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word AS s (word, events)
  SELECT w, count(*)::int
    FROM added_events e, unnest(event_search_words(e.search_text, e.summary, e.description)) AS u(w)
   WHERE e.status = 'published' AND NOT e.is_private AND NOT e.is_cancelled
   GROUP BY w ORDER BY w
  ON CONFLICT (word) DO UPDATE SET events = s.events + excluded.events;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_added AFTER INSERT ON event REFERENCING NEW TABLE AS added_events
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT w, count(*)::int AS n
      FROM removed_events e, unnest(event_search_words(e.search_text, e.summary, e.description)) AS u(w)
     WHERE e.status = 'published' AND NOT e.is_private AND NOT e.is_cancelled
     GROUP BY w
  )
  UPDATE search_word s SET events = s.events - gone.n FROM gone WHERE s.word = gone.w;
  DELETE FROM search_word WHERE events <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_removed AFTER DELETE ON event REFERENCING OLD TABLE AS removed_events
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();
--> statement-breakpoint
-- A changed event (its words, or whether it is listed): the words it loses and gains. Row by row,
-- and only when something search sees changed, so ticket sales (which touch the stock totals) pay
-- nothing.
CREATE OR REPLACE FUNCTION search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text[] := CASE WHEN OLD.status = 'published' AND NOT OLD.is_private AND NOT OLD.is_cancelled
                     THEN event_search_words(OLD.search_text, OLD.summary, OLD.description) ELSE '{}' END;
  now_has text[] := CASE WHEN NEW.status = 'published' AND NOT NEW.is_private AND NOT NEW.is_cancelled
                         THEN event_search_words(NEW.search_text, NEW.summary, NEW.description) ELSE '{}' END;
  lost text[] := ARRAY(SELECT unnest(was) EXCEPT SELECT unnest(now_has) ORDER BY 1);
BEGIN
  INSERT INTO search_word AS s (word, events)
  SELECT w, 1 FROM unnest(now_has) AS u(w) WHERE NOT w = ANY(was) ORDER BY w
  ON CONFLICT (word) DO UPDATE SET events = s.events + 1;
  IF cardinality(lost) > 0 THEN
    UPDATE search_word SET events = events - 1 WHERE word = ANY(lost);
    DELETE FROM search_word WHERE word = ANY(lost) AND events <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_changed AFTER UPDATE OF name, event_type, summary, description, host_id, venue_id, status, is_private, is_cancelled ON event
  FOR EACH ROW WHEN (
    OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.summary IS DISTINCT FROM NEW.summary OR OLD.description IS DISTINCT FROM NEW.description
    OR (OLD.status = 'published' AND NOT OLD.is_private AND NOT OLD.is_cancelled) IS DISTINCT FROM (NEW.status = 'published' AND NOT NEW.is_private AND NOT NEW.is_cancelled)
  ) EXECUTE FUNCTION search_words_changed();

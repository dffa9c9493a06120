ALTER TABLE "hold" DROP CONSTRAINT "hold_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "max_tickets_per_person" integer;--> statement-breakpoint
CREATE INDEX "hold_user_idx" ON "hold" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "hold_discount_active_idx" ON "hold" USING btree ("discount_id") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "hold" ADD CONSTRAINT "hold_idempotency_key_unique" UNIQUE("event_id","user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_max_tickets_per_person" CHECK ("event"."max_tickets_per_person" is null or "event"."max_tickets_per_person" between 1 and 10000);--> statement-breakpoint

-- Limits that money depends on are claimed as stock is (DESIGN §3): a discount's uses and one person's
-- share of an event are judged by the claim itself, under locks, in the claim's transaction.

-- The most tickets one person may have for an event at once: what the host set, or the event's
-- per-order maximum (the largest max_per_order of its ticket types).
CREATE FUNCTION tickets_per_person(which_event uuid) RETURNS int
LANGUAGE sql STABLE AS $$
  SELECT coalesce(e.max_tickets_per_person, (SELECT max(t.max_per_order) FROM ticket_type t WHERE t.event_id = e.id), 0)
  FROM event e WHERE e.id = which_event
$$;
--> statement-breakpoint

-- A person's share of an event at a moment: the places in their live holds (active and not yet
-- lapsed) and the tickets of their free orders. Paid orders are not counted: they are not a hoard.
CREATE FUNCTION tickets_held_by(which_event uuid, who text, at timestamptz) RETURNS int
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT sum(l.quantity) FROM hold h JOIN hold_line l ON l.hold_id = h.id
            WHERE h.user_id = who AND h.event_id = which_event AND h.status = 'active' AND h.expires_at > at), 0)
        + coalesce((SELECT sum(ol.quantity) FROM "order" o JOIN order_line ol ON ol.order_id = o.id
            WHERE o.user_id = who AND o.event_id = which_event AND o.status = 'free'), 0))::int
$$;
--> statement-breakpoint

-- Claims stock for holds, as migration 0007's claim_holds did, and now also the limits a hold is
-- subject to. A claim is
--   { at, eventId, userId | token, fingerprint, expiresAt, seats, discountId, key, extended, ip,
--     limits: { personHolds, personWindowS, ipHolds, ipWindowS } | null,
--     lines: [{ t: ticket type id, q: quantity, p: unit price in pence }] }
-- and its outcome one of
--   { status: 'signed_out' }   the session token is unknown or has expired
--   { status: 'stale' }        the event's definitions no longer have the fingerprint given
--   { status: 'short', stock, lapsed, existingHoldId }
--                              some line cannot be had: nothing written (see 0007)
--   { status: 'throttled' }    the person has left `personHolds` holds unbought in the last
--                              `personWindowS` seconds, or `ipHolds` holds came from `ip` in the
--                              last `ipWindowS` (a counter in rate_limit): nothing written
--   { status: 'over_share', cap, has }
--                              the person would have more of the event than tickets_per_person
--                              (`has` now, across live holds and free orders): nothing written
--   { status: 'code_used_up' } the discount's uses and its live holds already reach max_uses
--   { status: 'same_key', existingHoldId }
--                              this person's press with the same key on this event made the hold
--   { status: 'written', holdId, claimed, buyerId, sessionExpiresMs }
-- Stock is judged first, as before. Then, under the person's claim lock on the event (an advisory lock taken after
-- the ticket types' row locks, so every claim takes its locks in the same order), the person's share
-- and rate; then the discount, under its row's lock; then the address's counter. Each is counted
-- afresh once its lock is held (every statement here reads what has committed by then), so claims
-- made at once are judged one after another, as stock is. A refused press whose key already made
-- a hold is answered with that hold. Idempotency keys are the person's, per event.
CREATE OR REPLACE FUNCTION claim_holds(claims jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  outcomes jsonb := '[]'::jsonb;
  claimed_at timestamptz;
  claim_event uuid;
  claim_buyer text;
  claim_session_expires timestamptz;
  claim_discount uuid;
  line_count int;
  enough boolean;
  new_hold uuid;
  lines_claimed int;
  refusal jsonb;
  wanted int;
  cap int;
  has int;
  code_max_uses int;
  code_uses int;
  counted int;
BEGIN
  FOR c IN SELECT x.value FROM jsonb_array_elements(claims) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    claimed_at := (c->>'at')::timestamptz;
    claim_event := (c->>'eventId')::uuid;
    claim_discount := (c->>'discountId')::uuid;
    line_count := jsonb_array_length(c->'lines');

    -- Who for: the person given (or nobody), or the owner of an unexpired session.
    claim_session_expires := NULL;
    IF c->>'token' IS NULL THEN
      claim_buyer := c->>'userId';
    ELSE
      SELECT s.user_id, s.expires_at INTO claim_buyer, claim_session_expires
        FROM session s WHERE s.token = c->>'token' AND s.expires_at > claimed_at;
      IF NOT FOUND THEN
        outcomes := outcomes || jsonb_build_object('status', 'signed_out');
        CONTINUE;
      END IF;
    END IF;

    IF line_count = 0 THEN
      RAISE EXCEPTION 'a claim needs at least one line';
    END IF;

    SELECT count(*) = line_count INTO enough
      FROM ticket_type t JOIN jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int) ON t.id = w.t
      WHERE t.event_id = claim_event AND t.sold + t.held + w.q <= t.capacity;
    IF enough THEN
      PERFORM 1 FROM ticket_type t
        WHERE t.id IN (SELECT w.t FROM jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int))
        ORDER BY t.id FOR UPDATE;
      IF c->>'fingerprint' IS NOT NULL AND hold_definitions_fingerprint(claim_event) IS DISTINCT FROM c->>'fingerprint' THEN
        outcomes := outcomes || jsonb_build_object('status', 'stale');
        CONTINUE;
      END IF;
      SELECT count(*) = line_count INTO enough
        FROM ticket_type t JOIN jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int) ON t.id = w.t
        WHERE t.event_id = claim_event AND t.sold + t.held + w.q <= t.capacity;
    END IF;
    IF NOT enough THEN
      outcomes := outcomes || jsonb_build_object(
        'status', 'short',
        'stock', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'sold', t.sold, 'held', t.held, 'capacity', t.capacity)), '[]'::jsonb)
                  FROM ticket_type t WHERE t.event_id = claim_event),
        'lapsed', EXISTS (SELECT 1 FROM hold h WHERE h.event_id = claim_event AND h.status = 'active' AND h.expires_at <= claimed_at),
        'existingHoldId', (SELECT h.id FROM hold h WHERE h.event_id = claim_event AND h.user_id IS NOT DISTINCT FROM claim_buyer AND h.idempotency_key = c->>'key'));
      CONTINUE;
    END IF;

    refusal := NULL;
    IF claim_buyer IS NOT NULL THEN
      -- One person's claims on one event, judged one at a time whichever ticket types they name;
      -- other people's claims never wait on it.
      PERFORM pg_advisory_xact_lock(hashtextextended('claim_holds:' || claim_event::text || ':' || claim_buyer, 0));
      IF (c->'limits'->>'personHolds') IS NOT NULL AND (
          SELECT count(*) FROM hold h
          WHERE h.user_id = claim_buyer AND h.status <> 'converted'
            AND h.created_at > claimed_at - make_interval(secs => (c->'limits'->>'personWindowS')::int)
        ) >= (c->'limits'->>'personHolds')::int THEN
        refusal := jsonb_build_object('status', 'throttled');
      END IF;
      IF refusal IS NULL THEN
        SELECT sum(w.q) INTO wanted FROM jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int);
        cap := tickets_per_person(claim_event);
        has := tickets_held_by(claim_event, claim_buyer, claimed_at);
        IF has + wanted > cap THEN
          refusal := jsonb_build_object('status', 'over_share', 'cap', cap, 'has', has);
        END IF;
      END IF;
    END IF;
    IF refusal IS NULL AND claim_discount IS NOT NULL THEN
      -- The code's uses, locked: completing an order adds to them under the same lock.
      SELECT d.max_uses, d.uses INTO code_max_uses, code_uses FROM discount d WHERE d.id = claim_discount FOR UPDATE;
      IF code_max_uses IS NOT NULL AND code_uses + (
          SELECT count(*) FROM hold h WHERE h.discount_id = claim_discount AND h.status = 'active' AND h.expires_at > claimed_at
        ) >= code_max_uses THEN
        refusal := jsonb_build_object('status', 'code_used_up');
      END IF;
    END IF;
    IF refusal IS NULL AND c->>'ip' IS NOT NULL AND (c->'limits'->>'ipHolds') IS NOT NULL THEN
      -- The address's holds, counted as the shared throttle counts (a fixed window in rate_limit).
      INSERT INTO rate_limit AS r (key, count, reset_at)
        VALUES ('holds:ip:' || (c->>'ip'), 1, claimed_at + make_interval(secs => (c->'limits'->>'ipWindowS')::int))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.reset_at <= claimed_at THEN 1 ELSE r.count + 1 END,
          reset_at = CASE WHEN r.reset_at <= claimed_at THEN excluded.reset_at ELSE r.reset_at END
        RETURNING r.count INTO counted;
      IF counted > (c->'limits'->>'ipHolds')::int THEN
        refusal := jsonb_build_object('status', 'throttled');
      END IF;
    END IF;
    IF refusal IS NOT NULL THEN
      -- A retried press whose first made the hold is answered with it, whatever the limits now say.
      new_hold := (SELECT h.id FROM hold h WHERE h.event_id = claim_event AND h.user_id IS NOT DISTINCT FROM claim_buyer AND h.idempotency_key = c->>'key');
      outcomes := outcomes || CASE WHEN new_hold IS NULL THEN refusal ELSE jsonb_build_object('status', 'same_key', 'existingHoldId', new_hold) END;
      CONTINUE;
    END IF;

    new_hold := NULL;
    INSERT INTO hold (event_id, user_id, expires_at, seats, discount_id, idempotency_key, extended, created_at)
      VALUES (claim_event, claim_buyer, (c->>'expiresAt')::timestamptz, coalesce(c->'seats', '[]'::jsonb),
              claim_discount, c->>'key', coalesce((c->>'extended')::boolean, false), claimed_at)
      ON CONFLICT (event_id, user_id, idempotency_key) DO NOTHING
      RETURNING id INTO new_hold;
    IF new_hold IS NULL THEN
      outcomes := outcomes || jsonb_build_object('status', 'same_key', 'existingHoldId',
        (SELECT h.id FROM hold h WHERE h.event_id = claim_event AND h.user_id IS NOT DISTINCT FROM claim_buyer AND h.idempotency_key = c->>'key'));
      CONTINUE;
    END IF;

    UPDATE ticket_type t SET held = t.held + w.q
      FROM jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int)
      WHERE t.id = w.t AND t.event_id = claim_event AND t.sold + t.held + w.q <= t.capacity;
    GET DIAGNOSTICS lines_claimed = ROW_COUNT;
    IF lines_claimed <> line_count THEN
      RAISE EXCEPTION 'a claim took % of its % lines under lock', lines_claimed, line_count;
    END IF;
    INSERT INTO hold_line (hold_id, ticket_type_id, quantity, unit_price_pence)
      SELECT new_hold, w.t, w.q, w.p FROM jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int);
    outcomes := outcomes || jsonb_build_object('status', 'written', 'holdId', new_hold, 'claimed', lines_claimed, 'buyerId', claim_buyer,
      'sessionExpiresMs', extract(epoch FROM claim_session_expires) * 1000);
  END LOOP;
  RETURN outcomes;
END
$$;

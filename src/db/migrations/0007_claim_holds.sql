-- Decision 0016: the claim that holds tickets, as one database call for one press or for many.

-- Everything about an event that planning a hold depends on, as one fingerprint: its slug, status,
-- cancellation, times, host and the host's fee mode, its seat plan, and each ticket type's kind,
-- price, pay-what-you-wish flag, per-order limit and sale window. Not stock (capacity, sold, held):
-- the claim is the only judge of stock. A hold planned on kept definitions is claimed only if the
-- event still has the fingerprint it was planned on.
CREATE FUNCTION hold_definitions_fingerprint(which uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  -- JSON arrays keep every field in its place, nulls included (a sale that opens at a time and one
  -- that closes at it must not look alike); times as epoch seconds, whatever the session's time zone.
  SELECT md5(jsonb_build_array(e.slug, e.status, e.is_cancelled, extract(epoch FROM e.starts_at), extract(epoch FROM e.ends_at), e.host_id, u.fee_mode, v.seat_rows, v.seat_columns,
      (SELECT jsonb_agg(jsonb_build_array(t.id, t.kind, t.price_pence, t.pay_what_you_wish, t.max_per_order,
          extract(epoch FROM t.sales_start_at), extract(epoch FROM t.sales_end_at)) ORDER BY t.id)
        FROM ticket_type t WHERE t.event_id = e.id))::text)
  FROM event e JOIN "user" u ON u.id = e.host_id LEFT JOIN venue v ON v.id = e.venue_id
  WHERE e.id = which
$$;
--> statement-breakpoint

-- Claims stock for holds, one claim after another in the order given, and answers with an outcome
-- for each (a JSON array in the same order). A claim is
--   { at, eventId, userId | token, fingerprint, expiresAt, seats, discountId, key, extended,
--     lines: [{ t: ticket type id, q: quantity, p: unit price in pence }] }
-- and its outcome one of
--   { status: 'signed_out' }   the session token is unknown or has expired
--   { status: 'stale' }        the event's definitions no longer have the fingerprint given (checked
--                              once the stock looked enough, under the ticket types' locks)
--   { status: 'short', stock, lapsed, existingHoldId }
--                              some line cannot be had: nothing written; the event's stock as found,
--                              whether some hold on it has lapsed with stock still held, and the hold
--                              an earlier press with the same key made
--   { status: 'same_key', existingHoldId }
--                              another press with the same key made the hold: nothing written
--   { status: 'written', holdId, claimed, buyerId, sessionExpiresMs }
--                              the hold, its lines and their stock
-- Stock moves only by `held = held + q WHERE sold + held + q <= capacity`, on rows locked in id order
-- after a first look that locks nothing, so a buyer who cannot be served never waits for a lock.
-- A claim that would leave a hold half made raises, and the caller's transaction rolls back.
-- Everything happens in the caller's transaction: claims sent together are committed together.
CREATE FUNCTION claim_holds(claims jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  outcomes jsonb := '[]'::jsonb;
  claimed_at timestamptz;
  claim_event uuid;
  claim_buyer text;
  claim_session_expires timestamptz;
  line_count int;
  enough boolean;
  new_hold uuid;
  lines_claimed int;
BEGIN
  FOR c IN SELECT x.value FROM jsonb_array_elements(claims) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    claimed_at := (c->>'at')::timestamptz;
    claim_event := (c->>'eventId')::uuid;
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
      -- Checked under the lock: an edit to these ticket types either committed before (and is seen
      -- here) or waits for this claim to commit.
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
        'existingHoldId', (SELECT h.id FROM hold h WHERE h.idempotency_key = c->>'key'));
      CONTINUE;
    END IF;

    new_hold := NULL;
    INSERT INTO hold (event_id, user_id, expires_at, seats, discount_id, idempotency_key, extended)
      VALUES (claim_event, claim_buyer, (c->>'expiresAt')::timestamptz, coalesce(c->'seats', '[]'::jsonb),
              (c->>'discountId')::uuid, c->>'key', coalesce((c->>'extended')::boolean, false))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO new_hold;
    IF new_hold IS NULL THEN
      outcomes := outcomes || jsonb_build_object('status', 'same_key', 'existingHoldId', (SELECT h.id FROM hold h WHERE h.idempotency_key = c->>'key'));
      CONTINUE;
    END IF;

    UPDATE ticket_type t SET held = t.held + w.q
      FROM jsonb_to_recordset(c->'lines') AS w(t uuid, q int, p int)
      WHERE t.id = w.t AND t.event_id = claim_event AND t.sold + t.held + w.q <= t.capacity;
    GET DIAGNOSTICS lines_claimed = ROW_COUNT;
    -- Under the lock every line was there to claim. If one was not, nothing of this call may stand.
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

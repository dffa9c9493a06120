-- The door's hot path in one call for many scans (decision 0042): each element of `scans` is a first
-- scan from a device holding a scanner link, as `scanWithLink` makes it: {tokenHash, eventId,
-- ticketId, version, deviceId, clientScanId, gate, scanId, at}. In order, for each: the link must be
-- live for the event (as `liveLink` says), the scan unseen on its device, and the ticket valid at that
-- code version; then the ticket is checked in and the scan recorded, exactly as the single
-- statement in `firstScan` does. One row comes back for each scan that let someone in (out_n: its
-- place in `scans`, from 1); a scan with no row was not written at all, and goes the slow way, which
-- says why. Scans for one ticket in one call are served in order: the first admits, the next sees
-- it checked in. plpgsql keeps its statements' plans for the session, and the call commits once.
CREATE OR REPLACE FUNCTION door_first_scans(scans jsonb)
RETURNS TABLE (out_n integer, out_ticket uuid, out_holder text, out_type text, out_companion boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  s jsonb;
  i integer := 0;
  link uuid;
  admitted record;
BEGIN
  FOR s IN SELECT value FROM jsonb_array_elements(scans) LOOP
    i := i + 1;
    link := NULL;
    SELECT l.id INTO link
      FROM event_scanner l
      JOIN event e ON e.id = l.event_id
      JOIN "user" h ON h.id = e.host_id AND h.user_type = 'host' AND h.deleted_at IS NULL
      WHERE l.token_hash = s->>'tokenHash' AND l.event_id = (s->>'eventId')::uuid
        AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > (s->>'at')::timestamptz);
    CONTINUE WHEN link IS NULL;
    PERFORM 1 FROM ticket_scan sc WHERE sc.device_id = s->>'deviceId' AND sc.client_scan_id = s->>'clientScanId';
    CONTINUE WHEN FOUND;
    UPDATE ticket tk
      SET status = 'checked_in', checked_in_at = (s->>'at')::timestamptz, checked_in_gate = s->>'gate',
        checked_in_scan_id = (s->>'scanId')::uuid
      WHERE tk.id = (s->>'ticketId')::uuid AND tk.event_id = (s->>'eventId')::uuid AND tk.status = 'valid'
        AND tk.code_version = (s->>'version')::integer
      RETURNING tk.id, tk.order_id, tk.ticket_type_id, tk.holder_name, tk.companion INTO admitted;
    CONTINUE WHEN NOT FOUND;
    INSERT INTO ticket_scan (id, event_id, ticket_id, device_id, client_scan_id, gate, outcome, local_outcome,
        admitted, scanned_at, received_at, scanner_id, scanned_by)
      VALUES ((s->>'scanId')::uuid, (s->>'eventId')::uuid, admitted.id, s->>'deviceId', s->>'clientScanId',
        s->>'gate', 'checked_in', NULL, true, (s->>'at')::timestamptz, (s->>'at')::timestamptz, link, NULL)
      ON CONFLICT (device_id, client_scan_id) DO NOTHING;
    IF NOT FOUND THEN
      -- The same scan, sent twice at the same moment, was recorded by the other copy: this admission
      -- is undone (a valid ticket has no check-in fields), and the slow way answers from that record.
      UPDATE ticket tk SET status = 'valid', checked_in_at = NULL, checked_in_gate = NULL, checked_in_scan_id = NULL
        WHERE tk.id = admitted.id;
      CONTINUE;
    END IF;
    out_n := i;
    out_ticket := admitted.id;
    out_holder := nullif(admitted.holder_name, '');
    IF out_holder IS NULL THEN
      SELECT o.buyer_name INTO out_holder FROM "order" o WHERE o.id = admitted.order_id;
    END IF;
    SELECT tt.name INTO out_type FROM ticket_type tt WHERE tt.id = admitted.ticket_type_id;
    out_companion := admitted.companion;
    RETURN NEXT;
  END LOOP;
END
$$;

import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { CodeCheck } from "~/domain/ticket-codes";
import { parseTicketCode } from "~/domain/ticket-codes";
import {
  offlineScanTime,
  type PackedTicket,
  scanOutcome,
  type ScanOutcome,
  scanOutcomeText,
  SYNC_BATCH_MAX,
} from "~/domain/scanning";
import { AppError } from "~/lib/app-error";
import { sharedCalls } from "~/lib/shared-calls";
import { isUuid } from "~/lib/uuid";
import { type DoorActor, doorAccess, liveLink } from "./door-access";
import { studioEventHeader } from "./studio-event";

/** What the door shows for one scan. Holder and ticket type only for this event's tickets. */
export interface DoorScan {
  /** The device's name for the scan, echoed so a sync can match its queue. */
  clientScanId: string;
  outcome: ScanOutcome;
  message: string;
  ticketId: string | null;
  holderName: string | null;
  ticketType: string | null;
  companion: boolean;
  /** For a ticket already in: when and at which gate it was let in (ISO; gate none when by hand). */
  checkedInAt: string | null;
  gate: string | null;
  /** The device let this person in offline, but the ticket was admitted elsewhere first, cancelled or passed on. */
  conflict: boolean;
}

export interface ScanInput {
  clientScanId: string;
  code: string;
  gate: string;
}

type Verify = (eventId: string, code: string) => Promise<CodeCheck>;

/** A scan made online: the server decides, at the server's time. */
export function scanAtDoor(
  db: Db,
  verify: Verify,
  input: { actor: DoorActor; deviceId: string; scan: ScanInput; now: Date },
): Promise<DoorScan> {
  return recordScan(db, verify, input.actor, {
    ...input.scan,
    deviceId: input.deviceId,
    scannedAt: input.now,
    localOutcome: null,
    now: input.now,
  });
}

/**
 * Scans a device kept while offline, sent when the connection came back (decision 0034). Each is
 * recorded once, however often the device sends it (its device id and scan id are unique), in the
 * order they were made. A ticket two offline gates let in goes to the earlier scan, whichever
 * synced first; the other is a conflict, as is an admission of a ticket cancelled or passed on meanwhile.
 */
export async function syncDoorScans(
  db: Db,
  verify: Verify,
  input: {
    actor: DoorActor;
    deviceId: string;
    scans: (ScanInput & { scannedAt: Date; localOutcome: ScanOutcome })[];
    now: Date;
  },
): Promise<DoorScan[]> {
  if (input.scans.length > SYNC_BATCH_MAX)
    throw new AppError("validation_failed", `A sync carries at most ${SYNC_BATCH_MAX} scans.`);
  const ordered = input.scans
    .map((s) => ({ ...s, scannedAt: offlineScanTime(s.scannedAt, input.now) }))
    .sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  const results: DoorScan[] = [];
  for (const s of ordered)
    results.push(await recordScan(db, verify, input.actor, { ...s, deviceId: input.deviceId, now: input.now }));
  return results;
}

type ScanRow = {
  seen: string | null;
  id: string | null;
  event_id: string | null;
  status: "valid" | "void" | "checked_in" | null;
  code_version: number | null;
  checked_in_at: Date | string | null;
  checked_in_gate: string | null;
  checked_in_scan_id: string | null;
  holder: string | null;
  type: string | null;
  companion: boolean | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** No scan of this device bears this scan id yet (of any event: the device's scan ids are unique). */
const unseenScan = (deviceId: string, clientScanId: string) => sql`not exists (
  select 1 from ticket_scan seen where seen.device_id = ${deviceId} and seen.client_scan_id = ${clientScanId})`;

/**
 * Who a first scan is recorded against, as SQL: `cte` (if any) names `door` for the statement, and
 * `allowed` must hold for the ticket to be admitted; a known actor is allowed already.
 */
interface ScanAccess {
  cte: SQL | null;
  allowed: SQL;
  scannerId: SQL;
  scannedBy: SQL;
}

const knownActor = (actor: DoorActor): ScanAccess => ({
  cte: null,
  allowed: sql`true`,
  scannerId: sql`${actor.scannerId}::uuid`,
  scannedBy: sql`${actor.userId}::text`,
});

/**
 * Most scans at a door are a ticket's first: admitted and recorded in one statement (with the
 * scanner link's check, on the door's hot path), which does nothing when the ticket is not this
 * event's, not valid, of another code version, the scan was recorded before, or the door is closed
 * to this device; then the caller decides the scan the longer way.
 */
async function firstScan(
  db: Db,
  eventId: string,
  signed: { ticketId: string; version: number },
  s: ScanInput & { deviceId: string; scanId: string; scannedAt: Date; localOutcome: ScanOutcome | null; now: Date },
  access: ScanAccess,
): Promise<DoorScan | null> {
  const unseen = unseenScan(s.deviceId, s.clientScanId);
  const { rows } = await db.execute<{
    id: string;
    holder: string | null;
    type: string | null;
    companion: boolean;
  }>(sql`
    with ${access.cte ? sql`${access.cte}, ` : sql``}admit as (
      update ticket set status = 'checked_in', checked_in_at = ${s.scannedAt}, checked_in_gate = ${s.gate},
        checked_in_scan_id = ${s.scanId}
      where id = ${signed.ticketId} and event_id = ${eventId} and status = 'valid'
        and code_version = ${signed.version} and ${unseen} and ${access.allowed}
      returning id, order_id, ticket_type_id, holder_name, companion
    ), recorded as (
      insert into ticket_scan (id, event_id, ticket_id, device_id, client_scan_id, gate, outcome, local_outcome,
        admitted, scanned_at, received_at, scanner_id, scanned_by)
      select ${s.scanId}::uuid, ${eventId}::uuid, admit.id, ${s.deviceId}::text, ${s.clientScanId}::text,
        ${s.gate}::text, 'checked_in', ${s.localOutcome}::text, true, ${s.scannedAt}::timestamptz,
        ${s.now}::timestamptz, ${access.scannerId}, ${access.scannedBy}
      from admit
      on conflict (device_id, client_scan_id) do nothing
      returning id
    )
    select a.id, coalesce(nullif(a.holder_name, ''), o.buyer_name) as holder, tt.name as type, a.companion
    from admit a join recorded on true
    left join "order" o on o.id = a.order_id
    left join ticket_type tt on tt.id = a.ticket_type_id`);
  const admitted = rows[0];
  if (!admitted) return null;
  return {
    clientScanId: s.clientScanId,
    outcome: "checked_in",
    message: scanOutcomeText.checked_in,
    ticketId: admitted.id,
    holderName: admitted.holder,
    ticketType: admitted.type,
    companion: Boolean(admitted.companion),
    checkedInAt: s.scannedAt.toISOString(),
    gate: s.gate,
    conflict: false,
  };
}

/** A first scan from a device holding a scanner link, as `scanWithLink` makes it. */
interface LinkFirstScan {
  eventId: string;
  linkTokenHash: string;
  signed: { ticketId: string; version: number };
  s: ScanInput & { deviceId: string; scanId: string; scannedAt: Date; localOutcome: null; now: Date };
}

/** One link scan's first try on its own: the link's check rides in the admission's statement. */
function linkFirstScan(db: Db, { eventId, linkTokenHash, signed, s }: LinkFirstScan): Promise<DoorScan | null> {
  return firstScan(db, eventId, signed, s, {
    cte: sql`door as (${liveLink({ linkTokenHash, eventId, now: s.now })})`,
    allowed: sql`exists (select 1 from door)`,
    scannerId: sql`(select link_id from door)`,
    scannedBy: sql`null::text`,
  });
}

/**
 * Link scans' first tries, many in one call to `door_first_scans` (migration 0029), which checks,
 * admits and records each in order as `firstScan` would, and commits them together.
 */
async function linkFirstScans(db: Db, scans: LinkFirstScan[]): Promise<(DoorScan | null)[]> {
  const sent = scans.map(({ eventId, linkTokenHash, signed, s }) => ({
    tokenHash: linkTokenHash,
    eventId,
    ticketId: signed.ticketId,
    version: signed.version,
    deviceId: s.deviceId,
    clientScanId: s.clientScanId,
    gate: s.gate,
    scanId: s.scanId,
    at: s.scannedAt.toISOString(),
  }));
  const { rows } = await db.execute<{
    out_n: number;
    out_ticket: string;
    out_holder: string | null;
    out_type: string | null;
    out_companion: boolean;
  }>(sql`select out_n, out_ticket, out_holder, out_type, out_companion
    from door_first_scans(${JSON.stringify(sent)}::jsonb)`);
  const answers: (DoorScan | null)[] = scans.map(() => null);
  for (const row of rows) {
    const { s } = scans[row.out_n - 1]!;
    answers[row.out_n - 1] = {
      clientScanId: s.clientScanId,
      outcome: "checked_in",
      message: scanOutcomeText.checked_in,
      ticketId: row.out_ticket,
      holderName: row.out_holder,
      ticketType: row.out_type,
      companion: Boolean(row.out_companion),
      checkedInAt: s.scannedAt.toISOString(),
      gate: s.gate,
      conflict: false,
    };
  }
  return answers;
}

/**
 * A link scan's first try, sent with the others for the same event that arrive while a call for it
 * is in flight (decision 0042): on the night every gate scans at once, and each scan sharing a round
 * trip and a commit is what lets one process keep up with them. A scan that finds no call in flight
 * goes at once. Scans of one ticket in one call are served in arrival order.
 */
const firstScanSoon = sharedCalls<Db, LinkFirstScan, DoorScan | null>({
  most: 64,
  all: linkFirstScans,
  alone: linkFirstScan,
});

/**
 * A scan made online from a door device holding a scanner link (the door's hot path, decision 0034):
 * a ticket's first scan is the link's check, the admission and its record in one statement; any other
 * scan checks the link, then is decided as `scanAtDoor` decides it. Null: the link does not open this
 * event's door (revoked, expired, another event's, or none), and nothing was recorded.
 */
export async function scanWithLink(
  db: Db,
  verify: Verify,
  input: { eventId: string; linkTokenHash: string; deviceId: string; scan: ScanInput; now: Date },
): Promise<DoorScan | null> {
  const { eventId, now } = input;
  const code = input.scan.code.trim().slice(0, 200);
  const signed = isUuid(eventId) ? await verify(eventId, code) : ({ ok: false } as const);
  const s = { ...input.scan, deviceId: input.deviceId, scanId: randomUUID(), scannedAt: now, localOutcome: null, now };
  if (signed.ok) {
    const done = await firstScanSoon(db, eventId, { eventId, linkTokenHash: input.linkTokenHash, signed, s });
    if (done) return done;
  }
  const actor = await doorAccess(db, { eventId, linkTokenHash: input.linkTokenHash, now });
  if (!actor) return null;
  return recordScan(db, verify, actor, s, { firstTried: signed.ok });
}

async function recordScan(
  db: Db,
  verify: Verify,
  actor: DoorActor,
  s: ScanInput & { deviceId: string; scannedAt: Date; localOutcome: ScanOutcome | null; now: Date; scanId?: string },
  options: { firstTried?: boolean } = {},
): Promise<DoorScan> {
  const code = s.code.trim().slice(0, 200);
  const signed = await verify(actor.eventId, code);
  const parsed = signed.ok ? signed : parseTicketCode(code);
  const scanId = s.scanId ?? randomUUID();
  const offlineAdmit = s.localOutcome === "checked_in";
  const unseen = unseenScan(s.deviceId, s.clientScanId);
  if (signed.ok && !options.firstTried) {
    const done = await firstScan(db, actor.eventId, signed, { ...s, scanId }, knownActor(actor));
    if (done) return done;
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const { rows } = await db.execute<ScanRow>(sql`
      select sc.id as seen, t.id, t.event_id, t.status, t.code_version, t.checked_in_at, t.checked_in_gate,
        t.checked_in_scan_id, coalesce(nullif(t.holder_name, ''), o.buyer_name) as holder, tt.name as type, t.companion
      from (select 1) one
      left join ticket_scan sc on sc.device_id = ${s.deviceId} and sc.client_scan_id = ${s.clientScanId}
        and sc.event_id = ${actor.eventId}
      left join ticket t on t.id = ${parsed?.ticketId ?? null}::uuid
      left join "order" o on o.id = t.order_id
      left join ticket_type tt on tt.id = t.ticket_type_id`);
    const row = rows[0]!;
    if (row.seen) return storedScan(db, row.seen, s.clientScanId);
    const t = row.id ? { status: row.status!, codeVersion: row.code_version!, eventId: row.event_id! } : null;
    const outcome = scanOutcome(signed.ok ? signed : { ok: false, wellFormed: parsed !== null }, t, actor.eventId);
    // Another event's ticket (another host's, perhaps) says nothing about its holder; nor does an invalid code (typed
    // wrong, made up, or a ticket's code from before it was passed on), which names a ticket but is not its code.
    const ours = t?.eventId === actor.eventId;
    const named = ours && outcome !== "invalid_code";
    /** The scan's row; `after` names the statement's update that must have happened first. */
    const insert = (o: ScanOutcome, admitted: boolean, after?: "admit" | "take") => sql`
      insert into ticket_scan (id, event_id, ticket_id, device_id, client_scan_id, gate, outcome, local_outcome,
        admitted, scanned_at, received_at, scanner_id, scanned_by)
      select ${scanId}::uuid, ${actor.eventId}::uuid, ${ours ? row.id : null}::uuid, ${s.deviceId}::text,
        ${s.clientScanId}::text, ${s.gate}::text, ${o}::text, ${s.localOutcome}::text, ${admitted}::boolean,
        ${s.scannedAt}::timestamptz, ${s.now}::timestamptz, ${actor.scannerId}::uuid, ${actor.userId}::text
      ${after ? sql`where exists (select 1 from ${sql.identifier(after)})` : sql``}
      on conflict (device_id, client_scan_id) do nothing`;
    const answer = (o: ScanOutcome, conflict: boolean, at: Date | string | null, gate: string | null): DoorScan => ({
      clientScanId: s.clientScanId,
      outcome: o,
      message: scanOutcomeText[o],
      ticketId: ours ? row.id : null,
      holderName: named ? row.holder : null,
      ticketType: named ? row.type : null,
      companion: named ? Boolean(row.companion) : false,
      checkedInAt: iso(at),
      gate,
      conflict,
    });

    if (outcome === "checked_in") {
      // One conditional statement: of two doors scanning at once, one admits and the other asks again.
      const { rows: done } = await db.execute<{ id: string }>(sql`
        with admit as (
          update ticket set status = 'checked_in', checked_in_at = ${s.scannedAt}, checked_in_gate = ${s.gate},
            checked_in_scan_id = ${scanId}
          where id = ${row.id} and status = 'valid' and code_version = ${row.code_version} and ${unseen}
          returning id
        )
        ${insert("checked_in", true, "admit")} returning id`);
      if (done.length > 0) return answer("checked_in", false, s.scannedAt, s.gate);
      continue;
    }
    if (
      outcome === "already_checked_in" &&
      offlineAdmit &&
      row.checked_in_scan_id &&
      (new Date(row.checked_in_at!).getTime() > s.scannedAt.getTime() ||
        (new Date(row.checked_in_at!).getTime() === s.scannedAt.getTime() && row.checked_in_scan_id > scanId))
    ) {
      // An offline gate let them in earlier than the admission on record: first scan wins.
      const { rows: done } = await db.execute<{ id: string }>(sql`
        with take as (
          update ticket set checked_in_at = ${s.scannedAt}, checked_in_gate = ${s.gate}, checked_in_scan_id = ${scanId}
          where id = ${row.id} and status = 'checked_in' and code_version = ${row.code_version}
            and checked_in_scan_id = ${row.checked_in_scan_id} and ${unseen}
          returning id
        )
        ${insert("checked_in", true, "take")} returning id`);
      if (done.length > 0) return answer("checked_in", false, s.scannedAt, s.gate);
      continue;
    }
    const { rows: done } = await db.execute<{ id: string }>(sql`${insert(outcome, offlineAdmit)} returning id`);
    if (done.length === 0) continue;
    const already = outcome === "already_checked_in";
    return answer(outcome, offlineAdmit, already ? row.checked_in_at : null, already ? row.checked_in_gate : null);
  }
  throw new AppError("conflict", "The scan could not be recorded: please scan again.");
}

/** A scan the device sent before, answered as it was recorded. */
async function storedScan(db: Db, scanId: string, clientScanId: string): Promise<DoorScan> {
  const { rows } = await db.execute<{
    outcome: ScanOutcome;
    admitted: boolean;
    ticket_id: string | null;
    holder: string | null;
    type: string | null;
    companion: boolean | null;
    winner: string | null;
    checked_in_at: Date | string | null;
    checked_in_gate: string | null;
  }>(sql`
    select sc.outcome, sc.admitted, sc.ticket_id, coalesce(nullif(t.holder_name, ''), o.buyer_name) as holder,
      tt.name as type, t.companion, t.checked_in_scan_id as winner, t.checked_in_at, t.checked_in_gate
    from ticket_scan sc
    left join ticket t on t.id = sc.ticket_id
    left join "order" o on o.id = t.order_id
    left join ticket_type tt on tt.id = t.ticket_type_id
    where sc.id = ${scanId}`);
  const r = rows[0]!;
  const already = r.outcome === "already_checked_in";
  // As the first answer was: an invalid code names no holder.
  const named = r.outcome !== "invalid_code";
  return {
    clientScanId,
    outcome: r.outcome,
    message: scanOutcomeText[r.outcome],
    ticketId: r.ticket_id,
    holderName: named ? r.holder : null,
    ticketType: named ? r.type : null,
    companion: named && Boolean(r.companion),
    checkedInAt: already || r.outcome === "checked_in" ? iso(r.checked_in_at) : null,
    gate: already || r.outcome === "checked_in" ? r.checked_in_gate : null,
    conflict: r.admitted && r.winner !== scanId,
  };
}

export interface DoorCounts {
  checkedIn: number;
  expected: number;
}

/** Tickets let in and tickets that still stand (valid or in) for one event. */
export async function doorCounts(db: Db, eventId: string): Promise<DoorCounts> {
  const { rows } = await db.execute<{ checked_in: string | number; expected: string | number }>(sql`
    select count(*) filter (where status = 'checked_in') as checked_in,
      count(*) filter (where status <> 'void') as expected
    from ticket where event_id = ${eventId}`);
  return { checkedIn: Number(rows[0]?.checked_in ?? 0), expected: Number(rows[0]?.expected ?? 0) };
}

/** What a door device downloads before doors open, to scan without a connection. */
export interface DoorPack {
  eventId: string;
  tickets: PackedTicket[];
  counts: DoorCounts;
  /** When the list was read (ISO). */
  at: string;
}

/**
 * The event's tickets, their code versions and states, and each current code's fingerprint, for
 * offline scanning (decision 0058): a device can know a ticket's code, and cannot make one.
 */
export async function doorPack(
  db: Db,
  fingerprint: (eventId: string, ticketId: string, version: number) => Promise<string>,
  input: { actor: DoorActor; now: Date },
): Promise<DoorPack> {
  const { eventId } = input.actor;
  const { rows } = await db.execute<{
    id: string;
    code_version: number;
    status: PackedTicket[2];
    holder: string;
    type: string;
    checked_in_at: Date | string | null;
    checked_in_gate: string | null;
  }>(sql`
    select t.id, t.code_version, t.status, coalesce(nullif(t.holder_name, ''), o.buyer_name) as holder,
      tt.name as type, t.checked_in_at, t.checked_in_gate
    from ticket t join "order" o on o.id = t.order_id join ticket_type tt on tt.id = t.ticket_type_id
    where t.event_id = ${eventId}`);
  const tickets = await Promise.all(
    rows.map(async (r): Promise<PackedTicket> => [
      r.id,
      r.code_version,
      r.status,
      r.holder,
      r.type,
      iso(r.checked_in_at),
      r.checked_in_gate,
      await fingerprint(eventId, r.id, r.code_version),
    ]),
  );
  const checkedIn = tickets.filter((t) => t[2] === "checked_in").length;
  return {
    eventId,
    tickets,
    counts: { checkedIn, expected: tickets.filter((t) => t[2] !== "void").length },
    at: input.now.toISOString(),
  };
}

/** One admission the door should not have made, for the host's report. */
export interface DoorConflict {
  scanId: string;
  holderName: string | null;
  ticketType: string | null;
  gate: string;
  scannedAt: Date;
  outcome: ScanOutcome;
  /** Where the ticket was let in first (none: by hand, or never). */
  firstGate: string | null;
  firstAt: Date | null;
  ticketStatus: "valid" | "void" | "checked_in" | null;
}

/** What the event's scan view shows its host: the counts, gate by gate, and the conflicts. */
export interface DoorReport {
  counts: DoorCounts;
  gates: { gate: string; admitted: number; scans: number; lastAt: Date }[];
  conflicts: DoorConflict[];
  recent: { scanId: string; gate: string; outcome: ScanOutcome; holderName: string | null; scannedAt: Date }[];
}

const date = (d: Date | string) => new Date(d);

/**
 * The door's report for one of the host's events (another host's is not found): an
 * admitted scan is a conflict when the server refused it (cancelled or passed on meanwhile) or its
 * ticket went in through another scan (two gates offline) or by hand first.
 */
export async function doorReport(
  db: Db,
  input: { hostId: string; eventId: string; limit?: number },
): Promise<DoorReport> {
  await studioEventHeader(db, input);
  const { eventId } = input;
  const limit = input.limit ?? 50;
  const [counts, gates, conflicts, recent] = await Promise.all([
    doorCounts(db, eventId),
    db.execute<{ gate: string; admitted: string | number; scans: string | number; last_at: Date | string }>(sql`
      select gate, count(*) filter (where admitted) as admitted, count(*) as scans,
        max(scanned_at) as last_at
      from ticket_scan where event_id = ${eventId} group by gate order by gate`),
    db.execute<{
      id: string;
      holder: string | null;
      type: string | null;
      gate: string;
      scanned_at: Date | string;
      outcome: ScanOutcome;
      first_gate: string | null;
      first_at: Date | string | null;
      status: DoorConflict["ticketStatus"];
    }>(sql`
      select sc.id, coalesce(nullif(t.holder_name, ''), o.buyer_name) as holder, tt.name as type, sc.gate,
        sc.scanned_at, sc.outcome, t.checked_in_gate as first_gate, t.checked_in_at as first_at, t.status
      from ticket_scan sc
      left join ticket t on t.id = sc.ticket_id
      left join "order" o on o.id = t.order_id
      left join ticket_type tt on tt.id = t.ticket_type_id
      where sc.event_id = ${eventId} and sc.admitted and (
        sc.outcome not in ('checked_in', 'already_checked_in')
        or (t.status <> 'valid' and t.checked_in_scan_id is distinct from sc.id)
      )
      order by sc.scanned_at desc, sc.id limit ${limit}`),
    db.execute<{
      id: string;
      gate: string;
      outcome: ScanOutcome;
      holder: string | null;
      scanned_at: Date | string;
    }>(sql`
      select sc.id, sc.gate, sc.outcome, sc.scanned_at,
        -- An invalid code names a ticket but is not its code: it is nobody's scan, as the door said.
        case when sc.outcome = 'invalid_code' then null
             else coalesce(nullif(t.holder_name, ''), o.buyer_name) end as holder
      from ticket_scan sc left join ticket t on t.id = sc.ticket_id left join "order" o on o.id = t.order_id
      where sc.event_id = ${eventId} order by sc.scanned_at desc, sc.id limit ${limit}`),
  ]);
  return {
    counts,
    gates: gates.rows.map((g) => ({
      gate: g.gate,
      admitted: Number(g.admitted),
      scans: Number(g.scans),
      lastAt: date(g.last_at),
    })),
    conflicts: conflicts.rows.map((c) => ({
      scanId: c.id,
      holderName: c.holder,
      ticketType: c.type,
      gate: c.gate,
      scannedAt: date(c.scanned_at),
      outcome: c.outcome,
      firstGate: c.status === "checked_in" ? c.first_gate : null,
      firstAt: c.status === "checked_in" && c.first_at ? date(c.first_at) : null,
      ticketStatus: c.status,
    })),
    recent: recent.rows.map((r) => ({
      scanId: r.id,
      gate: r.gate,
      outcome: r.outcome,
      holderName: r.holder,
      scannedAt: date(r.scanned_at),
    })),
  };
}

// The door under load: gates scanning at once through the HTTP API, then door devices that were
// offline syncing what they kept, and a look at the database after each.
//   npm run bench:scan                       (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
//   npm run bench:scan -- --tickets 5000      is set, else PGlite)
// Online: an event with --tickets tickets (20,000), --gates gates (8), each a scanner link on its
// own device, scanning one after another through `POST /api/door/events/{id}/scans`, all gates at
// once. The codes come shuffled; 10% of scans are a ticket already scanned at another gate (half of
// them at about the same moment, as one screenshot shown at two doors), 2% are invalid (made up, or a
// real ticket's id with a forged signature). In the same run, as a baseline, the same number of
// scans as the one conditional UPDATE a check-in needs, at the same concurrency, on a fresh copy of
// the tickets (half before the gates, half after, so a busy moment on the machine falls on both).
// Offline: --offline-scans scans (10,000) by --devices devices (4) that downloaded the event's pack
// (`GET …/pack`) and then decided alone with `judgeOffline`, each checking the code's fingerprint
// with WebCrypto's SHA-256 (as the scan page does) against its pack and its own earlier scans (a
// code not on the list is not kept: the page asks for it again with a signal); 8% of scans are a
// ticket another device also let in (the conflicts first-scan-wins settles), 2% a ticket scanned
// again at the same device, 2% invalid. Then all devices sync at once,
// each in batches of 500 (`POST …/sync`).
// Prints what it checked, then one JSON line:
// {"tickets","scans_per_s","sql_per_s","ratio","double_admits","lost_scans","offline_sync_ms","decision_p99_ms"}
// scans_per_s is online scans a second through the HTTP API, sql_per_s the bare UPDATE's, ratio the
// first over the second. double_admits: tickets let in by more than one scan (online: by the rows
// recorded or by what the gates were told; offline: more than one admitting scan the host's report
// does not flag as a conflict). lost_scans: scans sent (online or synced) with no row in ticket_scan.
// offline_sync_ms: from the first sync request to the last answer; decision_p99_ms: the devices'
// local decision (signature check included), 99th percentile. Exits 1 when a scan was lost, a
// ticket let in twice, or any other check failed.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { order, ticket, ticketType } from "../src/db/schema";
import { ACTIVE_PROVIDER_FEE, feeFor } from "../src/domain/money";
import { judgeOffline, type OfflineTicket, type ScanOutcome, SYNC_BATCH_MAX } from "../src/domain/scanning";
import type { Sha256 } from "../src/domain/ticket-codes";
import type { TicketCodes } from "../src/server/ticket-codes.server";
import type { DoorPack, DoorScan } from "../src/services/scan-ticket";
import { doorAccess, hashDoorToken } from "../src/services/door-access";
import { createScannerLink } from "../src/services/event-scanners";
import { scanAtDoor } from "../src/services/scan-ticket";
import { createEvent, createHost } from "../tests/factories/events";
import { arg, benchDatabase, cpuTimer, httpClient, percentile, round, startBenchServer } from "./lib";

const TICKETS = Number(arg("tickets", "20000"));
const GATES = Number(arg("gates", "8"));
const OFFLINE_SCANS = Number(arg("offline-scans", "10000"));
const DEVICES = Number(arg("devices", "4"));
/** Shares of the online scans: a ticket scanned again at another gate, and codes that are not ours. */
const DUPLICATE_SHARE = 0.1;
const INVALID_SHARE = 0.02;

const bench = await benchDatabase("scan");
const { database } = bench;
const db = database.db;
const server = await startBenchServer(bench);
const { request, freshConnections, close: closeConnections } = httpClient(server);
const timed = cpuTimer(server, bench);
const failures: string[] = [];

/** A seeded random number generator (mulberry32): the same shuffles every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20);
const pick = (n: number) => Math.floor(rand() * n);
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

interface Seeded {
  id: string;
  code: string;
}

/**
 * An event with `count` tickets sold, straight into the tables in bulk: four tickets to an order,
 * each with its code signed as checkout signs it.
 */
async function seedEvent(hostId: string, name: string, count: number, codes: TicketCodes) {
  const e = await createEvent(db, { hostId, name, startsAt: new Date(Date.now() + 3_600_000) }, [
    { pricePence: 1000, capacity: count },
  ]);
  const [type] = await db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, e.id));
  const tickets: (Seeded & { orderId: string })[] = [];
  const orders: (typeof order.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 4) {
    const orderId = randomUUID();
    const n = Math.min(4, count - i);
    orders.push({
      id: orderId,
      reference: `B${e.id.slice(0, 8)}${i}`.toUpperCase(),
      eventId: e.id,
      hostId,
      buyerEmail: `guest-${i}@bench.example`,
      buyerName: `Guest ${i}`,
      status: "paid",
      subtotalPence: 1000 * n,
      totalPence: 1000 * n,
      platformFeePence: feeFor(1000 * n, ACTIVE_PROVIDER_FEE),
      provider: "test",
      paidAt: new Date(),
    });
    for (let k = 0; k < n; k++) {
      const id = randomUUID();
      tickets.push({ id, orderId, code: await codes.sign(e.id, id) });
    }
  }
  for (let i = 0; i < orders.length; i += 1000) await db.insert(order).values(orders.slice(i, i + 1000));
  for (let i = 0; i < tickets.length; i += 1000)
    await db
      .insert(ticket)
      .values(
        tickets
          .slice(i, i + 1000)
          .map((t) => ({ id: t.id, orderId: t.orderId, eventId: e.id, ticketTypeId: type!.id, code: t.code })),
      );
  await db.update(ticketType).set({ sold: count }).where(eq(ticketType.id, type!.id));
  return { id: e.id, tickets: tickets.map(({ id, code }) => ({ id, code })) };
}

/** A code that is not one of ours: made up, or a real ticket's id with a signature that does not hold. */
function invalidCode(tickets: Seeded[], i: number): string {
  if (i % 2 === 0) return `NOT-A-TICKET-${i}-${randomUUID().slice(0, 8)}`;
  const real = tickets[pick(tickets.length)]!.code;
  return real.slice(0, real.lastIndexOf(".") + 1) + "0".repeat(16);
}

/** A scanner link for each door device, as the host makes them; its cookie as the device sends it. */
async function links(hostId: string, eventId: string, n: number, label: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const link = await createScannerLink(db, {
      hostId,
      eventId,
      label: `${label} ${i + 1}`,
      hours: 12,
      by: hostId,
      now: new Date(),
    });
    cookies.push(`tb_door=${link.token}`);
  }
  return cookies;
}

interface GateScan {
  clientScanId: string;
  code: string;
  /** The ticket the code names, if it is a real one. */
  ticketId: string | null;
}

/**
 * The gates' queues: every ticket once, shuffled over the gates; a share scanned again at another
 * gate (half near the same place in that gate's queue, so both doors scan it at about the same
 * moment, half anywhere); and a share of invalid codes.
 */
function gateQueues(tickets: Seeded[], gates: number): GateScan[][] {
  const total = Math.round(tickets.length / (1 - DUPLICATE_SHARE - INVALID_SHARE));
  const duplicates = Math.round(total * DUPLICATE_SHARE);
  const invalid = total - tickets.length - duplicates;
  const first: { code: string; ticketId: string | null }[] = shuffle([
    ...tickets.map((t) => ({ code: t.code, ticketId: t.id as string | null })),
    ...Array.from({ length: invalid }, (_, i) => ({ code: invalidCode(tickets, i), ticketId: null })),
  ]);
  const queues: { code: string; ticketId: string | null }[][] = Array.from({ length: gates }, () => []);
  const where = new Map<string, { gate: number; at: number }>();
  first.forEach((s, i) => {
    const gate = i % gates;
    if (s.ticketId) where.set(s.ticketId, { gate, at: queues[gate]!.length });
    queues[gate]!.push(s);
  });
  for (const t of shuffle([...tickets]).slice(0, duplicates)) {
    const { gate, at } = where.get(t.id)!;
    const other = (gate + 1 + pick(gates - 1)) % gates;
    const queue = queues[other]!;
    const position = rand() < 0.5 ? Math.min(queue.length, Math.max(0, at + pick(3) - 1)) : pick(queue.length + 1);
    queue.splice(position, 0, { code: t.code, ticketId: t.id });
  }
  return queues.map((q, g) => q.map((s, i) => ({ ...s, clientScanId: `g${g + 1}-${String(i).padStart(6, "0")}` })));
}

// A device's scan ids are its own (ticket_scan is unique on device and scan id, whatever the event):
// the warm-up's gates are other devices.
const deviceOf = (eventId: string, gate: number) => `bench-gate-${gate + 1}-${eventId.slice(0, 8)}`;
const gateName = (gate: number) => `Gate ${gate + 1}`;

/** Each gate scanning its queue one code after another, all gates at once, through the HTTP API. */
async function scanThroughApi(eventId: string, cookies: string[], queues: GateScan[][]) {
  const told: { gate: number; scan: GateScan; status: number; answer: DoorScan | null }[] = [];
  await Promise.all(
    queues.map(async (queue, gate) => {
      for (const scan of queue) {
        const res = await request("POST", `/api/door/events/${eventId}/scans`, {
          cookie: cookies[gate],
          json: {
            deviceId: deviceOf(eventId, gate),
            clientScanId: scan.clientScanId,
            code: scan.code,
            gate: gateName(gate),
          },
        });
        if (res.status !== 200 && process.env.DEBUG_SCAN) console.log(res.status, scan.code, res.body);
        told.push({
          gate,
          scan,
          status: res.status,
          answer: res.status === 200 ? (JSON.parse(res.body) as DoorScan) : null,
        });
      }
    }),
  );
  return told;
}

/**
 * The same scans through the door's services themselves (the access check, then the scan) over the
 * benchmark's own pool: no HTTP, no JSON, no middleware. What the door's database work allows.
 */
async function scanThroughService(eventId: string, cookies: string[], queues: GateScan[][]) {
  return timed(() =>
    Promise.all(
      queues.map(async (queue, gate) => {
        const linkTokenHash = hashDoorToken(cookies[gate]!.slice("tb_door=".length));
        for (const scan of queue) {
          const now = new Date();
          const actor = await doorAccess(db, { eventId, linkTokenHash, now });
          if (!actor) throw new Error("the gate's link was refused");
          await scanAtDoor(db, server.ticketCodes.verify, {
            actor,
            deviceId: `bench-service-gate-${gate + 1}`,
            scan: { clientScanId: scan.clientScanId, code: scan.code, gate: gateName(gate) },
            now,
          });
        }
      }),
    ),
  );
}

/** The same scans as bare SQL: the one conditional UPDATE that admits a ticket, at the same concurrency. */
async function scanThroughSql(queues: GateScan[][], ids: Map<string, string>) {
  const admit = `update ticket set status = 'checked_in', checked_in_at = $3, checked_in_gate = $4
    where id = $1 and status = 'valid' and code_version = $2`;
  // An invalid code names no ticket here: the UPDATE finds nothing, as it would.
  const idOf = (s: GateScan) => (s.ticketId ? ids.get(s.ticketId)! : randomUUID());
  if (database.engine === "postgres") {
    // The app's own pool size (src/db/client.server.ts), connected before the clock starts, as the app's is.
    const pool = new pg.Pool({ connectionString: bench.url, max: 10 });
    await Promise.all(Array.from({ length: 10 }, async () => (await pool.connect()).release()));
    const run = await timed(() =>
      Promise.all(
        queues.map(async (queue, gate) => {
          for (const s of queue) await pool.query(admit, [idOf(s), 0, new Date(), gateName(gate)]);
        }),
      ),
    );
    await pool.end();
    return run;
  }
  // PGlite has one connection: the gates' statements take turns on it, as the app's do.
  return timed(() =>
    Promise.all(
      queues.map(async (queue, gate) => {
        for (const s of queue)
          await db.execute(
            sql`update ticket set status = 'checked_in', checked_in_at = ${new Date()},
                checked_in_gate = ${gateName(gate)}
              where id = ${idOf(s)} and status = 'valid' and code_version = ${0}`,
          );
      }),
    ),
  );
}

/** What the online scans left: tickets let in twice, scans with no row, and answers that disagree with the rows. */
async function checkOnline(eventId: string, told: Awaited<ReturnType<typeof scanThroughApi>>) {
  const { rows } = await db.execute<{
    id: string;
    device_id: string;
    client_scan_id: string;
    ticket_id: string | null;
    outcome: ScanOutcome;
  }>(sql`select id, device_id, client_scan_id, ticket_id, outcome from ticket_scan where event_id = ${eventId}`);
  const recorded = new Map(rows.map((r) => [`${r.device_id}/${r.client_scan_id}`, r]));
  const rowAdmits = new Map<string, number>();
  for (const r of rows)
    if (r.outcome === "checked_in" && r.ticket_id) rowAdmits.set(r.ticket_id, (rowAdmits.get(r.ticket_id) ?? 0) + 1);
  const toldAdmits = new Map<string, number>();
  let lost = 0;
  let disagree = 0;
  const statuses = new Map<number, number>();
  const outcomes = new Map<string, number>();
  for (const t of told) {
    statuses.set(t.status, (statuses.get(t.status) ?? 0) + 1);
    const row = recorded.get(`${deviceOf(eventId, t.gate)}/${t.scan.clientScanId}`);
    if (!row) lost++;
    if (!t.answer) continue;
    outcomes.set(t.answer.outcome, (outcomes.get(t.answer.outcome) ?? 0) + 1);
    if (row && row.outcome !== t.answer.outcome) disagree++;
    if (t.answer.outcome === "checked_in") {
      const id = t.answer.ticketId ?? t.scan.ticketId ?? "?";
      toldAdmits.set(id, (toldAdmits.get(id) ?? 0) + 1);
    }
  }
  const twice = new Set([...rowAdmits, ...toldAdmits].filter(([, n]) => n > 1).map(([id]) => id));
  const { rows: state } = await db.execute<{ checked_in: number; winners: number }>(sql`
    select count(*) filter (where t.status = 'checked_in')::int as checked_in,
      count(*) filter (where exists (
        select 1 from ticket_scan sc
        where sc.id = t.checked_in_scan_id and sc.ticket_id = t.id and sc.outcome = 'checked_in'
      ))::int as winners
    from ticket t where t.event_id = ${eventId}`);
  return {
    doubleAdmits: twice.size,
    lost,
    disagree,
    checkedIn: Number(state[0]!.checked_in),
    winners: Number(state[0]!.winners),
    statuses: Object.fromEntries(statuses),
    outcomes: Object.fromEntries(outcomes),
  };
}

// ---------------------------------------------------------------- offline

interface OfflineScan {
  clientScanId: string;
  code: string;
  gate: string;
  scannedAt: string;
  localOutcome: ScanOutcome;
}

/** SHA-256 with WebCrypto, as the scan page checks codes. */
const webCryptoSha256: Sha256 = async (data) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(data)));

/**
 * The devices' scans, each device's in the order it made them over the last hour: every scanned
 * ticket once on some device, a share again on another device (both let it in: a conflict), a
 * share again on the same device, and invalid codes.
 */
function offlinePlan(tickets: Seeded[], devices: number, total: number) {
  const otherDevice = Math.round(total * 0.08);
  const sameDevice = Math.round(total * 0.02);
  const invalid = Math.round(total * 0.02);
  const once = total - otherDevice - sameDevice - invalid;
  const scanned = shuffle([...tickets]).slice(0, once);
  const plan: { code: string; ticketId: string | null }[][] = Array.from({ length: devices }, () => []);
  const home = new Map<string, number>();
  scanned.forEach((t, i) => {
    home.set(t.id, i % devices);
    plan[i % devices]!.push({ code: t.code, ticketId: t.id });
  });
  for (let i = 0; i < invalid; i++) plan[i % devices]!.push({ code: invalidCode(tickets, i), ticketId: null });
  const again = shuffle([...scanned]);
  for (const t of again.slice(0, otherDevice))
    plan[(home.get(t.id)! + 1 + pick(devices - 1)) % devices]!.push({ code: t.code, ticketId: t.id });
  for (const t of again.slice(otherDevice, otherDevice + sameDevice))
    plan[home.get(t.id)!]!.push({ code: t.code, ticketId: t.id });
  // Shuffled, then a repeat at the same device moved after the first scan of it there.
  return plan.map((p) => {
    const q = shuffle(p);
    const seen = new Set<string>();
    const out: typeof q = [];
    const later: typeof q = [];
    for (const s of q) {
      if (s.ticketId && seen.has(s.ticketId)) later.push(s);
      else {
        if (s.ticketId) seen.add(s.ticketId);
        out.push(s);
      }
    }
    for (const s of later)
      out.splice(Math.max(out.findIndex((o) => o.ticketId === s.ticketId) + 1, pick(out.length + 1)), 0, s);
    return out;
  });
}

/** A device deciding its scans alone: its pack, then its own scans since. Each decision timed. */
async function decideOffline(
  pack: DoorPack,
  device: number,
  plan: { code: string; ticketId: string | null }[],
  startsAt: number,
  sha256: Sha256,
) {
  const known = new Map<string, OfflineTicket & { fingerprint: string }>(
    pack.tickets.map((t) => [t[0], { codeVersion: t[1], status: t[2], fingerprint: t[7] }]),
  );
  const times: number[] = [];
  const scans: OfflineScan[] = [];
  for (const [i, s] of plan.entries()) {
    const t = performance.now();
    const judged = await judgeOffline(s.code, (id) => known.get(id), sha256);
    if (judged.outcome === "checked_in")
      known.set(judged.ticketId!, { ...known.get(judged.ticketId!)!, status: "checked_in" });
    times.push(performance.now() - t);
    const outcome = judged.outcome;
    if (outcome === "not_on_list") continue;
    scans.push({
      clientScanId: `d${device + 1}-${String(i).padStart(6, "0")}`,
      code: s.code,
      gate: `Side door ${device + 1}`,
      // Each device's scans over the hour before now, a second or so apart, the devices' clocks interleaved.
      scannedAt: new Date(startsAt + i * 1000 + device * 37 + pick(400)).toISOString(),
      localOutcome: outcome,
    });
  }
  return { times, scans };
}

/** What the syncs left: scans with no row, tickets admitted with no single winner, and conflicts reported. */
async function checkOffline(eventId: string, sent: { deviceId: string; scans: OfflineScan[] }[]) {
  const { rows } = await db.execute<{ device_id: string; client_scan_id: string }>(
    sql`select device_id, client_scan_id from ticket_scan where event_id = ${eventId}`,
  );
  const recorded = new Set(rows.map((r) => `${r.device_id}/${r.client_scan_id}`));
  const lost = sent.flatMap((d) => d.scans.filter((s) => !recorded.has(`${d.deviceId}/${s.clientScanId}`))).length;
  // Per ticket: its admitting scans, those the host's report does not flag (doorReport's rule), the earliest.
  const { rows: tickets } = await db.execute<{
    admitted: number;
    unflagged: number;
    settled: boolean;
    first_wins: boolean;
    conflicts: number;
  }>(sql`
    select count(sc.id)::int as admitted,
      count(sc.id) filter (where sc.outcome in ('checked_in', 'already_checked_in')
        and (t.status = 'valid' or t.checked_in_scan_id = sc.id))::int as unflagged,
      (t.status = 'checked_in' and bool_or(sc.id = t.checked_in_scan_id)) as settled,
      (t.checked_in_scan_id = (select f.id from ticket_scan f where f.ticket_id = t.id and f.admitted
        order by f.scanned_at, f.id limit 1)) as first_wins,
      count(sc.id) filter (where sc.outcome not in ('checked_in', 'already_checked_in')
        or (t.status <> 'valid' and t.checked_in_scan_id is distinct from sc.id))::int as conflicts
    from ticket t join ticket_scan sc on sc.ticket_id = t.id and sc.admitted
    where t.event_id = ${eventId}
    group by t.id`);
  return {
    lost,
    doubleAdmits: tickets.filter((t) => Number(t.unflagged) > 1).length,
    unsettled: tickets.filter((t) => !t.settled).length,
    notFirst: tickets.filter((t) => !t.first_wins).length,
    conflicts: tickets.reduce((n, t) => n + Number(t.conflicts), 0),
    admittedTickets: tickets.length,
  };
}

// ---------------------------------------------------------------- the run

const started = Date.now();
let output: Record<string, number> | undefined;
try {
  const host = await createHost(db);
  const codes = server.ticketCodes;
  const online = await seedEvent(host.id, "Door Bench", TICKETS, codes);
  const copy = await seedEvent(host.id, "Door Bench Baseline", TICKETS, codes);
  const direct = await seedEvent(host.id, "Door Bench Service", TICKETS, codes);
  const offline = await seedEvent(host.id, "Door Bench Offline", OFFLINE_SCANS, codes);
  const warm = await seedEvent(host.id, "Door Bench Warm-up", GATES * 50, codes);
  // As autovacuum leaves a live database: the bulk seed measured as it settles would be noise.
  await db.execute(sql`vacuum analyze ticket`);
  await db.execute(sql`vacuum analyze "order"`);
  const gateCookies = await links(host.id, online.id, GATES, "Gate");
  const warmCookies = await links(host.id, warm.id, GATES, "Warm-up gate");
  const serviceCookies = await links(host.id, direct.id, GATES, "Service gate");
  const deviceCookies = await links(host.id, offline.id, DEVICES, "Side door");
  console.log(
    `${bench.engine}: ${TICKETS} tickets (and ${TICKETS} for the baseline, ${OFFLINE_SCANS} offline) ` +
      `seeded in ${round((Date.now() - started) / 1000, 1)} s`,
  );

  // The server's first requests (JIT, pool, key cache) on an event of their own.
  freshConnections();
  await scanThroughApi(warm.id, warmCookies, gateQueues(warm.tickets, GATES));

  const queues = gateQueues(online.tickets, GATES);
  const scans = queues.reduce((n, q) => n + q.length, 0);
  // The baseline's tickets, in the same order: the gates' ticket i is the copy's ticket i.
  const copyOf = new Map(online.tickets.map((t, i) => [t.id, copy.tickets[i]!.id]));
  const half = queues.map((q) => q.slice(0, Math.floor(q.length / 2)));
  const rest = queues.map((q) => q.slice(Math.floor(q.length / 2)));
  const sqlBefore = await scanThroughSql(half, copyOf);
  freshConnections();
  const api = await timed(() => scanThroughApi(online.id, gateCookies, queues));
  // The service's gates scan the same codes' counterparts on their own copy of the tickets.
  const directCode = new Map(online.tickets.map((t, i) => [t.code, direct.tickets[i]!]));
  const service = await scanThroughService(
    direct.id,
    serviceCookies,
    queues.map((q) =>
      q.map((s) => {
        const twin = directCode.get(s.code);
        return twin ? { ...s, code: twin.code, ticketId: twin.id } : s;
      }),
    ),
  );
  const sqlAfter = await scanThroughSql(rest, copyOf);
  const servicePerS = scans / (service.ms / 1000);
  const scansPerS = scans / (api.ms / 1000);
  const sqlPerS = scans / ((sqlBefore.ms + sqlAfter.ms) / 1000);
  const onlineCheck = await checkOnline(online.id, api.result);
  const cpuMs = (us: number | null) => (us === null ? "?" : `${round(us / scans / 1000, 3)} ms`);
  const sqlCpu =
    sqlBefore.cpu.total === null || sqlAfter.cpu.total === null ? null : sqlBefore.cpu.total + sqlAfter.cpu.total;
  console.log(
    `online: ${scans} scans at ${GATES} gates in ${round(api.ms / 1000, 2)} s, ${round(scansPerS, 0)}/s ` +
      `(bare SQL ${round(sqlPerS, 0)}/s); answers ${JSON.stringify(onlineCheck.statuses)} ` +
      `${JSON.stringify(onlineCheck.outcomes)}; ${onlineCheck.checkedIn}/${TICKETS} tickets in, ` +
      `${onlineCheck.winners} by a recorded scan; let in twice ${onlineCheck.doubleAdmits}, ` +
      `lost ${onlineCheck.lost}, ` +
      `answers unlike their rows ${onlineCheck.disagree}; CPU per scan ${cpuMs(api.cpu.total)} ` +
      `(server ${cpuMs(api.cpu.server)}, PostgreSQL ${cpuMs(api.cpu.postgres)}), per bare UPDATE ${cpuMs(sqlCpu)}`,
  );
  console.log(
    `service: the same scans through doorAccess and scanAtDoor, no HTTP, ${round(servicePerS, 0)}/s ` +
      `(ratio ${round(servicePerS / sqlPerS)}); CPU per scan ${cpuMs(service.cpu.total)} ` +
      `(PostgreSQL ${cpuMs(service.cpu.postgres)})`,
  );
  if (onlineCheck.checkedIn !== TICKETS) failures.push(`${onlineCheck.checkedIn} of ${TICKETS} tickets were let in`);
  if (onlineCheck.winners !== onlineCheck.checkedIn) failures.push("a ticket in without the scan that let it in");
  if (onlineCheck.disagree > 0) failures.push(`${onlineCheck.disagree} gates were told other than what was recorded`);

  // Offline: each device downloads the pack, decides alone, then all sync at once.
  freshConnections();
  const t = performance.now();
  const packs = await Promise.all(
    deviceCookies.map(async (cookie) => {
      const res = await request("GET", `/api/door/events/${offline.id}/pack`, { cookie });
      if (res.status !== 200) throw new Error(`the pack answered ${res.status}: ${res.body.slice(0, 200)}`);
      return JSON.parse(res.body) as DoorPack;
    }),
  );
  const packMs = performance.now() - t;
  const plan = offlinePlan(offline.tickets, DEVICES, OFFLINE_SCANS);
  const hourAgo = Date.now() - 3_600_000;
  const decided = [];
  for (let d = 0; d < DEVICES; d++) decided.push(await decideOffline(packs[d]!, d, plan[d]!, hourAgo, webCryptoSha256));
  const decisionP99 = percentile(
    decided.flatMap((d) => d.times),
    99,
  );
  const sent = decided.map((d, i) => ({ deviceId: `bench-device-${i + 1}`, scans: d.scans }));
  const admittedLocally = sent.flatMap((d) => d.scans).filter((s) => s.localOutcome === "checked_in").length;
  let syncRefused = 0;
  freshConnections();
  const sync = await timed(() =>
    Promise.all(
      sent.map(async (device, d) => {
        for (let i = 0; i < device.scans.length; i += SYNC_BATCH_MAX) {
          const batch = device.scans.slice(i, i + SYNC_BATCH_MAX);
          const res = await request("POST", `/api/door/events/${offline.id}/sync`, {
            cookie: deviceCookies[d],
            json: { deviceId: device.deviceId, scans: batch },
          });
          const answered = res.status === 200 ? (JSON.parse(res.body) as { results: DoorScan[] }).results.length : 0;
          if (answered !== batch.length) syncRefused += batch.length - answered;
        }
      }),
    ),
  );
  const offlineCheck = await checkOffline(offline.id, sent);
  // Every ticket let in on more than one device is one admission and a conflict for each other device.
  const expectedConflicts = admittedLocally - offlineCheck.admittedTickets;
  console.log(
    `offline: ${DEVICES} packs of ${packs[0]!.tickets.length} tickets in ${round(packMs)} ms; ` +
      `${OFFLINE_SCANS} decisions, p50 ${round(
        percentile(
          decided.flatMap((d) => d.times),
          50,
        ),
        3,
      )} ms, ` +
      `p99 ${round(decisionP99, 3)} ms; ${admittedLocally} let in on the devices; synced in ${round(sync.ms)} ms ` +
      `(${round(OFFLINE_SCANS / (sync.ms / 1000), 0)} scans/s, ` +
      `CPU per scan ${round((sync.cpu.total ?? NaN) / OFFLINE_SCANS / 1000, 3)} ms); ` +
      `${offlineCheck.admittedTickets} tickets in, conflicts reported ${offlineCheck.conflicts} (expected ` +
      `${expectedConflicts}); let in twice ${offlineCheck.doubleAdmits}, ` +
      `without one winner ${offlineCheck.unsettled}, ` +
      `won by a later scan ${offlineCheck.notFirst}, lost ${offlineCheck.lost}, refused in sync ${syncRefused}`,
  );
  if (offlineCheck.unsettled > 0)
    failures.push(`${offlineCheck.unsettled} tickets let in offline with no single winner`);
  if (offlineCheck.notFirst > 0) failures.push(`${offlineCheck.notFirst} tickets won by a later scan than the first`);
  if (offlineCheck.conflicts !== expectedConflicts)
    failures.push(`${offlineCheck.conflicts} conflicts reported, ${expectedConflicts} expected`);

  const doubleAdmits = onlineCheck.doubleAdmits + offlineCheck.doubleAdmits;
  const lostScans = onlineCheck.lost + offlineCheck.lost;
  if (doubleAdmits > 0) failures.push(`${doubleAdmits} tickets let in twice`);
  if (lostScans > 0) failures.push(`${lostScans} scans lost`);
  output = {
    tickets: TICKETS,
    scans_per_s: round(scansPerS, 1),
    sql_per_s: round(sqlPerS, 1),
    ratio: round(scansPerS / sqlPerS),
    double_admits: doubleAdmits,
    lost_scans: lostScans,
    offline_sync_ms: round(sync.ms, 0),
    decision_p99_ms: round(decisionP99, 3),
  };
} finally {
  closeConnections();
  await server.close();
  await bench.close();
}

for (const f of failures) console.error(`FAILED: ${f}`);
console.log(JSON.stringify(output));
if (failures.length > 0) process.exitCode = 1;

// Overselling under load: many buyers at once through the real HTTP path (the booking panel's
// Checkout through the holds API, the checkout page's pay button, the test provider's hosted page, the return page),
// then a look at the database. In the same run, the same claim as raw SQL over the driver.
//   npm run bench:oversell                                    (PostgreSQL when BENCH_DATABASE_URL or
//   npm run bench:oversell -- --rounds 5 --buyers 200          TEST_DATABASE_URL is set, else PGlite)
// On PostgreSQL the server is started as `npm start` starts it, in its own process; on PGlite (one
// process owns its files) it runs inside the benchmark. Either way the buyers' requests come from here.
// Prints a line per round, then one JSON line:
// {"rounds","buyers","tickets","sold","oversold","orphans","holds_per_s","sql_per_s","ratio",
//    "floor_per_s","floor_ratio","service_per_s","service_ratio"}
// sold, oversold and orphans are the worst round's; holds_per_s is buyers per second through the
// HTTP checkout (hold) step, sql_per_s is claims per second as a bare conditional UPDATE + INSERT
// transaction at the same concurrency, and ratio is holds_per_s / sql_per_s. Also floor_per_s, the
// same buyers' checkout on a sold-out event (the cheapest answer the checkout gives), and
// floor_ratio = holds_per_s / floor_per_s: how close holding comes to that floor. And service_per_s,
// the hold service (`holdTickets`) called directly over the benchmark's own pool, no HTTP and no
// session: service_ratio = service_per_s / sql_per_s is what the hold's own database work allows,
// a ceiling for ratio that no HTTP path can pass. Where /proc can be read (Linux, local PostgreSQL),
// also the CPU each step costs the whole machine, per buyer: cpu_ms_per_hold (the buyers' side, the
// server and PostgreSQL together), server_cpu_ms_per_hold (the server's part), cpu_ms_per_claim (the
// bare SQL claim, its client and PostgreSQL) and cpu_ms_per_floor. On a machine whose cores are all
// busy, throughput is cores / CPU per buyer, so these say where a gap in ratio comes from.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { account, ticketType, user } from "../src/db/schema";
import { holdTickets } from "../src/services/hold-tickets";
import { createEvent, createHost } from "../tests/factories/events";
import { arg, benchDatabase, cpuTimer, httpClient, round, startBenchServer, type Timed } from "./lib";

const ROUNDS = Number(arg("rounds", "20"));
const BUYERS = Number(arg("buyers", "500"));
const TICKETS = Number(arg("tickets", "100"));
const PASSWORD = "bench-password-1";

const bench = await benchDatabase("oversell");
const { database } = bench;
const db = database.db;
const server = await startBenchServer(bench);
// Browsers send the site's own origin; the server checks it against its public URL.
const origin = server.origin;
const { request, freshConnections, close: closeConnections } = httpClient(server);
const timed = cpuTimer(server, bench);

/** A redirect's path on our server (the provider's pages use absolute URLs). */
const pathOf = (location: string | null) => {
  if (!location) throw new Error("expected a redirect");
  const url = new URL(location, origin);
  return url.pathname + url.search;
};

// The buyers: accounts made directly (one password hash for all), each signed in over HTTP from
// an address of its own, as 500 people on their own phones would be.
const started = Date.now();
const host = await createHost(db);
const hash = await hashPassword(PASSWORD);
const buyers = Array.from({ length: BUYERS }, (_, i) => ({
  id: randomUUID(),
  email: `buyer-${i}@bench.example`,
  ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  cookie: "",
}));
for (let i = 0; i < buyers.length; i += 500) {
  const chunk = buyers.slice(i, i + 500);
  await db.insert(user).values(
    chunk.map((b) => ({
      id: b.id,
      name: "Bench Buyer",
      email: b.email,
      emailVerified: true,
      userType: "buyer" as const,
      firstName: "Bench",
      lastName: "Buyer",
    })),
  );
  await db
    .insert(account)
    .values(
      chunk.map((b) => ({ id: randomUUID(), accountId: b.id, providerId: "credential", userId: b.id, password: hash })),
    );
}
// The baselines (the bare SQL claim, the hold service) hold for people of their own: their holds are
// never bought, and the app rightly limits how many holds one person may leave unbought, which
// would refuse the HTTP buyers after a few rounds if they were the same people.
const baselineBuyers = Array.from({ length: BUYERS }, (_, i) => ({
  id: randomUUID(),
  email: `baseline-${i}@bench.example`,
}));
for (let i = 0; i < baselineBuyers.length; i += 500) {
  const chunk = baselineBuyers.slice(i, i + 500);
  await db.insert(user).values(
    chunk.map((b) => ({
      id: b.id,
      name: "Bench Baseline",
      email: b.email,
      emailVerified: true,
      userType: "buyer" as const,
      firstName: "Bench",
      lastName: "Baseline",
    })),
  );
}
for (let i = 0; i < buyers.length; i += 25) {
  await Promise.all(
    buyers.slice(i, i + 25).map(async (b) => {
      const res = await request("POST", "/api/auth/sign-in/email", {
        json: { email: b.email, password: PASSWORD },
        ip: b.ip,
      });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
      b.cookie = res.cookies.join("; ");
    }),
  );
}
console.log(`${bench.engine}: ${BUYERS} buyers signed in in ${round((Date.now() - started) / 1000, 1)} s`);

/**
 * "Checkout" on the event page, as the booking panel sends it with JavaScript (decision 0016): its
 * form to the holds API, which answers 201 with the checkout page to go to, or 409 when sold out.
 */
async function hold(b: (typeof buyers)[number], slug: string, typeId: string): Promise<string | null> {
  const res = await request("POST", `/api/events/${slug}/holds`, {
    cookie: b.cookie,
    ip: b.ip,
    form: { intent: "checkout", [`qty:${typeId}`]: "1", key: randomUUID() },
  });
  if (res.status === 409) return null;
  const checkout = res.status === 201 ? (JSON.parse(res.body) as { checkout?: string }).checkout : undefined;
  if (!checkout) throw new Error(`checkout answered ${res.status}: ${res.body.slice(0, 300)}`);
  return checkout;
}

/** The rest of the path for a buyer holding tickets: pay, the provider's page, back to the order. */
async function pay(b: (typeof buyers)[number], checkoutPath: string): Promise<void> {
  const started_ = await request("POST", checkoutPath, { cookie: b.cookie, ip: b.ip, form: { intent: "pay" } });
  if (started_.status !== 302) throw new Error(`pay answered ${started_.status}: ${started_.body.slice(0, 300)}`);
  const provider = await request("POST", pathOf(started_.location), {
    cookie: b.cookie,
    ip: b.ip,
    form: { intent: "pay" },
  });
  if (provider.status !== 302) throw new Error(`the test provider answered ${provider.status}`);
  const back = await request("GET", pathOf(provider.location), { cookie: b.cookie, ip: b.ip });
  if (back.status !== 302 || !pathOf(back.location).startsWith("/orders/"))
    throw new Error(`the return page answered ${back.status} ${back.location}`);
}

/** The same claim as raw SQL: a conditional UPDATE and an INSERT in one transaction per buyer. */
async function rawClaims(typeId: string, eventId: string): Promise<Timed<number>> {
  const expires = new Date(Date.now() + 600_000);
  const claimOnce = async (
    query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
    userId: string,
  ) => {
    await query("begin", []);
    const claimed = await query(
      "update ticket_type set held = held + 1 where id = $1 and sold + held + 1 <= capacity returning id",
      [typeId],
    );
    if (claimed.rows.length > 0)
      await query("insert into hold (event_id, user_id, expires_at) values ($1, $2, $3)", [eventId, userId, expires]);
    await query("commit", []);
    return claimed.rows.length;
  };
  let claimed = 0;
  if (database.engine === "postgres") {
    // The app's own pool size (src/db/client.server.ts), so both sides get the same connections.
    const pool = new pg.Pool({ connectionString: bench.url, max: 10 });
    // Connected before the clock starts, as the app's pool is.
    await Promise.all(Array.from({ length: 10 }, async () => (await pool.connect()).release()));
    const run = await timed(() =>
      Promise.all(
        baselineBuyers.map(async (b) => {
          const client = await pool.connect();
          try {
            const n = await claimOnce((text, values) => client.query(text, values), b.id);
            claimed += n;
          } finally {
            client.release();
          }
        }),
      ),
    );
    await pool.end();
    return { ...run, result: claimed };
  }
  // PGlite has one connection: the claims run one after another, as they do through the app.
  return timed(async () => {
    for (const b of baselineBuyers) {
      await database.db.transaction(async (tx) => {
        const rows = await tx.execute(
          sql`update ticket_type set held = held + 1 where id = ${typeId} and sold + held + 1 <= capacity returning id`,
        );
        if (rows.rows.length > 0) {
          await tx.execute(
            sql`insert into hold (event_id, user_id, expires_at) values (${eventId}, ${b.id}, ${expires})`,
          );
          claimed++;
        }
      });
    }
    return claimed;
  });
}

/** As many buyers (the baselines' own) holding one ticket each through the hold service itself, all at once. */
async function serviceHolds(slug: string, typeId: string): Promise<Timed<number>> {
  let held = 0;
  const run = await timed(() =>
    Promise.all(
      baselineBuyers.map(async (b) => {
        try {
          await holdTickets(db, {
            slug,
            userId: b.id,
            lines: [{ ticketTypeId: typeId, quantity: 1 }],
            idempotencyKey: randomUUID(),
            now: new Date(),
          });
          held++;
        } catch (error) {
          if ((error as { code?: string }).code !== "conflict") throw error;
        }
      }),
    ),
  );
  return { ...run, result: held };
}

async function check(eventId: string) {
  const r = (
    await database.db.execute<{
      sold: number;
      tickets: number;
      capacity: number;
      orphan_orders: number;
      orphan_tickets: number;
    }>(sql`
      select
        (select sum(sold)::int from ticket_type where event_id = ${eventId}) as sold,
        (select count(*)::int from ticket where event_id = ${eventId}) as tickets,
        (select sum(capacity)::int from ticket_type where event_id = ${eventId}) as capacity,
        (select count(*)::int from "order" o where o.event_id = ${eventId} and o.status in ('paid', 'free')
           and not exists (select 1 from ticket t where t.order_id = o.id)) as orphan_orders,
        (select count(*)::int from ticket t where t.event_id = ${eventId}
           and not exists (select 1 from "order" o where o.id = t.order_id and o.status in ('paid', 'free')))
          as orphan_tickets`)
  ).rows[0]!;
  return {
    sold: Number(r.tickets),
    counted: Number(r.sold),
    oversold: Math.max(0, Number(r.tickets) - Number(r.capacity)),
    orphans: Number(r.orphan_orders) + Number(r.orphan_tickets),
  };
}

// In-process (PGlite), PROFILE=file.cpuprofile records where the time goes while the last round's
// buyers press Checkout; with a server process, see startBenchServer in lib.ts.
const profiler = process.env.PROFILE && !bench.url ? new (await import("node:inspector/promises")).Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
}

type Cpu = Timed<unknown>["cpu"];
const results: {
  sold: number;
  oversold: number;
  orphans: number;
  holdsPerS: number;
  sqlPerS: number;
  floorPerS: number;
  servicePerS: number;
  cpu: { hold: Cpu; claim: Cpu; floor: Cpu };
}[] = [];
/** CPU per buyer in ms, or null. */
const perBuyer = (us: number | null) => (us === null ? null : us / BUYERS / 1000);
try {
  for (let round_ = 1; round_ <= ROUNDS; round_++) {
    const e = await createEvent(
      db,
      { hostId: host.id, name: `Oversell Round ${round_}`, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1000, capacity: TICKETS }],
    );
    const [type] = await db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, e.id));

    // Everyone presses "Checkout" at once; then the winners pay, all at once too.
    freshConnections();
    if (profiler && round_ === ROUNDS) await profiler.post("Profiler.start");
    const holding = await timed(() => Promise.all(buyers.map((b) => hold(b, e.slug, type!.id))));
    const held = holding.result;
    if (profiler && round_ === ROUNDS) {
      const { profile } = await profiler.post("Profiler.stop");
      fs.writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
    }
    const t = performance.now();
    await Promise.all(buyers.map((b, i) => (held[i] ? pay(b, held[i]) : undefined)));
    const payMs = performance.now() - t;
    const got = await check(e.id);
    const paid = held.filter(Boolean).length;

    const baseline = await createEvent(
      db,
      { hostId: host.id, name: `Oversell Baseline ${round_}`, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1000, capacity: TICKETS }],
    );
    const [baseType] = await db
      .select({ id: ticketType.id })
      .from(ticketType)
      .where(eq(ticketType.eventId, baseline.id));
    const raw = await rawClaims(baseType!.id, baseline.id);
    if (raw.result !== TICKETS) throw new Error(`the raw SQL baseline claimed ${raw.result} of ${TICKETS}`);

    // The floor: the same buyers pressing Checkout on an event with nothing left, the cheapest request
    // the checkout can answer (session, one read, 409). No hold can be faster than this.
    const soldOut = await createEvent(
      db,
      { hostId: host.id, name: `Oversell Floor ${round_}`, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1000, capacity: 0 }],
    );
    const [soldOutType] = await db
      .select({ id: ticketType.id })
      .from(ticketType)
      .where(eq(ticketType.eventId, soldOut.id));
    freshConnections();
    const floor = await timed(() => Promise.all(buyers.map((b) => hold(b, soldOut.slug, soldOutType!.id))));
    if (floor.result.some(Boolean)) throw new Error("a ticket was held on an event with none");

    const direct = await createEvent(
      db,
      { hostId: host.id, name: `Oversell Service ${round_}`, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1000, capacity: TICKETS }],
    );
    const [directType] = await db
      .select({ id: ticketType.id })
      .from(ticketType)
      .where(eq(ticketType.eventId, direct.id));
    const service = await serviceHolds(direct.slug, directType!.id);
    if (service.result !== TICKETS) throw new Error(`the hold service held ${service.result} of ${TICKETS}`);

    const holdsPerS = BUYERS / (holding.ms / 1000);
    const sqlPerS = BUYERS / (raw.ms / 1000);
    const floorPerS = BUYERS / (floor.ms / 1000);
    const servicePerS = BUYERS / (service.ms / 1000);
    results.push({
      sold: got.sold,
      oversold: got.oversold,
      orphans: got.orphans,
      holdsPerS,
      sqlPerS,
      floorPerS,
      servicePerS,
      cpu: { hold: holding.cpu, claim: raw.cpu, floor: floor.cpu },
    });
    const ms = (us: number | null) => (us === null ? "?" : `${round(perBuyer(us)!, 2)} ms`);
    console.log(
      `round ${String(round_).padStart(2)}: sold ${got.sold}/${TICKETS} (counted ${got.counted}, held ${paid}), ` +
        `oversold ${got.oversold}, orphans ${got.orphans}; ` +
        `holds ${round(holdsPerS, 0)}/s, paying ${round(payMs / 1000, 2)} s; raw SQL ${round(sqlPerS, 0)}/s; ` +
        `sold-out floor ${round(floorPerS, 0)}/s; hold service ${round(servicePerS, 0)}/s; ` +
        `CPU per buyer: hold ${ms(holding.cpu.total)} (server ${ms(holding.cpu.server)}), claim ` +
        `${ms(raw.cpu.total)}, floor ${ms(floor.cpu.total)}`,
    );
  }
} finally {
  closeConnections();
  await server.close();
  await bench.close();
}

// The worst round is the one furthest from right (sold = tickets, none oversold, no orphans);
// throughput is the median round's, each side measured in the same rounds.
const wrongness = (r: (typeof results)[number]) => Math.abs(r.sold - TICKETS) + r.oversold + r.orphans;
const worst = results.reduce((a, b) => (wrongness(b) > wrongness(a) ? b : a));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const holdsPerS = median(results.map((r) => r.holdsPerS));
const sqlPerS = median(results.map((r) => r.sqlPerS));
const floorPerS = median(results.map((r) => r.floorPerS));
const servicePerS = median(results.map((r) => r.servicePerS));
// CPU per buyer: the median round's, where every round could be read.
const cpuMs = (pick: (r: (typeof results)[number]) => number | null) => {
  const xs = results.map(pick);
  return xs.every((x) => x !== null) ? round(perBuyer(median(xs as number[]))!, 3) : null;
};
console.log(
  JSON.stringify({
    engine: bench.engine,
    rounds: ROUNDS,
    buyers: BUYERS,
    tickets: TICKETS,
    sold: worst.sold,
    oversold: worst.oversold,
    orphans: worst.orphans,
    holds_per_s: round(holdsPerS, 1),
    sql_per_s: round(sqlPerS, 1),
    ratio: round(holdsPerS / sqlPerS),
    floor_per_s: round(floorPerS, 1),
    floor_ratio: round(holdsPerS / floorPerS),
    service_per_s: round(servicePerS, 1),
    service_ratio: round(servicePerS / sqlPerS),
    cpu_ms_per_hold: cpuMs((r) => r.cpu.hold.total),
    server_cpu_ms_per_hold: cpuMs((r) => r.cpu.hold.server),
    cpu_ms_per_claim: cpuMs((r) => r.cpu.claim.total),
    cpu_ms_per_floor: cpuMs((r) => r.cpu.floor.total),
  }),
);

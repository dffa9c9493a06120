// Partner Studio's reports over a big host: the overview, the orders report's first page and the
// orders file, through HTTP (signed in, as the host's browser asks) against the same service calls
// made directly, in the same run.
//   npm run bench:reports                        100,000 orders (PostgreSQL when BENCH_DATABASE_URL or
//   npm run bench:reports -- --orders 20000      TEST_DATABASE_URL is set, else PGlite)
//   npm run bench:reports -- --keep              keeps the seeded database (PostgreSQL) for the next run
// Prints its figures, then one JSON line:
//   {"orders","overview_p95_ms","orders_p95_ms","csv_s","ratio","data_ratio", …}
// Each report is asked for the two ways a host's browser asks: its page (the HTML of a first visit:
// overview_p95_ms, orders_p95_ms) and its data (`….data`, what the Studio fetches when the host picks
// another range, event or page: overview_data_p95_ms, orders_data_p95_ms). ratio is the larger of the
// two pages' p95 over their direct p95, data_ratio the same for the data requests (what the web layer
// adds without the HTML's rendering). csv_s is the time to download the whole file of every order.
// Targets: the pages' p95 ≤ 200 ms, ratio ≤ 1.5, csv_s ≤ 10.
import http from "node:http";
import os from "node:os";
import { sql } from "drizzle-orm";
import { lastDays } from "../src/domain/reports";
import { hostOrdersForExport, hostOrdersReport, hostOverview } from "../src/services/host-reports";
import { createEvent } from "../tests/factories/events";
import { createUser, FACTORY_PASSWORD } from "../tests/factories/users";
import { arg, benchDatabase, cpuTimer, httpClient, percentile, round, startBenchServer } from "./lib";

const ORDERS = Number(arg("orders", "100000"));
const ROUNDS = Number(arg("rounds", "30"));
const EVENTS = 20;
/** Orders are spread over this many days back from now; the overview is timed over all of them. */
const SPREAD_DAYS = 60;

// --keep: the seeded database stays (tb_bench_reports_kept_<orders>, PostgreSQL) and the next run measures it again.
const bench = await benchDatabase("reports", { keep: process.argv.includes("--keep") ? String(ORDERS) : undefined });
const { database } = bench;
const db = database.db;
const server = await startBenchServer(bench);
const { request, freshConnections, close: closeConnections } = httpClient(server);

/**
 * One host's orders made in bulk by SQL (not the booking path, which a benchmark of reading need not
 * pay for): paid orders of one to three £15 tickets, one in ten with a code, one in fifty refunded in
 * full, one in ninety-seven cancelled, a quarter with a checkout answer; their lines and tickets, a
 * third of the first tickets let in.
 */
async function seed(hostId: string, now: Date) {
  for (let i = 0; i < EVENTS; i++)
    await createEvent(
      db,
      { hostId, name: `Bench Night ${i + 1}`, startsAt: new Date(now.getTime() + (i + 1) * 86_400_000) },
      [{ pricePence: 1500, capacity: 1_000_000, name: "Standard" }],
    );
  const minutes = SPREAD_DAYS * 24 * 60;
  await db.execute(sql`
    with ev as (select id, (row_number() over (order by id) - 1)::int as i from event where host_id = ${hostId}),
    g as (
      select g, 1 + g % 3 as q, case when g % 10 = 0 then 300 else 0 end as discount
        from generate_series(1, ${ORDERS}::int) g
    ),
    priced as (
      select g, q, discount, 1500 * q as subtotal, round((1500 * q - discount) * 0.01)::int as fee from g
    )
    insert into "order" (reference, event_id, host_id, buyer_email, buyer_name, status, currency, subtotal_pence,
                         discount_pence, discount_code, booking_fee_pence, total_pence, platform_fee_pence,
                         refunded_pence, answers, questions, created_at, paid_at)
    select 'BENCH' || lpad(p.g::text, 9, '0'), ev.id, ${hostId}, 'buyer' || p.g || '@example.com', 'Buyer ' || p.g,
           case when p.g % 50 = 0 then 'refunded' when p.g % 97 = 0 then 'cancelled' else 'paid' end,
           'GBP', p.subtotal, p.discount, case when p.discount > 0 then 'early' end, p.fee,
           p.subtotal - p.discount + p.fee, p.fee,
           case when p.g % 50 = 0 then p.subtotal - p.discount + p.fee else 0 end,
           case when p.g % 4 = 0 then '{"q1":"None"}'::jsonb else '{}'::jsonb end,
           case when p.g % 4 = 0
                then '[{"id":"q1","label":"Dietary needs?","required":false,"kind":"text"}]'::jsonb
                else '[]'::jsonb end,
           ${now.toISOString()}::timestamptz - (p.g % ${minutes}::int) * interval '1 minute',
           ${now.toISOString()}::timestamptz - (p.g % ${minutes}::int) * interval '1 minute'
      from priced p join ev on ev.i = p.g % ${EVENTS}::int`);
  await db.execute(sql`
    insert into order_line (order_id, ticket_type_id, name, quantity, unit_price_pence)
    select o.id, tt.id, tt.name, o.subtotal_pence / 1500, 1500
      from "order" o join ticket_type tt on tt.event_id = o.event_id
     where o.host_id = ${hostId}`);
  await db.execute(sql`
    insert into ticket (order_id, event_id, ticket_type_id, code, status, checked_in_at)
    select o.id, o.event_id, l.ticket_type_id, 'bench-' || o.reference || '-' || k,
           case when o.status in ('refunded', 'cancelled') then 'void'
                when k = 1 and right(o.reference, 1) in ('0', '3', '6') then 'checked_in' else 'valid' end,
           case when o.status = 'paid' and k = 1 and right(o.reference, 1) in ('0', '3', '6') then o.created_at end
      from "order" o join order_line l on l.order_id = o.id, generate_series(1, l.quantity) k
     where o.host_id = ${hostId}`);
}

function download(path: string, cookie: string): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port: server.port, path, headers: { Cookie: cookie, Host: new URL(server.origin).host } },
        (res) => {
          let bytes = 0;
          let lines = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            for (const b of chunk) if (b === 10) lines++;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
        },
      )
      .on("error", reject);
  });
}

const started = Date.now();
let output: Record<string, number | string> | undefined;
try {
  const now = new Date();
  // A kept database (--keep) already has its host and orders: measured again as they are.
  const [kept] = (
    await db.execute<{ id: string; email: string }>(
      sql`select id, email from "user" where email like 'bench-host-%@example.com' limit 1`,
    )
  ).rows;
  const email = kept?.email ?? `bench-host-${process.pid}@example.com`;
  const host =
    kept ??
    (await createUser(db, { email, userType: "host", hostTitle: "Bench Host", firstName: "Bench", lastName: "Host" }));
  if (!kept) {
    await seed(host.id, now);
    await db.execute(sql`vacuum analyze "order"`);
    await db.execute(sql`vacuum analyze ticket`);
    await db.execute(sql`vacuum analyze order_line`);
  }
  const counted = Number(
    (await db.execute<{ n: string }>(sql`select count(*) as n from "order" where host_id = ${host.id}`)).rows[0]!.n,
  );
  console.log(`${bench.engine}: ${counted} orders for one host seeded in ${round((Date.now() - started) / 1000, 1)} s`);

  const signedIn = await request("POST", "/api/auth/sign-in/email", { json: { email, password: FACTORY_PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.body}`);
  const cookie = signedIn.cookies.join("; ");

  const all = lastDays(now, SPREAD_DAYS + 1);
  const week = lastDays(now);
  const overviewPath = `/h/reports/overview?from=${all.from}&to=${all.to}`;
  const weekPath = `/h/reports/overview`;
  const ordersPath = `/h/reports/orders?from=${all.from}&to=${all.to}`;
  const query = { hostId: host.id, eventId: null, range: all, status: null, q: "" };

  const samples = {
    overview: [] as number[],
    overviewData: [] as number[],
    overviewSql: [] as number[],
    week: [] as number[],
    weekData: [] as number[],
    weekSql: [] as number[],
    orders: [] as number[],
    ordersData: [] as number[],
    ordersSql: [] as number[],
  };
  // CPU each request costs the machine (this process, the server's, PostgreSQL's), in ms: on a shared
  // machine the wall clock says how busy the others are as much as what a report costs.
  const cpu: Record<string, number[]> = {};
  const timed = cpuTimer(server, bench);
  const time = async (into: number[], work: () => Promise<unknown>) => {
    const run = await timed(work);
    into.push(run.ms);
    const key = Object.entries(samples).find(([, v]) => v === into)![0];
    if (run.cpu.total !== null) (cpu[key] ??= []).push(run.cpu.total / 1000);
  };
  const page = (path: string) => async () => {
    const res = await request("GET", path, { cookie });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    if (!res.body.includes("Reports")) throw new Error(`${path} is not the report`);
  };
  // The same report as the Studio fetches it after the first visit: React Router's data request.
  const data = (path: string) => {
    const [pathname, search = ""] = path.split("?");
    const dataPath = `${pathname}.data${search ? `?${search}` : ""}`;
    return async () => {
      const res = await request("GET", dataPath, { cookie });
      if (res.status !== 200) throw new Error(`${dataPath} answered ${res.status}`);
      if (!res.body.includes("routes/h/reports.")) throw new Error(`${dataPath} is not the report's data`);
    };
  };
  // Warm the JIT, the pool and the caches once before measuring.
  freshConnections();
  for (let i = 0; i < 3; i++) {
    await page(overviewPath)();
    await page(ordersPath)();
    await data(overviewPath)();
    await data(ordersPath)();
    await hostOverview(db, { hostId: host.id, eventId: null, range: all });
    await hostOrdersReport(db, { ...query, page: 1 });
  }
  for (let r = 0; r < ROUNDS; r++) {
    await time(samples.overview, page(overviewPath));
    await time(samples.overviewData, data(overviewPath));
    await time(samples.overviewSql, () => hostOverview(db, { hostId: host.id, eventId: null, range: all }));
    await time(samples.week, page(weekPath));
    await time(samples.weekData, data(weekPath));
    await time(samples.weekSql, () => hostOverview(db, { hostId: host.id, eventId: null, range: week }));
    await time(samples.orders, page(ordersPath));
    await time(samples.ordersData, data(ordersPath));
    await time(samples.ordersSql, () => hostOrdersReport(db, { ...query, page: 1 }));
  }

  // The whole file through HTTP, then the same batches read directly.
  let t = performance.now();
  const file = await download(`/h/reports/orders/export?from=${all.from}&to=${all.to}`, cookie);
  const csvMs = performance.now() - t;
  if (file.status !== 200) throw new Error(`the export answered ${file.status}`);
  t = performance.now();
  let directRows = 0;
  for await (const batch of hostOrdersForExport(db, query)) directRows += batch.length;
  const csvSqlMs = performance.now() - t;
  const rss = process.memoryUsage().rss;

  const p95 = (k: keyof typeof samples) => percentile(samples[k], 95);
  const cpuMedian = (k: keyof typeof samples) => (cpu[k] ? round(percentile(cpu[k], 50), 1) : null);
  console.log(
    "                               http p50   http p95   direct p95 (ms)   cpu per request, http / direct (ms)",
  );
  for (const [label, h, d] of [
    ["overview (61 days), page", "overview", "overviewSql"],
    ["overview (61 days), data", "overviewData", "overviewSql"],
    ["overview (7 days), page", "week", "weekSql"],
    ["overview (7 days), data", "weekData", "weekSql"],
    ["orders, first page, page", "orders", "ordersSql"],
    ["orders, first page, data", "ordersData", "ordersSql"],
  ] as const)
    console.log(
      `${label.padEnd(30)} ${round(percentile(samples[h], 50)).toFixed(1).padStart(9)} ` +
        `${round(p95(h)).toFixed(1).padStart(10)} ${round(p95(d)).toFixed(1).padStart(12)}      ` +
        `${cpuMedian(h) ?? "?"} / ${cpuMedian(d) ?? "?"}`,
    );
  console.log(
    `orders file: ${file.lines - 1} orders, ${round(file.bytes / 1_048_576, 1)} MiB in ${round(csvMs / 1000, 2)} s ` +
      `(the same batches read directly: ${directRows} in ${round(csvSqlMs / 1000, 2)} s); ` +
      `bench process RSS ${round(rss / 1_048_576)} MiB`,
  );
  const ratioOf = (h: keyof typeof samples, d: keyof typeof samples) => p95(h) / p95(d);
  output = {
    orders: counted,
    engine: bench.engine,
    overview_p95_ms: round(p95("overview")),
    overview_7d_p95_ms: round(p95("week")),
    orders_p95_ms: round(p95("orders")),
    overview_data_p95_ms: round(p95("overviewData")),
    overview_7d_data_p95_ms: round(p95("weekData")),
    orders_data_p95_ms: round(p95("ordersData")),
    overview_sql_p95_ms: round(p95("overviewSql")),
    orders_sql_p95_ms: round(p95("ordersSql")),
    csv_s: round(csvMs / 1000),
    csv_rows: file.lines - 1,
    ratio: round(Math.max(ratioOf("overview", "overviewSql"), ratioOf("orders", "ordersSql"))),
    data_ratio: round(Math.max(ratioOf("overviewData", "overviewSql"), ratioOf("ordersData", "ordersSql"))),
    overview_cpu_ms: cpuMedian("overview") ?? NaN,
    orders_cpu_ms: cpuMedian("orders") ?? NaN,
    load_average: round(os.loadavg()[0]!, 1),
  };
} finally {
  closeConnections();
  await server.close();
  await bench.close();
}
console.log(JSON.stringify(output));

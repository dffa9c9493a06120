// Search speed through the HTTP API against the same queries run straight on the database.
//   npm run bench:search                    100,000 events (PostgreSQL when BENCH_DATABASE_URL or
//   npm run bench:search -- --events 20000  TEST_DATABASE_URL is set, else PGlite)
//   npm run bench:search -- --events 1000000 --keep   keeps the seeded database (PostgreSQL) for the next run
// Prints a table, then one JSON line: {"events","p50_ms","p95_ms","sql_p95_ms","ratio"} where
// ratio is the API's p95 over the direct query's p95, both measured in this run, and
// typo_p95_ms is the API's p95 over the queries with typos alone.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { prepareDatabase } from "../src/db/migrate.server";
import { seedDemoIfEmpty } from "../src/db/seed/seed-demo";
import { loadTicketCodes } from "../src/server/ticket-codes.server";
import { seedSyntheticEvents } from "../src/db/seed/synthetic";
import { createLocalStorage } from "../src/server/storage/local-storage.server";
import { searchEvents } from "../src/services/search-events";
import { createTestApp } from "../tests/setup/test-app";
import { arg, benchDatabase, percentile, round } from "./lib";

const EVENTS = Number(arg("events", "100000"));
const ROUNDS = Number(arg("rounds", "40"));
const LIMIT = 10;

/** A fixed mix: what people type into the box, and the typos they make (`typo: true`). */
const QUERIES: { kind: string; q: string; typo?: boolean }[] = [
  { kind: "exact", q: "Kelham Island Pub Quiz" },
  { kind: "prefix", q: "kelh" },
  { kind: "typo", q: "windmil brixtn", typo: true },
  { kind: "multi-word", q: "quiz night sheffield" },
  { kind: "rare", q: "jungle explorers birthday" },
  { kind: "empty", q: "" },
  { kind: "swap", q: "comdey leeds", typo: true },
  { kind: "deletion", q: "manchster karaoke", typo: true },
  { kind: "insertion", q: "birminghamm quiz", typo: true },
  { kind: "substitution", q: "brisyol poetry", typo: true },
  { kind: "two-typos", q: "notingahm yoga", typo: true },
  { kind: "prefix-typo", q: "film screenings nottinhg", typo: true },
  { kind: "spelling", q: "theater plays york", typo: true },
  { kind: "accents", q: "compère bristol", typo: true },
  { kind: "did-you-mean", q: "jaxz", typo: true },
];

// --keep: the seeded database stays (tb_bench_search_kept_<events>) and the next run measures it again.
const bench = await benchDatabase("search", { keep: process.argv.includes("--keep") ? String(EVENTS) : undefined });
const { database } = bench;
const started = Date.now();
const now = new Date();
await prepareDatabase(database, async (db) => {
  await seedDemoIfEmpty(db, {
    now,
    storage: createLocalStorage(`${bench.dataDir}/uploads`),
    sign: (await loadTicketCodes(db)).sign,
  });
});
const demo = Number((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from event`)).rows[0]!.n);
if (EVENTS > demo) await seedSyntheticEvents(database.db, { now, count: EVENTS - demo });
// As autovacuum leaves a live database: seeding a million events in a few minutes outruns it, and
// the dictionary's many count updates would otherwise be measured as a bloated trigram index.
await database.db.execute(sql`vacuum analyze`);
const total = Number((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from event`)).rows[0]!.n);
console.log(`${bench.engine}: ${total} events ready in ${round((Date.now() - started) / 1000, 1)} s`);

const testApp = await createTestApp(database, { DATA_DIR: bench.dataDir });
const server = http.createServer(getRequestListener(testApp.app.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as { port: number }).port;
const agent = new http.Agent({ keepAlive: true });

function httpGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const api: number[] = [];
const direct: number[] = [];
const typoApi: number[] = [];
const perKind = new Map<string, { api: number[]; sql: number[]; hits: number; first: string }>();
try {
  // Warm caches and the JIT once per query before measuring.
  for (const { q } of QUERIES) {
    await httpGet(`/api/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`);
    await searchEvents(database.db, { q, now: new Date(), limit: LIMIT, withTotal: false });
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const { kind, q, typo } of QUERIES) {
      const entry = perKind.get(kind) ?? { api: [], sql: [], hits: 0, first: "" };
      perKind.set(kind, entry);
      let t = performance.now();
      const res = await httpGet(`/api/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`);
      const apiMs = performance.now() - t;
      if (res.status !== 200) throw new Error(`API answered ${res.status} for "${q}": ${res.body}`);
      const body = JSON.parse(res.body) as { results: { name: string }[]; didYouMean: string | null };
      entry.hits = body.results.length;
      entry.first = body.results[0]?.name ?? (body.didYouMean ? `did you mean “${body.didYouMean}”` : "");
      t = performance.now();
      await searchEvents(database.db, { q, now: new Date(), limit: LIMIT, withTotal: false });
      const sqlMs = performance.now() - t;
      entry.api.push(apiMs);
      entry.sql.push(sqlMs);
      api.push(apiMs);
      direct.push(sqlMs);
      if (typo) typoApi.push(apiMs);
    }
  }
} finally {
  server.close();
  agent.destroy();
  await testApp.close();
  await bench.close();
}

console.log("query          hits   api p50   api p95   sql p95 (ms)   first result");
for (const [kind, e] of perKind) {
  console.log(
    `${kind.padEnd(14)} ${String(e.hits).padStart(4)} ${round(percentile(e.api, 50)).toFixed(2).padStart(9)} ` +
      `${round(percentile(e.api, 95)).toFixed(2).padStart(9)} ${round(percentile(e.sql, 95)).toFixed(2).padStart(9)} ` +
      `       ${e.first.slice(0, 50)}`,
  );
}
const p95 = percentile(api, 95);
const sqlP95 = percentile(direct, 95);
console.log(
  JSON.stringify({
    events: total,
    engine: bench.engine,
    p50_ms: round(percentile(api, 50)),
    p95_ms: round(p95),
    sql_p95_ms: round(sqlP95),
    ratio: round(p95 / sqlP95),
    typo_p95_ms: round(percentile(typoApi, 95)),
  }),
);

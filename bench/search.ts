// Search speed through the HTTP API against the same queries run straight on the database.
//   npm run bench:search                    100,000 events (PostgreSQL when BENCH_DATABASE_URL or
//   npm run bench:search -- --events 20000  TEST_DATABASE_URL is set, else PGlite)
// Prints a table, then one JSON line: {"events","p50_ms","p95_ms","sql_p95_ms","ratio"} where
// ratio is the API's p95 over the direct query's p95, both measured in this run.
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

/** A fixed mix: what people type into the box. */
const QUERIES: { kind: string; q: string }[] = [
  { kind: "exact", q: "Kelham Island Pub Quiz" },
  { kind: "prefix", q: "kelh" },
  { kind: "typo", q: "windmil brixtn" },
  { kind: "multi-word", q: "quiz night sheffield" },
  { kind: "rare", q: "jungle explorers birthday" },
  { kind: "empty", q: "" },
];

const bench = await benchDatabase("search");
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
await database.db.execute(sql`analyze`);
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
const perKind = new Map<string, { api: number[]; sql: number[]; hits: number }>();
try {
  // Warm caches and the JIT once per query before measuring.
  for (const { q } of QUERIES) {
    await httpGet(`/api/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`);
    await searchEvents(database.db, { q, now: new Date(), limit: LIMIT, withTotal: false });
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const { kind, q } of QUERIES) {
      const entry = perKind.get(kind) ?? { api: [], sql: [], hits: 0 };
      perKind.set(kind, entry);
      let t = performance.now();
      const res = await httpGet(`/api/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`);
      const apiMs = performance.now() - t;
      if (res.status !== 200) throw new Error(`API answered ${res.status} for "${q}": ${res.body}`);
      entry.hits = (JSON.parse(res.body) as { results: unknown[] }).results.length;
      t = performance.now();
      await searchEvents(database.db, { q, now: new Date(), limit: LIMIT, withTotal: false });
      const sqlMs = performance.now() - t;
      entry.api.push(apiMs);
      entry.sql.push(sqlMs);
      api.push(apiMs);
      direct.push(sqlMs);
    }
  }
} finally {
  server.close();
  agent.destroy();
  await testApp.close();
  await bench.close();
}

console.log("query        hits   api p50   api p95   sql p95 (ms)");
for (const [kind, e] of perKind) {
  console.log(
    `${kind.padEnd(12)} ${String(e.hits).padStart(4)} ${round(percentile(e.api, 50)).toFixed(2).padStart(9)} ` +
      `${round(percentile(e.api, 95)).toFixed(2).padStart(9)} ${round(percentile(e.sql, 95)).toFixed(2).padStart(9)}`,
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
  }),
);

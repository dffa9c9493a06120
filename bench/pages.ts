// Server rendering speed: pages over HTTP through the whole server (Hono, security headers,
// compression, sessions) against React Router rendering the same routes in-process, plus the
// JavaScript each page ships.
//   npm run bench:pages                     (builds first when the build is missing or older than the sources)
//   npm run bench:pages -- --requests 300
// Prints a table, then one JSON line; ratio is the HTTP requests per second over the in-process
// rate for the same routes, measured in this run (target ≥ 0.6), and event_js_gzip_kb is the
// event page's JavaScript up front (target ≤ 150; the budget test in tests/budgets checks every public page).
import { spawnSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { prepareDatabase } from "../src/db/migrate.server";
import { seedDemoIfEmpty } from "../src/db/seed/seed-demo";
import { loadTicketCodes } from "../src/server/ticket-codes.server";
import { pageContext } from "../src/server/app";
import { createLocalStorage } from "../src/server/storage/local-storage.server";
import { firstLoadJs, readBuildManifest } from "../tests/budgets/page-js";
import { createTestApp } from "../tests/setup/test-app";
import { arg, benchDatabase, loadPagesBuild, percentile, round } from "./lib";

const REQUESTS = Number(arg("requests", "200"));
const ROOT = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(ROOT, "build/server/index.js");
const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/start.mjs"), "--build-only"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (built.status !== 0) process.exit(built.status ?? 1);
const build = await loadPagesBuild(buildFile);
const clientDir = path.join(ROOT, "build/client");

const bench = await benchDatabase("pages");
const { database } = bench;
await prepareDatabase(database, async (db) => {
  await seedDemoIfEmpty(db, {
    now: new Date(),
    storage: createLocalStorage(`${bench.dataDir}/uploads`),
    sign: (await loadTicketCodes(db)).sign,
  });
});
const [{ slug }] = (
  await database.db.execute<{ slug: string }>(
    sql`select slug from event where status = 'published' and not is_private and starts_at > now()
        order by sold_total desc limit 1`,
  )
).rows as [{ slug: string }];
const ROUTES = ["/", "/explore", `/events/${slug}`];

const testApp = await createTestApp(
  database,
  { DATA_DIR: bench.dataDir },
  { getBuild: async () => build, clientDir: path.relative(process.cwd(), clientDir) },
);
const server = http.createServer(getRequestListener(testApp.app.fetch));
// The keep-alive socket sits idle while the in-process side is measured (several seconds a route):
// the server must not close it meanwhile, or the next route's first request meets a reset.
server.keepAliveTimeout = 120_000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as { port: number }).port;
const agent = new http.Agent({ keepAlive: true });

function httpGet(route: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: route, agent, headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1") }));
      })
      .on("error", reject);
  });
}

// The baseline: React Router's own handler, called in-process with the same load context.
const handle = createRequestHandler(build, "production");
const context = () =>
  pageContext(
    { ...testApp, database, buildVersion: "bench" },
    { user: null, clientIp: "127.0.0.1", requestId: "bench", nonce: "bench" },
  );
async function inProcess(route: string): Promise<string> {
  const res = await handle(new Request(`http://127.0.0.1${route}`), context());
  if (res.status !== 200) throw new Error(`${route} rendered ${res.status}`);
  return res.text();
}

/** Requests per second and latencies for `n` sequential runs of `fn`. */
async function measure(n: number, fn: () => Promise<unknown>): Promise<{ rps: number; p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { rps: n / ((performance.now() - start) / 1000), p50: percentile(times, 50), p95: percentile(times, 95) };
}

const manifest = readBuildManifest();

const rows: { route: string; httpRps: number; httpP95: number; inRps: number; inP95: number; jsKb: number }[] = [];
try {
  for (const route of ROUTES) {
    const page = await httpGet(route);
    if (page.status !== 200) throw new Error(`${route} answered ${page.status}`);
    await inProcess(route);
    const viaHttp = await measure(REQUESTS, () => httpGet(route));
    const direct = await measure(REQUESTS, () => inProcess(route));
    rows.push({
      route,
      httpRps: viaHttp.rps,
      httpP95: viaHttp.p95,
      inRps: direct.rps,
      inP95: direct.p95,
      jsKb: firstLoadJs(manifest, route) / 1024,
    });
  }
} finally {
  server.close();
  agent.destroy();
  await testApp.close();
  await bench.close();
}

console.log("route                              http req/s  http p95   in-proc req/s  in-proc p95  JS gzip");
for (const r of rows) {
  console.log(
    `${r.route.slice(0, 34).padEnd(34)} ${round(r.httpRps, 1).toFixed(1).padStart(10)} ` +
      `${round(r.httpP95).toFixed(2).padStart(9)} ${round(r.inRps, 1).toFixed(1).padStart(14)} ` +
      `${round(r.inP95).toFixed(2).padStart(12)} ${round(r.jsKb, 1).toFixed(1).padStart(7)} KB`,
  );
}
const httpRps = rows.reduce((n, r) => n + r.httpRps, 0) / rows.length;
const inRps = rows.reduce((n, r) => n + r.inRps, 0) / rows.length;
console.log(
  JSON.stringify({
    engine: bench.engine,
    routes: rows.length,
    http_rps: round(httpRps, 1),
    http_p95_ms: round(Math.max(...rows.map((r) => r.httpP95))),
    inprocess_rps: round(inRps, 1),
    event_js_gzip_kb: round(rows[2]!.jsKb, 1),
    ratio: round(httpRps / inRps),
  }),
);

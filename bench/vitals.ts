// Web vitals in a browser: Lighthouse (its default, mobile: a mid-range phone's screen, simulated
// slow 4G and a 4× slower CPU) on the home page, Explore, a category page and an event page,
// served by the production build.
//   npm run bench:vitals                          (builds first when the build is missing or stale)
//   npm run bench:vitals -- --runs 5
//   npm run bench:vitals -- --url http://127.0.0.1:3000   (a server already running: its pages)
//   npm run bench:vitals -- --dump .tmp/lh          (also writes each run's Lighthouse report there, as JSON)
// Without --url it starts the built server as `npm start` does, on a fresh seeded data dir and a
// free port. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), headless.
// Each page is measured --runs times (default 3); the table and the JSON line give each metric's
// median. Targets: performance ≥ 0.9, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1. Lighthouse's CPU
// throttling multiplies what this machine does, so a busy machine reads slower: benchmark_index
// (Lighthouse's measure of this machine's speed in the run, higher is faster) is printed with them.
// The baseline, measured in the same rounds: a bare HTML page (a heading and a paragraph, no
// script, no image) served from this process, the fastest page anything could be on this machine
// under the same throttling. Each page's lcp_ratio = baseline LCP / its LCP (1 = as fast as a bare
// page); lcp_ratio is the median page's.
// Last line, JSON:
// {"runs","benchmark_index","baseline_lcp_ms","lcp_ratio",
//  "pages":[{"page","path","performance","lcp_ms","lcp_ratio","tbt_ms","cls","met":{…}}],"all_met"}
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { arg, freePort, round } from "./lib";

const RUNS = Number(arg("runs", "3"));
const ROOT = path.resolve(import.meta.dirname, "..");
const TARGETS = { performance: 0.9, lcp_ms: 2500, tbt_ms: 200, cls: 0.1 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The built server, started as `npm start` starts it, on a fresh data dir (seeded on start). */
async function startServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/start.mjs"), "--build-only"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tb-bench-vitals-"));
  const port = await freePort();
  // PGlite in the fresh data dir, whatever database this shell names.
  const { DATABASE_URL: _database, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, 180_000);
  return {
    baseUrl,
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The baseline: a bare page (no script, no image, a few lines of text) on a server of its own. */
async function startBareServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" ' +
    'content="width=device-width, initial-scale=1">' +
    "<title>Baseline</title></head><body><h1>A bare page</h1><p>No script, no image: the fastest any page could " +
    "paint here.</p></body></html>";
  const bare = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html),
  );
  const port = await freePort();
  await new Promise<void>((resolve) => bare.listen(port, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => bare.close(() => resolve())) };
}

/** Headless Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tb-bench-vitals-chromium-"));
  const args = [
    "--headless=new",
    ...CHROMIUM_ARGS,
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "about:blank",
  ];
  const child = spawn(findChromium(), args, { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${seen}`)), 60_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${seen}`)));
  });
  return {
    port,
    async stop() {
      await stopProcess(child);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The first link on `html` whose path matches. */
function firstLink(html: string, pattern: RegExp, what: string): string {
  for (const m of html.matchAll(/href="(\/[^"#?]*)"/g)) if (pattern.test(m[1]!)) return m[1]!;
  throw new Error(`No link to ${what} on the home page`);
}

/** One Lighthouse run; a run whose trace Chromium failed to record (it happens) is tried again, twice at most. */
async function measure(url: string, attempt = 1): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]> {
  const result = await lighthouse(url, {
    port: chromium.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const lhr = result?.lhr;
  if (lhr && !lhr.runtimeError) {
    const dump = arg("dump", "");
    if (dump) {
      fs.mkdirSync(dump, { recursive: true });
      fs.writeFileSync(
        path.join(dump, `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}.json`),
        JSON.stringify(lhr),
      );
    }
    return lhr;
  }
  const why = lhr?.runtimeError?.message ?? "no result";
  if (attempt >= 3) throw new Error(`Lighthouse could not measure ${url}: ${why}`);
  console.log(`  (${url}: ${why}; measuring again)`);
  return measure(url, attempt + 1);
}

const server = process.argv.includes("--url")
  ? { baseUrl: arg("url", "").replace(/\/$/, ""), stop: async () => {} }
  : await startServer();
const chromium = await startChromium();
const bareServer = await startBareServer();
type Sample = { performance: number; lcp_ms: number; tbt_ms: number; cls: number; benchmarkIndex: number };
const results: { page: string; path: string; samples: Sample[] }[] = [];
try {
  const home = await (await fetch(`${server.baseUrl}/`)).text();
  const pages = [
    { page: "home", path: "/" },
    { page: "explore", path: "/explore" },
    { page: "category", path: firstLink(home, /^\/events\/category\/[\w-]+$/, "a category") },
    { page: "event", path: firstLink(home, /^\/events\/(?!category\/|type\/)[\w-]+$/, "an event") },
  ];
  results.push({ page: "baseline", path: "(bare page)", samples: [] });
  for (const p of pages) results.push({ ...p, samples: [] });
  // Round by round, so a spell of load on the machine falls across every page rather than one.
  for (let run = 0; run < RUNS; run++) {
    for (const r of results) {
      const lhr = await measure(r.page === "baseline" ? `${bareServer.baseUrl}/` : `${server.baseUrl}${r.path}`);
      const sample = {
        performance: lhr.categories.performance?.score ?? 0,
        lcp_ms: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbt_ms: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
      r.samples.push(sample);
      console.log(
        `run ${run + 1}/${RUNS} ${r.path}: performance ${sample.performance.toFixed(2)}, LCP ` +
          `${Math.round(sample.lcp_ms)} ms, TBT ${Math.round(sample.tbt_ms)} ms, CLS ${sample.cls.toFixed(3)}`,
      );
    }
  }
} finally {
  await chromium.stop();
  await bareServer.stop();
  await server.stop();
}

const baselineLcp = median(results.find((r) => r.page === "baseline")!.samples.map((s) => s.lcp_ms));
const rows = results
  .filter((r) => r.page !== "baseline")
  .map((r) => {
    const m = (key: keyof Sample) => median(r.samples.map((s) => s[key]));
    const row = {
      page: r.page,
      path: r.path,
      performance: round(m("performance")),
      lcp_ms: Math.round(m("lcp_ms")),
      lcp_ratio: round(baselineLcp / m("lcp_ms")),
      tbt_ms: Math.round(m("tbt_ms")),
      cls: round(m("cls"), 3),
    };
    const met = {
      performance: row.performance >= TARGETS.performance,
      lcp: row.lcp_ms <= TARGETS.lcp_ms,
      tbt: row.tbt_ms <= TARGETS.tbt_ms,
      cls: row.cls <= TARGETS.cls,
    };
    return { ...row, met };
  });
const benchmarkIndex = Math.round(median(results.flatMap((r) => r.samples.map((s) => s.benchmarkIndex))));
const mark = (ok: boolean) => (ok ? " " : "✗");

console.log(
  `\nMedians of ${RUNS} runs (Lighthouse mobile; targets: performance ≥ 0.9, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1; ✗ ` +
    `= missed)`,
);
console.log("page      path                                        performance    LCP ms  ratio   TBT ms     CLS");
for (const r of rows) {
  console.log(
    `${r.page.padEnd(9)} ${r.path.slice(0, 42).padEnd(42)} ` +
      `${r.performance.toFixed(2).padStart(12)}${mark(r.met.performance)} ` +
      `${String(r.lcp_ms).padStart(8)}${mark(r.met.lcp)} ${r.lcp_ratio.toFixed(2).padStart(6)} ` +
      `${String(r.tbt_ms).padStart(7)}${mark(r.met.tbt)} ${r.cls.toFixed(3).padStart(7)}${mark(r.met.cls)}`,
  );
}
console.log(
  `baseline: a bare page's LCP ${Math.round(baselineLcp)} ms in the same rounds; ratio = baseline LCP / the page's ` +
    `(1 = as fast as a bare page)`,
);
console.log(
  `benchmark index ${benchmarkIndex} (Lighthouse's measure of this machine during the runs; higher is faster)`,
);
const lcpRatio = round(median(rows.map((r) => r.lcp_ratio)));
console.log(
  JSON.stringify({
    runs: RUNS,
    benchmark_index: benchmarkIndex,
    baseline_lcp_ms: Math.round(baselineLcp),
    lcp_ratio: lcpRatio,
    pages: rows,
    all_met: rows.every((r) => Object.values(r.met).every(Boolean)),
  }),
);

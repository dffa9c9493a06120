import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { openDatabase, type Database } from "../src/db/client.server";
import { prepareDatabase } from "../src/db/migrate.server";
import { loadTicketCodes, type TicketCodes } from "../src/server/ticket-codes.server";
import { createTestApp } from "../tests/setup/test-app";

const ROOT = path.resolve(import.meta.dirname, "..");

/** `--name value` from the command line, or a default. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export interface BenchDatabase {
  database: Database;
  dataDir: string;
  engine: string;
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh database for a benchmark: a new PostgreSQL database when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server, otherwise PGlite in a temporary directory. Dropped on close,
 * unless `keep` (PostgreSQL only): then it is tb_bench_<label>_kept_<keep>, made once and kept,
 * so a large seed can be measured again without seeding again.
 */
export async function benchDatabase(label: string, opts: { keep?: string } = {}): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tb-bench-${label}-`));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
    return {
      database,
      dataDir,
      engine: "pglite",
      close: async () => (await database.close(), fs.rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const name = opts.keep ? `tb_bench_${label}_kept_${opts.keep}` : `tb_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rows.length > 0;
  if (!opts.keep || !exists) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 10 });
  return {
    database,
    dataDir,
    engine: "postgres",
    url: url.toString(),
    async close() {
      await database.close();
      if (opts.keep) return fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (user + system, µs) used so far by a process and its descendants, read from /proc:
 * null where there is no /proc (not Linux) or no such process. Descendants that have ended count
 * too (their time passes to the parent that reaped them). `postgres()` is a local PostgreSQL
 * server: its postmaster and every backend, writer and checkpointer under it.
 */
export const cpuOf = {
  tree(root: number): number | null {
    const table = procTable();
    if (!table?.some((p) => p.pid === root)) return null;
    const ids = new Set([root]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of table) {
        if (ids.has(p.pid) || !ids.has(p.ppid)) continue;
        ids.add(p.pid);
        grew = true;
      }
    }
    return table.filter((p) => ids.has(p.pid)).reduce((n, p) => n + p.cpuMicros, 0);
  },
  postgres(): number | null {
    const backend = procTable()?.find((p) => p.cmdline.startsWith("postgres: "));
    return backend ? cpuOf.tree(backend.ppid) : null;
  },
};

function procTable(): { pid: number; ppid: number; cmdline: string; cpuMicros: number }[] | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  // Clock ticks, 100 a second on Linux.
  const tick = 1_000_000 / 100;
  const rows = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // The fields after the command name, which is in parentheses and may hold spaces: ppid, then
      // utime, stime, and cutime, cstime (children it has reaped) at 11 to 14.
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ");
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      rows.push({ pid: Number(name), ppid: Number(f[1]), cmdline, cpuMicros: ticks * tick });
    } catch {
      // The process ended while we looked.
    }
  }
  return rows;
}

/** The production build's server bundle, built first when there is none. */
export function ensureBuild(): string {
  const buildFile = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    console.log("No build yet: building…");
    const result = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return buildFile;
}

/** The pages' build in the one bundle, which exports it beside our server (see scripts/serve.mjs). */
export async function loadPagesBuild(buildFile: string): Promise<ServerBuild> {
  const { build } = (await import(buildFile)) as { build?: ServerBuild };
  if (!build?.routes) throw new Error(`${buildFile} exports no pages' build`);
  return build;
}

/** The app serving HTTP over a benchmark's database, and the ticket codes it signs and checks with. */
export interface BenchServer {
  port: number;
  /** The site's own origin, as browsers on it send it (the server checks posts against it). */
  origin: string;
  /** The server's own process, or null when it runs inside the benchmark (its CPU is then the benchmark's). */
  pid: number | null;
  ticketCodes: TicketCodes;
  close(): Promise<void>;
}

/**
 * The app over the benchmark's database, built first if need be. On PostgreSQL it is started as
 * `npm start` starts it, in its own process, migrating the database as it starts; on PGlite (one
 * process owns its files) it runs inside the benchmark.
 */
export async function startBenchServer(bench: BenchDatabase): Promise<BenchServer> {
  const buildFile = ensureBuild();
  return bench.url ? startServerProcess(bench, bench.url) : startServerInProcess(bench, buildFile);
}

/** `npm start` against the benchmark's database, on a free port. */
async function startServerProcess(bench: BenchDatabase, url: string): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // PROFILE=dir: the server itself (as start.mjs runs it) writes a CPU profile there as it stops.
  const profileDir = process.env.PROFILE ? path.resolve(process.env.PROFILE) : null;
  const command = profileDir
    ? ["--max-semi-space-size=32", "--cpu-prof", `--cpu-prof-dir=${profileDir}`, path.join(ROOT, "scripts/serve.mjs")]
    : [path.join(ROOT, "scripts/start.mjs")];
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: url,
      DATA_DIR: bench.dataDir,
      SEED_DEMO: "false",
      TRUST_PROXY: "true",
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error("the server stopped while starting");
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error("the server did not start in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    origin,
    pid: child.pid ?? null,
    // The server made the installation's secret as it started; this reads the same one.
    ticketCodes: await loadTicketCodes(bench.database.db),
    async close() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The app inside this process, over the PGlite database the benchmark also reads. */
async function startServerInProcess(bench: BenchDatabase, buildFile: string): Promise<BenchServer> {
  const build = await loadPagesBuild(buildFile);
  await prepareDatabase(bench.database);
  const testApp = await createTestApp(
    bench.database,
    { DATA_DIR: bench.dataDir, TRUST_PROXY: "true" },
    { getBuild: async () => build },
  );
  const httpServer = http.createServer(getRequestListener(testApp.app.fetch));
  // Idle keep-alive sockets stay open between phases (a raw SQL phase can take a while).
  httpServer.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  return {
    port: (httpServer.address() as { port: number }).port,
    origin: testApp.config.publicUrl.replace(/\/$/, ""),
    pid: null,
    ticketCodes: testApp.ticketCodes,
    async close() {
      httpServer.close();
      await testApp.close();
    },
  };
}

/** A port nobody listens on now, on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Reply {
  status: number;
  location: string | null;
  cookies: string[];
  body: string;
}

/**
 * Requests to a benchmark's server as a browser on the site sends them: its host and origin, a
 * form or JSON body, a cookie, and an address of its own (X-Forwarded-For, which the server trusts
 * here). Keep-alive within a phase; `freshConnections()` before each, since the server closes sockets
 * idle for 5 s and one it closes just as we reuse it would fail the request.
 */
export function httpClient(server: { port: number; origin: string }) {
  let agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const request = (
    method: "GET" | "POST",
    route: string,
    opts: { cookie?: string; form?: Record<string, string>; json?: unknown; ip?: string } = {},
  ): Promise<Reply> => {
    const body = opts.form
      ? new URLSearchParams(opts.form).toString()
      : opts.json
        ? JSON.stringify(opts.json)
        : undefined;
    // React Router and the app's own guard refuse cross-origin posts.
    const headers: Record<string, string> = { Origin: server.origin, Host: new URL(server.origin).host };
    if (body !== undefined)
      headers["Content-Type"] = opts.form ? "application/x-www-form-urlencoded" : "application/json";
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.ip) headers["X-Forwarded-For"] = opts.ip;
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: server.port, method, path: route, agent, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!),
            body: text,
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  };
  return {
    request,
    freshConnections() {
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    },
    close: () => agent.destroy(),
  };
}

export interface Timed<T> {
  result: T;
  ms: number;
  /**
   * CPU the work cost the machine, in µs: everyone's, the server process's and PostgreSQL's; null where
   * it cannot be read.
   */
  cpu: { total: number | null; server: number | null; postgres: number | null };
}

/**
 * A stopwatch that also counts the CPU a piece of work costs the machine: this process (the
 * clients, and the server when it runs here), the server's process, and a local PostgreSQL. On a
 * machine whose cores are all busy, throughput is cores / CPU per request, so these say where a gap
 * comes from.
 */
export function cpuTimer(server: { pid: number | null }, bench: { url?: string }) {
  const now = () => {
    const { user, system } = process.cpuUsage();
    return {
      here: user + system,
      server: server.pid ? cpuOf.tree(server.pid) : null,
      postgres: bench.url ? cpuOf.postgres() : null,
    };
  };
  return async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
    const before = now();
    const t = performance.now();
    const result = await work();
    const ms = performance.now() - t;
    const after = now();
    const delta = (k: "server" | "postgres") =>
      before[k] === null || after[k] === null ? null : after[k]! - before[k]!;
    const postgres = delta("postgres");
    const serverCpu = delta("server");
    // PostgreSQL elsewhere (or out of sight) leaves the total unknown.
    const total = bench.url && postgres === null ? null : after.here - before.here + (serverCpu ?? 0) + (postgres ?? 0);
    return { result, ms, cpu: { total, server: serverCpu, postgres } };
  };
}

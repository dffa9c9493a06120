import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../src/db/client.server";

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

/**
 * A fresh database for a benchmark: a new PostgreSQL database when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server, otherwise PGlite in a temporary directory. Dropped on close.
 */
export async function benchDatabase(
  label: string,
): Promise<{ database: Database; dataDir: string; engine: string; url?: string; close(): Promise<void> }> {
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
  const name = `tb_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
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

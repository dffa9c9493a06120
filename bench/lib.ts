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
export async function benchDatabase(label: string): Promise<{ database: Database; dataDir: string; engine: string; url?: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tb-bench-${label}-`));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
    return { database, dataDir, engine: "pglite", close: async () => (await database.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
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

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server";
import * as schema from "./schema";

/**
 * One query-builder type for both engines. PGlite's and node-postgres's Drizzle databases build
 * the same SQL; we type them as node-postgres so services are written once.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /** Runs `fn` while holding a cluster-wide advisory lock, on one connection. */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type OpenOptions =
  | { engine: "postgres"; url: string; poolSize?: number }
  | { engine: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.engine === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection that dies while idle must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    engine: "postgres",
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // One process per data directory: a second would start and silently lose its writes.
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    // PGlite is one connection in one process: holding its lock still serialises work within it.
    async withAdvisoryLock(key, fn) {
      await client.query("select pg_advisory_lock($1)", [key]);
      try {
        return await fn(db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [key]);
      }
    },
    async close() {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

/** Exposes the PGlite client behind a Database, for copying a migrated template in tests. */
export function pgliteClientOf(database: Database): PGlite {
  const session = (database.db as unknown as { $client: PGlite }).$client;
  return session;
}

/**
 * The driver underneath a Database, for libraries that speak SQL themselves (pg-boss): the PGlite
 * instance, or the node-postgres pool the app's queries already use.
 */
export function rawClientOf(
  database: Database,
): { engine: "pglite"; client: PGlite } | { engine: "postgres"; pool: pg.Pool } {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.engine === "pglite"
    ? { engine: "pglite", client: client as PGlite }
    : { engine: "postgres", pool: client as pg.Pool };
}

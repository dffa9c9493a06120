import fs from "node:fs/promises";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../src/db/client.server";
import { withDatabase } from "./global-db";

/**
 * A fresh, migrated database for one test file: a copy of the run's template, on the engine the
 * run is for. Close it in afterAll; on PostgreSQL closing also drops the copy.
 */
export async function createTestDatabase(): Promise<Database> {
  const testDb = inject("testDb");
  if (testDb.engine === "pglite") {
    const file = await fs.readFile(testDb.templateFile);
    return openDatabase({ engine: "pglite", loadDataDir: new Blob([new Uint8Array(file)]) });
  }
  const name = `${testDb.template}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  await admin.end();
  const url = withDatabase(testDb.url, name);
  const database = await openDatabase({ engine: "postgres", url, poolSize: 5 });
  const copy: Database = {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDb.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
  urls.set(copy, url);
  return copy;
}

/** Where each PostgreSQL copy is, so that more pools can open on it. */
const urls = new WeakMap<Database, string>();

/**
 * Another instance of the app on the same test database, as a second process would be: on
 * PostgreSQL a pool of its own (`connections` of them), with its own batches of claims (decision
 * 0016); on PGlite, which is one connection in one process, the database itself. Close it before
 * the database.
 */
export async function openOtherInstance(database: Database, connections: number): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openDatabase({ engine: "postgres", url, poolSize: connections });
}

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteClientOf } from "../../src/db/client.server";
import { migrate } from "../../src/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: { engine: "pglite"; templateFile: string } | { engine: "postgres"; url: string; template: string };
  }
}

/**
 * Migrates one template database per test run. Test files copy it (PGlite: a data-dir dump;
 * PostgreSQL: CREATE DATABASE … TEMPLATE), which takes about a second instead of migrating each time.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `tb_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ engine: "postgres", url: withDatabase(url, template), poolSize: 1 });
    await migrate(database.db);
    await database.close();
    project.provide("testDb", { engine: "postgres", url, template });
    return async () => {
      // Copies made by test files are dropped by them; drop any left behind by a crash, then the template.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `${template}_%`,
      ]);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ engine: "pglite" });
  await migrate(database.db);
  const dump = await pgliteClientOf(database).dumpDataDir("none");
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ticketyboo-test-"));
  const templateFile = path.join(dir, "template.tar");
  await fs.writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDb", { engine: "pglite", templateFile });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

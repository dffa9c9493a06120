import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Database, Db } from "./client.server";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** The advisory-lock key every instance takes before migrating or seeding (arbitrary, stable). */
export const STARTUP_LOCK_KEY = 727_412_001;

/** Applies the committed migrations. Both drivers share the node-postgres migrator's SQL path. */
export async function migrate(db: Db): Promise<void> {
  // drizzle's pglite and node-postgres migrators run the same statements; the pg one works for both
  // because both databases implement the dialect session it uses.
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Migrates (and optionally runs `afterMigrate`, e.g. the demo seed) while holding the start-up lock,
 * so instances starting together against one PostgreSQL take turns and the second finds the work done.
 */
export async function prepareDatabase(database: Database, afterMigrate?: (db: Db) => Promise<void>): Promise<void> {
  await database.withAdvisoryLock(STARTUP_LOCK_KEY, async (db) => {
    await migrate(db);
    if (afterMigrate) await afterMigrate(db);
  });
}

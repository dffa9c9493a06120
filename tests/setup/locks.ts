import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database, Db } from "../../src/db/client.server";

/** How many connections to this database are waiting for a lock (PostgreSQL). */
async function waitingForLocks(database: Database): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(rows[0]!.n);
}

/**
 * Starts `work` while a transaction holds the locks `hold` takes, and lets them go only once
 * `waiters` connections are seen waiting for a lock with none of the work settled; then answers how
 * each piece of work settled. This proves, rather than hopes, that the work waited for the lock,
 * and that all of it ran at once: nothing is timed. On PostgreSQL only: PGlite is one connection,
 * so a transaction holding it would stop everything else.
 */
export async function whileLocked<T>(
  database: Database,
  hold: (tx: Db) => Promise<unknown>,
  waiters: number,
  work: () => Promise<T>[],
): Promise<PromiseSettledResult<T>[]> {
  expect(database.engine, "two connections at once need PostgreSQL").toBe("postgres");
  let started: Promise<T>[] = [];
  let settledEarly = 0;
  await database.db.transaction(async (tx) => {
    await hold(tx);
    started = work();
    for (const p of started)
      p.then(
        () => settledEarly++,
        () => settledEarly++,
      );
    // Looks until every connection has come to wait, or some work settled without waiting.
    let waiting = 0;
    for (let look = 0; look < 1000 && settledEarly === 0; look++) {
      waiting = await waitingForLocks(database);
      if (waiting >= waiters) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(settledEarly, "work settled while the lock was held: it did not wait for it").toBe(0);
    expect(waiting, "connections waiting for the lock").toBe(waiters);
  });
  return Promise.allSettled(started);
}

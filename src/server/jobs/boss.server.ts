import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { type Database, rawClientOf } from "~/db/client.server";

/**
 * Background jobs on pg-boss, in the app's own database (PostgreSQL or PGlite). pg-boss keeps its
 * tables in its own schema (`pgboss`) and migrates them itself; our Drizzle migrations never touch it.
 */
export type JobQueue = PgBoss;
export type Job<T extends object> = PgBoss.JobWithMetadata<T>;

export const JOBS_SCHEMA = "pgboss";

/**
 * Instances starting together against one PostgreSQL take turns installing or upgrading pg-boss's
 * schema under this advisory lock (beside the migration lock, not the same key), so the second
 * finds it installed instead of racing to create it.
 */
export const JOBS_START_LOCK_KEY = 727_412_002;

export interface StartJobsOptions {
  logger: Logger;
  /** How often an idle worker looks for due jobs. pg-boss's floor is 0.5 s; 2 s by default. */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's housekeeping: failing jobs stuck in "active" past their expiry, archiving old jobs,
   * and cron schedules. On by default; tests that only need a queue turn it off to stay quiet.
   */
  maintenance?: boolean;
}

/**
 * What a queue still has under way: its statements and our handlers. pg-boss's graceful stop waits
 * only for workers holding jobs, so a worker in the middle of fetching (holding none yet) can get
 * its jobs, run their handlers and mark them done after `stop()` has resolved, on a database the
 * caller has closed by then. `stopJobs` waits for both to settle.
 */
const underWay = new WeakMap<JobQueue, Set<Promise<unknown>>>();

function track<T>(work: Set<Promise<unknown>>, promise: Promise<T>): Promise<T> {
  work.add(promise);
  const done = () => work.delete(promise);
  promise.then(done, done);
  return promise;
}

export async function startJobs(database: Database, options: StartJobsOptions): Promise<JobQueue> {
  const { logger, pollingIntervalSeconds = 2, maintenance = true } = options;
  const work = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: jobDatabase(database, work),
    schema: JOBS_SCHEMA,
    pollingIntervalSeconds,
    supervise: maintenance,
    schedule: maintenance,
  });
  // pg-boss reports worker and maintenance failures as events; without a listener Node would throw.
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  await database.withAdvisoryLock(JOBS_START_LOCK_KEY, async () => {
    await boss.start();
  });
  underWay.set(boss, work);
  return boss;
}

/**
 * Stops taking jobs and waits (up to `timeoutMs` in all) for running ones to finish, and for any
 * statement the queue still has under way. Call before closing the database.
 */
export async function stopJobs(boss: JobQueue, { timeoutMs = 8_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  const work = underWay.get(boss);
  if (!work) return;
  // A fetch that ends hands its jobs to the handler in the same turn of the event loop, so work is
  // judged finished only once a whole turn has passed with nothing under way.
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (work.size === 0 || Date.now() >= deadline) return;
    const left = deadline - Date.now();
    await Promise.race([Promise.allSettled([...work]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
  }
}

export interface WorkerOptions {
  /** Retries after the first attempt, and the delay (seconds) before the first retry. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay each retry, with jitter. */
  retryBackoff: boolean;
  pollingIntervalSeconds?: number;
  /** Jobs this instance works on at once (one pg-boss worker each). */
  concurrency?: number;
}

export interface RegisteredWorker {
  /** Wakes this instance's idle workers now, rather than at their next poll (after a send here). */
  notify(): void;
}

/**
 * Creates the queue if it is missing (pg-boss 10 needs a queue before send or work) and starts
 * this instance's workers on it. The handler sees one job at a time; throwing fails the attempt
 * and pg-boss retries it by the queue's rules. `job.retryCount === job.retryLimit` on the last try.
 */
export async function registerWorker<T extends object>(
  { boss, database }: { boss: JobQueue; database: Database },
  queue: string,
  options: WorkerOptions,
  handler: (job: Job<T>) => Promise<void>,
): Promise<RegisteredWorker> {
  // Two instances creating the same queue at once deadlock inside pg-boss (each attaches a
  // partition to the job table), so they take turns under the start-up lock.
  await database.withAdvisoryLock(JOBS_START_LOCK_KEY, async () => {
    if (await boss.getQueue(queue)) return;
    await boss.createQueue(queue, {
      name: queue,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: options.retryBackoff,
    });
  });
  const ids: string[] = [];
  for (let i = 0; i < (options.concurrency ?? 1); i++) {
    const workOptions = {
      includeMetadata: true as const,
      batchSize: 1,
      ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    };
    const work = underWay.get(boss);
    const handle = async (jobs: Job<T>[]) => {
      for (const job of jobs) await handler(job);
    };
    ids.push(await boss.work<T>(queue, workOptions, (jobs) => (work ? track(work, handle(jobs)) : handle(jobs))));
  }
  return {
    notify() {
      for (const id of ids) boss.notifyWorker(id);
    },
  };
}

/**
 * pg-boss's `db` option: it only needs `executeSql(text, values)` returning the driver's whole
 * result (it reads `rows`). Statements with parameters are single statements; those without may be
 * scripts (schema creation and upgrades wrap several statements in BEGIN … COMMIT).
 */
function jobDatabase(database: Database, work: Set<Promise<unknown>>): PgBoss.Db {
  const db = engineDatabase(database);
  return { executeSql: (text, values) => track(work, db.executeSql(text, values)) };
}

function engineDatabase(database: Database): PgBoss.Db {
  const raw = rawClientOf(database);
  if (raw.engine === "pglite") {
    const client = raw.client;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return client.query(text, values);
        // PGlite is one session shared by the whole app. A script run as is could fail after its
        // BEGIN and leave that session in an aborted transaction for the next caller; inside
        // PGlite's own transaction nobody else runs until it has committed or rolled back.
        const script = text
          .trim()
          .replace(/^BEGIN\s*;/i, "")
          .replace(/COMMIT\s*;?$/i, "");
        const results = await client.transaction((tx) => tx.exec(script));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = raw.pool;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pool.query(text, values);
      // Scripts run on one checked-out connection so a failure can be rolled back there, rather
      // than handing a connection stuck in an aborted transaction back to the app's pool.
      const client = await pool.connect();
      try {
        const result = await client.query(text);
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

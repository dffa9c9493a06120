import { asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Database, Db } from "~/db/client.server";
import { afterCommitWork } from "~/db/schema";
import type { AfterCommitWork } from "~/services/after-commit";
import { doAfterCommitWork, type EmailDeps } from "~/services/emails/after-sale";
import { type Job, type JobQueue, type RegisteredWorker, registerWorker } from "./boss.server";

/** The pg-boss queue that does after-commit work, one job per `after_commit_work` row. */
export const AFTER_COMMIT_QUEUE = "after-commit.work";

interface WorkJob {
  workId: string;
}

export interface AfterCommitOptions {
  boss: JobQueue;
  database: Database;
  /** What the work needs: the mailer (which queues each email on `email.send`) and the site's address. */
  mailer: EmailDeps["mailer"];
  publicUrl: string;
  /** The team's chat webhook, for visitors' messages announced after their commit. */
  teamChat?: EmailDeps["teamChat"];
  logger: Logger;
  /** Retries after the first attempt (5) and the delay before the first (10 s), doubling after. */
  retry?: { limit: number; delaySeconds: number };
  /** How often idle workers look for due retries (2 s by default). */
  pollingIntervalSeconds?: number;
}

export interface AfterCommitWorker {
  /**
   * Hands the work recorded but not yet queued to the job queue, in one transaction (the jobs and
   * the rows' `queued_at` commit together), and wakes this instance's workers. Answers how many.
   */
  sweep(): Promise<number>;
  /** Asks for a sweep now, without waiting for it (after a request that may have recorded work). */
  wake(): void;
}

/**
 * After-commit work: use cases record it in their own transaction (`afterCommit`, an
 * `after_commit_work` row), so it exists if and only if what made it necessary committed. Here
 * the sweep moves each new row onto the `after-commit.work` queue (inserting the pg-boss job in
 * the same transaction that marks the row queued, so a row is queued exactly once), and a worker
 * does the work (composes the email and hands it to the mailer) and deletes the row. A failure is
 * retried by pg-boss with backoff. The sweep runs when woken (after each request that may have
 * written, and after jobs) and on a timer set by the caller, so work recorded by an instance that
 * stopped right after its commit is still found.
 */
export async function startAfterCommitWork(options: AfterCommitOptions): Promise<AfterCommitWorker> {
  const { boss, database, logger } = options;
  const db = database.db;
  const retry = options.retry ?? { limit: 5, delaySeconds: 10 };
  const log = logger.child({ component: "after-commit" });
  const deps: EmailDeps = { db, mailer: options.mailer, publicUrl: options.publicUrl, teamChat: options.teamChat };

  async function run(job: Job<WorkJob>): Promise<void> {
    const [row] = await db.select().from(afterCommitWork).where(eq(afterCommitWork.id, job.data.workId));
    // Done already (a job run twice after a stop between the work and its delete).
    if (!row) return;
    const work = row.work as AfterCommitWork;
    try {
      await doAfterCommitWork(deps, work, new Date());
    } catch (error) {
      const lastTry = job.retryCount >= job.retryLimit;
      const fields = { workId: row.id, kind: work.kind, attempt: job.retryCount + 1, err: error };
      if (lastTry)
        log.error(fields, "after-commit work failed: no retries left (the row stays for a person to look at)");
      else log.warn(fields, "after-commit work failed: will retry");
      throw error;
    }
    await db.delete(afterCommitWork).where(eq(afterCommitWork.id, row.id));
  }

  const registered: RegisteredWorker = await registerWorker<WorkJob>(
    { boss, database },
    AFTER_COMMIT_QUEUE,
    {
      retryLimit: retry.limit,
      retryDelaySeconds: retry.delaySeconds,
      retryBackoff: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      concurrency: 2,
    },
    run,
  );

  async function sweep(): Promise<number> {
    const queued = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: afterCommitWork.id })
        .from(afterCommitWork)
        .where(isNull(afterCommitWork.queuedAt))
        .orderBy(asc(afterCommitWork.createdAt))
        .limit(100)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return 0;
      const inTransaction = jobsIn(tx);
      for (const r of rows) {
        const jobId = await boss.send(AFTER_COMMIT_QUEUE, { workId: r.id } satisfies WorkJob, {
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          db: inTransaction,
        });
        if (!jobId) throw new Error(`Could not queue after-commit work ${r.id}`);
      }
      await tx
        .update(afterCommitWork)
        .set({ queuedAt: new Date() })
        .where(
          inArray(
            afterCommitWork.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.length;
    });
    if (queued > 0) registered.notify();
    return queued;
  }

  // One sweep at a time on this instance; a wake during a sweep runs one more after it.
  let running: Promise<void> | null = null;
  let again = false;
  function wake(): void {
    if (running) {
      again = true;
      return;
    }
    running = sweep()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, "could not queue after-commit work: the next sweep tries again"),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return { sweep, wake };
}

/**
 * pg-boss's `db` option bound to a Drizzle transaction, so a job is inserted in that transaction
 * and exists only if it commits. pg-boss writes `$1 … $n` placeholders (some used twice); each
 * becomes a Drizzle parameter, which works the same on PGlite and PostgreSQL.
 */
export function jobsIn(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return tx.execute(withParameters(text, values));
    },
  };
}

function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${sql.param(values[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}

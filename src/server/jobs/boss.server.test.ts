import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type Job, JOBS_SCHEMA, registerWorker, startJobs, stopJobs } from "./boss.server";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("the job queue", () => {
  it("starts twice at once on one database (two instances), and either one runs the jobs", async () => {
    const [first, second] = await Promise.all([
      startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false }),
      startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false }),
    ]);
    try {
      const { rows } = await database.db.execute<{ version: string }>(
        sql.raw(`select version from ${JOBS_SCHEMA}.version`),
      );
      expect(rows).toHaveLength(1);

      const seen: { by: string; n: number }[] = [];
      const handler = (by: string) => async (job: Job<{ n: number }>) => void seen.push({ by, n: job.data.n });
      const options = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 };
      await Promise.all([
        registerWorker({ boss: first, database }, "test.echo", options, handler("first")),
        registerWorker({ boss: second, database }, "test.echo", options, handler("second")),
      ]);
      for (let n = 1; n <= 6; n++) await (n % 2 ? first : second).send("test.echo", { n });

      await vi.waitFor(() => expect(seen.map((s) => s.n).sort()).toEqual([1, 2, 3, 4, 5, 6]), {
        timeout: 10_000,
        interval: 100,
      });
      // Each job ran once, whichever instance picked it up.
      expect(seen).toHaveLength(6);
    } finally {
      await Promise.all([stopJobs(first), stopJobs(second)]);
    }
  });

  it("retries a failed job with the attempt number the handler can see", async () => {
    const boss = await startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false });
    try {
      const attempts: { retryCount: number; retryLimit: number }[] = [];
      const worker = await registerWorker<{ ok: boolean }>(
        { boss, database },
        "test.flaky",
        { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
        async (job) => {
          attempts.push({ retryCount: job.retryCount, retryLimit: job.retryLimit });
          if (attempts.length === 1) throw new Error("first attempt fails");
        },
      );
      await boss.send("test.flaky", { ok: true });
      worker.notify();
      await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 10_000, interval: 100 });
      expect(attempts).toEqual([
        { retryCount: 0, retryLimit: 1 },
        { retryCount: 1, retryLimit: 1 },
      ]);
    } finally {
      await stopJobs(boss);
    }
  });

  it("stops only once a worker caught in the middle of fetching has run the jobs it got", async () => {
    const boss = await startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false });
    let stopped = false;
    let ranBeforeStopped = 0;
    let ranAfterStopped = 0;
    const worker = await registerWorker<{ n: number }>(
      { boss, database },
      "test.late",
      { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 30 },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (stopped) ranAfterStopped++;
        else ranBeforeStopped++;
      },
    );
    await boss.send("test.late", { n: 1 });
    // The job table is locked, so the worker's fetch, once woken, waits in the database.
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`lock table ${JOBS_SCHEMA}.job in access exclusive mode`));
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    worker.notify();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = stopJobs(boss).then(() => void (stopped = true));
    // pg-boss's own stop sees no worker holding jobs and is done well within this.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(stopped).toBe(false);
    release();
    await holding;
    await stopping;
    expect({ ranBeforeStopped, ranAfterStopped }).toEqual({ ranBeforeStopped: 1, ranAfterStopped: 0 });
  });

  it("leaves the app's connection usable after a failed pg-boss script", async () => {
    const boss = await startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false });
    try {
      // The adapter pg-boss was given: a script that fails inside BEGIN … COMMIT must not leave the transaction open.
      const db = boss.getDb() as { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
      await expect(db.executeSql("BEGIN; SELECT 1; SELECT * FROM no_such_table; COMMIT;")).rejects.toThrow(
        /no_such_table/,
      );
      const { rows } = await database.db.execute<{ ok: number }>(sql`select 1 as ok`);
      expect(rows[0]!.ok).toBe(1);
      const after = await db.executeSql("SELECT 2 AS two");
      expect(after.rows).toEqual([{ two: 2 }]);
    } finally {
      await stopJobs(boss);
    }
  });
});

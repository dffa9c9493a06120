import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { rateLimit } from "~/db/schema";
import { throttleContract } from "../../tests/contracts/throttle-contract";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createDbThrottle, deleteExpiredCounters, type Throttle } from "./throttle";

let database: Database;
let throttle: Throttle;

beforeAll(async () => {
  database = await createTestDatabase();
  throttle = createDbThrottle(database.db, { cleanupProbability: 0 });
});
afterAll(async () => {
  await database.close();
});

// PGlite by default; PostgreSQL (a pool of connections, so the race is real) with TEST_DATABASE_URL.
describe(`database throttle (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  throttleContract(() => ({
    throttle,
    instances: () => Array.from({ length: 5 }, () => createDbThrottle(database.db, { cleanupProbability: 0 })),
  }));

  it("deletes counters whose window has passed, and only those", async () => {
    const now = new Date("2026-05-01T09:00:00Z");
    const rule = { limit: 5, windowMs: 60_000 };
    await throttle.hit("cleanup:old", rule, new Date(now.getTime() - 61_000));
    await throttle.hit("cleanup:live", rule, new Date(now.getTime() - 30_000));
    const keys = async () =>
      (
        await database.db
          .select({ key: rateLimit.key })
          .from(rateLimit)
          .where(sql`${rateLimit.key} like 'cleanup:%'`)
      )
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(["cleanup:live", "cleanup:old"]);
    await deleteExpiredCounters(database.db, now);
    expect(await keys()).toEqual(["cleanup:live"]);
  });

  it("tidies up expired counters now and then as it counts", async () => {
    const tidy = createDbThrottle(database.db, { cleanupProbability: 1 });
    const rule = { limit: 5, windowMs: 60_000 };
    const now = new Date("2026-06-01T09:00:00Z");
    await tidy.hit("tidy:old", rule, new Date(now.getTime() - 120_000));
    await tidy.hit("tidy:new", rule, now);
    expect(await database.db.select().from(rateLimit).where(eq(rateLimit.key, "tidy:old"))).toEqual([]);
    expect((await tidy.peek("tidy:new", rule, now)).count).toBe(1);
  });
});

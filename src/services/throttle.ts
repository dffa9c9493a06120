import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

/**
 * Fixed-window counters for rate limits, shared by every instance: in PostgreSQL (this file) or
 * in Redis (server/throttle-redis.server.ts) when REDIS_URL is set. A window opens at the first
 * hit of a key and lasts `windowMs`; the hit that finds it over opens a new one.
 */
export interface ThrottleRule {
  /** Hits allowed per window (≥ 1). */
  limit: number;
  windowMs: number;
}

export interface ThrottleResult {
  /** hit: this hit is within the limit. peek: another hit now would be. */
  allowed: boolean;
  /** Hits counted in the current window (after this one, for `hit`). */
  count: number;
  /** When not allowed, how long until the window resets; 0 when allowed. */
  retryAfterMs: number;
}

export interface Throttle {
  hit(key: string, rule: ThrottleRule, now: Date): Promise<ThrottleResult>;
  peek(key: string, rule: ThrottleRule, now: Date): Promise<ThrottleResult>;
  /**
   * Gives back one hit of the window open at `now` (never below zero; nothing once it has passed):
   * for an attempt counted before it was judged (so that attempts sent at once cannot pass the limit
   * together) that turned out not to count, such as a right password.
   */
  release(key: string, now: Date): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The result for a window holding `count` hits that resets at `resetAtMs`. */
export function throttleResult(
  mode: "hit" | "peek",
  count: number,
  resetAtMs: number,
  rule: ThrottleRule,
  now: Date,
): ThrottleResult {
  const open = resetAtMs > now.getTime();
  const current = open ? count : 0;
  const allowed = mode === "hit" ? current <= rule.limit : current < rule.limit;
  return { allowed, count: current, retryAfterMs: allowed || !open ? 0 : resetAtMs - now.getTime() };
}

export function assertRule(rule: ThrottleRule): void {
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new Error(`throttle limit must be a positive integer, got ${rule.limit}`);
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1)
    throw new Error(`throttle windowMs must be a positive integer, got ${rule.windowMs}`);
}

export interface DbThrottleOptions {
  /** Chance that a hit also deletes expired counters (tests set 0 or 1). */
  cleanupProbability?: number;
}

export function createDbThrottle(db: Db, { cleanupProbability = 0.01 }: DbThrottleOptions = {}): Throttle {
  return {
    async hit(key, rule, now) {
      assertRule(rule);
      const nowTs = sql`${now.toISOString()}::timestamptz`;
      const newResetAt = new Date(now.getTime() + rule.windowMs);
      const expired = sql`${rateLimit.resetAt} <= ${nowTs}`;
      // One statement, so concurrent hits on any number of instances each get their own count:
      // the row lock taken by ON CONFLICT DO UPDATE serialises them.
      const [row] = await db
        .insert(rateLimit)
        .values({ key, count: 1, resetAt: newResetAt })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimit.count} + 1 END`,
            resetAt: sql`CASE WHEN ${expired} THEN ${newResetAt.toISOString()}::timestamptz
              ELSE ${rateLimit.resetAt} END`,
          },
        })
        .returning({ count: rateLimit.count, resetAt: rateLimit.resetAt });
      if (!row) throw new Error("rate_limit upsert returned no row");
      if (Math.random() < cleanupProbability) await deleteExpiredCounters(db, now);
      return throttleResult("hit", row.count, row.resetAt.getTime(), rule, now);
    },

    async peek(key, rule, now) {
      assertRule(rule);
      const [row] = await db
        .select({ count: rateLimit.count, resetAt: rateLimit.resetAt })
        .from(rateLimit)
        .where(eq(rateLimit.key, key));
      return row
        ? throttleResult("peek", row.count, row.resetAt.getTime(), rule, now)
        : throttleResult("peek", 0, 0, rule, now);
    },

    async release(key, now) {
      await db
        .update(rateLimit)
        .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
        .where(and(eq(rateLimit.key, key), gt(rateLimit.resetAt, now)));
    },

    async reset(key) {
      await db.delete(rateLimit).where(eq(rateLimit.key, key));
    },
  };
}

/** Deletes counters whose window has passed: they count as zero already. */
export async function deleteExpiredCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimit).where(lte(rateLimit.resetAt, now));
}

import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { throttleContract } from "../../tests/contracts/throttle-contract";
import { createRedisThrottle, type RedisThrottle } from "./throttle-redis.server";

const url = process.env.TEST_REDIS_URL;
// One prefix per run, so runs sharing a Redis never see each other's counters.
const keyPrefix = `tb-test:${process.pid}:${randomBytes(4).toString("hex")}:`;
const opened: RedisThrottle[] = [];
const open = () => {
  const throttle = createRedisThrottle(url!, { keyPrefix });
  opened.push(throttle);
  return throttle;
};

// Say why in the run's output, not only in a verbose listing.
if (!url) console.info("Redis throttle tests skipped: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run them.");

afterAll(async () => {
  if (!url) return;
  const redis = new Redis(url);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await Promise.all(opened.map((t) => t.close()));
});

describe.skipIf(!url)(
  url ? "Redis throttle" : "Redis throttle (skipped: set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379, to run it)",
  () => {
    let shared: RedisThrottle | undefined;
    throttleContract(() => {
      shared ??= open();
      // Five clients, five connections: the race test's hits arrive at Redis from separate sockets.
      return { throttle: shared, instances: () => Array.from({ length: 5 }, open) };
    });

    it("lets Redis drop a counter when its window ends", async () => {
      const throttle = open();
      const redis = new Redis(url!);
      try {
        await throttle.hit("ttl", { limit: 3, windowMs: 60_000 }, new Date("2020-01-01T00:00:00Z"));
        // The TTL runs from the hit, not from the (here long past) clock it was given.
        const ttl = await redis.pttl(`${keyPrefix}ttl`);
        expect(ttl).toBeGreaterThan(55_000);
        expect(ttl).toBeLessThanOrEqual(60_000);
      } finally {
        await redis.quit();
      }
    });

    it("keeps prefixes apart", async () => {
      const mine = open();
      const theirs = createRedisThrottle(url!, { keyPrefix: `${keyPrefix}other:` });
      try {
        const rule = { limit: 1, windowMs: 60_000 };
        const now = new Date();
        await mine.hit("same-key", rule, now);
        expect(await theirs.peek("same-key", rule, now)).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
      } finally {
        await theirs.close();
      }
    });
  },
);

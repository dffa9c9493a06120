import { Redis } from "ioredis";
import { assertRule, throttleResult, type Throttle } from "~/services/throttle";

/**
 * The throttle in Redis, for instances that share a Redis (REDIS_URL). Same fixed-window
 * semantics as the PostgreSQL store, including the caller's clock: the window's count and reset
 * time live in one hash, updated by one Lua script (atomic in Redis). The key's TTL only
 * tidies up; it is set relative to the hit, so an injected clock cannot make a key vanish early.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local current = redis.call('HMGET', KEYS[1], 'count', 'reset_at')
local count = tonumber(current[1]) or 0
local resetAt = tonumber(current[2]) or 0
if resetAt <= now then
  count = 1
  resetAt = now + windowMs
else
  count = count + 1
end
redis.call('HSET', KEYS[1], 'count', count, 'reset_at', resetAt)
redis.call('PEXPIRE', KEYS[1], resetAt - now)
return {count, resetAt}
`;

/** One hit of the window open now given back, never below zero (`Throttle.release`). */
const RELEASE_SCRIPT = `
local now = tonumber(ARGV[1])
local current = redis.call('HMGET', KEYS[1], 'count', 'reset_at')
local count = tonumber(current[1]) or 0
local resetAt = tonumber(current[2]) or 0
if resetAt > now and count > 0 then
  redis.call('HSET', KEYS[1], 'count', count - 1)
end
return 0
`;

export interface RedisThrottle extends Throttle {
  close(): Promise<void>;
}

export interface RedisThrottleOptions {
  /** Prepended to every key (tests use one per run so parallel runs never meet). */
  keyPrefix?: string;
  /** Connection problems (ioredis reconnects by itself); commands fail after a few retries. */
  onError?: (error: Error) => void;
}

type WithHit = Redis & {
  throttleHit(key: string, nowMs: number, windowMs: number): Promise<[number, number]>;
  throttleRelease(key: string, nowMs: number): Promise<number>;
};

export function createRedisThrottle(
  url: string,
  { keyPrefix = "tb:throttle:", onError }: RedisThrottleOptions = {},
): RedisThrottle {
  // Fail a request after a few reconnect attempts rather than queueing it for long: a sign-in
  // should get an error it can report, not hang.
  const redis = new Redis(url, { keyPrefix, maxRetriesPerRequest: 2, connectTimeout: 5_000 }) as WithHit;
  redis.on("error", (error: Error) => onError?.(error));
  redis.defineCommand("throttleHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand("throttleRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });

  return {
    async hit(key, rule, now) {
      assertRule(rule);
      const [count, resetAt] = await redis.throttleHit(key, now.getTime(), rule.windowMs);
      return throttleResult("hit", Number(count), Number(resetAt), rule, now);
    },

    async peek(key, rule, now) {
      assertRule(rule);
      const [count, resetAt] = await redis.hmget(key, "count", "reset_at");
      return throttleResult("peek", Number(count ?? 0), Number(resetAt ?? 0), rule, now);
    },

    async release(key, now) {
      await redis.throttleRelease(key, now.getTime());
    },

    async reset(key) {
      await redis.del(key);
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

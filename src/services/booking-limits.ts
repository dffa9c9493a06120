import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import type { HoldRateLimits } from "./claim-stock";
import type { Throttle, ThrottleRule } from "./throttle";

/**
 * How often a person, and an address, may hold tickets, complete free orders and try codes. The
 * counters live in the shared throttle store (PostgreSQL, or Redis with REDIS_URL), except the
 * holds', which the claim counts itself in the same call that makes the hold (claim_holds,
 * migration 0009): the on-sale press stays one call to the database.
 *
 * An address is often shared (a venue's wifi, an office, a phone network's NAT), so its limits are
 * several people's worth; a person's are one person's.
 */
const MINUTE = 60_000;

export const HOLD_LIMITS: HoldRateLimits = {
  /** Holds a person leaves unbought (abandoned, lapsed, released, still open): a buyer needs a few, a hoarder many. */
  unboughtHoldsPerPerson: { limit: 30, windowMs: 60 * MINUTE },
  holdsPerIp: { limit: 120, windowMs: 10 * MINUTE },
};

export const CODE_LIMITS = {
  /** Discount codes tried (applied or sent with a Checkout), right or wrong, by one signed-in person. */
  triesPerPerson: { limit: 10, windowMs: 15 * MINUTE },
  /** Codes tried from one address, by anyone. */
  triesPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong private-ticket links (`?key=`) opened from one address. */
  wrongUnlockKeysPerIp: { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export const FREE_CHECKOUT_LIMITS = {
  perPerson: { limit: 10, windowMs: 60 * MINUTE },
  perIp: { limit: 60, windowMs: 60 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export const bookingThrottleKeys = {
  codeTriesByPerson: (userId: string) => `codes:person:${userId}`,
  codeTriesByIp: (ip: string) => `codes:ip:${ip}`,
  wrongUnlockKeysByIp: (ip: string) => `unlock-keys:ip:${ip}`,
  freeCheckoutsByPerson: (userId: string) => `free-checkouts:person:${userId}`,
  freeCheckoutsByIp: (ip: string) => `free-checkouts:ip:${ip}`,
};

export interface Asker {
  ip: string;
  /** The signed-in person, if any. */
  userId: string | null;
}

const tooMany = () => new AppError("rate_limited", messages.auth.tryAgainLater);

/** Counts hits on every key at once; refuses (rate_limited) if any is over its limit. */
async function hitAll(throttle: Throttle, hits: [string, ThrottleRule][], now: Date): Promise<void> {
  const results = await Promise.all(hits.map(([key, rule]) => throttle.hit(key, rule, now)));
  if (results.some((r) => !r.allowed)) throw tooMany();
}

/**
 * A discount code is about to be looked up for this person or address: counted before the answer,
 * right or wrong, so that no answer (not even "applied") comes once the limit is reached, and
 * presses sent at once are each counted (a hit is one atomic statement).
 */
export function countCodeTry(throttle: Throttle, asker: Asker, now: Date): Promise<void> {
  const hits: [string, ThrottleRule][] = [[bookingThrottleKeys.codeTriesByIp(asker.ip), CODE_LIMITS.triesPerIp]];
  if (asker.userId) hits.push([bookingThrottleKeys.codeTriesByPerson(asker.userId), CODE_LIMITS.triesPerPerson]);
  return hitAll(throttle, hits, now);
}

/** A private-ticket link's key that matched nothing: true while this address may still try keys. */
export async function countWrongUnlockKey(throttle: Throttle, ip: string, now: Date): Promise<boolean> {
  return (await throttle.hit(bookingThrottleKeys.wrongUnlockKeysByIp(ip), CODE_LIMITS.wrongUnlockKeysPerIp, now))
    .allowed;
}

/** Whether this address has tried too many wrong private-ticket keys to try another now. */
export async function unlockKeysBlocked(throttle: Throttle, ip: string, now: Date): Promise<boolean> {
  return !(await throttle.peek(bookingThrottleKeys.wrongUnlockKeysByIp(ip), CODE_LIMITS.wrongUnlockKeysPerIp, now))
    .allowed;
}

/** A free order is about to be completed for this person, from this address. */
export function countFreeCheckout(throttle: Throttle, asker: Asker & { userId: string }, now: Date): Promise<void> {
  return hitAll(
    throttle,
    [
      [bookingThrottleKeys.freeCheckoutsByPerson(asker.userId), FREE_CHECKOUT_LIMITS.perPerson],
      [bookingThrottleKeys.freeCheckoutsByIp(asker.ip), FREE_CHECKOUT_LIMITS.perIp],
    ],
    now,
  );
}

/** The person a session belongs to (unexpired), for counting what they try; null for none. */
export async function personOfSession(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: session.userId })
    .from(session)
    .where(and(eq(session.token, token), gt(session.expiresAt, now)))
    .limit(1);
  return row?.userId ?? null;
}

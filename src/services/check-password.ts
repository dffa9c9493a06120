import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account } from "~/db/schema";
import type { Throttle } from "./throttle";

/** Is this the person's current password? Asked before anything that cannot be undone. */
export async function isCurrentPassword(db: Db, userId: string, password: string): Promise<boolean> {
  if (!password) return false;
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  return verifyPassword({ hash: row.hash, password });
}

const MINUTE = 60_000;

/**
 * Wrong passwords typed by someone already signed in (changing the password or the email,
 * deleting the account). A stolen session may guess the password through any of these forms, so
 * they share one count per account and one per address, like sign-in's.
 */
export const PASSWORD_CHECK_LIMITS = {
  byAccount: { limit: 5, windowMs: 15 * MINUTE },
  byIp: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export const passwordCheckKeys = {
  byAccount: (userId: string) => `auth:password-check:acct:${userId}`,
  byIp: (ip: string) => `auth:password-check:ip:${ip}`,
};

export type PasswordCheck =
  { ok: true } | { ok: false; reason: "wrong" } | { ok: false; reason: "throttled"; retryAfterMs: number };

/**
 * Checks a signed-in person's password, throttled: once the account or the address has had too
 * many wrong answers, the password is not even compared until the window passes. Only wrong
 * answers stay counted; a right one clears the account's count.
 */
export async function checkPasswordThrottled(
  db: Db,
  throttle: Throttle,
  { userId, ip, password, now }: { userId: string; ip: string; password: string; now: Date },
): Promise<PasswordCheck> {
  // Each check is counted before the password is compared, one statement a counter, so checks sent all at once
  // cannot pass the limit together; a right password gives its check back.
  for (const [key, rule] of [
    [passwordCheckKeys.byAccount(userId), PASSWORD_CHECK_LIMITS.byAccount],
    [passwordCheckKeys.byIp(ip), PASSWORD_CHECK_LIMITS.byIp],
  ] as const) {
    const counted = await throttle.hit(key, rule, now);
    if (!counted.allowed) return { ok: false, reason: "throttled", retryAfterMs: counted.retryAfterMs };
  }
  if (await isCurrentPassword(db, userId, password)) {
    await throttle.reset(passwordCheckKeys.byAccount(userId));
    await throttle.release(passwordCheckKeys.byIp(ip), now);
    return { ok: true };
  }
  return { ok: false, reason: "wrong" };
}

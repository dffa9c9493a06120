/**
 * How often each account action may be tried. Counters live in the shared throttle store
 * (PostgreSQL, or Redis with REDIS_URL), so every instance sees the same numbers. Password checks
 * made by someone already signed in (changing the password or the email, deleting the account)
 * are limited in `services/check-password.ts`.
 */
const MINUTE = 60_000;

export const AUTH_LIMITS = {
  /**
   * Every sign-in to one account, right or wrong: no person signs in a hundred times in a quarter of an
   * hour, and each one costs the server about a fifth of a second of hashing.
   */
  signInsByAccount: { limit: 100, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address: enough for a shared office, too few for guessing. */
  signInFailuresByIp: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Wrong passwords for one account, from anywhere. Past this, signing in to the account needs
   * the robot check as well, rather than being refused: a stranger who knows the address can
   * make guessing costly but cannot lock the owner out.
   */
  signInFailuresByAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from one address: past this, that address waits, robot check or not. */
  signInFailuresByAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  signUpByIp: { limit: 20, windowMs: 60 * MINUTE },
  resetByIp: { limit: 10, windowMs: 15 * MINUTE },
  resetByAccount: { limit: 3, windowMs: 15 * MINUTE },
  /** Spec §4/§9: re-sending an email is blocked for 5 minutes. */
  verifySend: { limit: 1, windowMs: 5 * MINUTE },
  /**
   * Changes of email asked for by one account, and from one address, in a day: each sends a link to
   * an address the asker chose, so past a person who mistyped one, they are someone mailing strangers.
   */
  emailChangeByAccount: { limit: 3, windowMs: 24 * 60 * MINUTE },
  emailChangeByIp: { limit: 10, windowMs: 24 * 60 * MINUTE },
} as const;

export const throttleKeys = {
  signInsByAccount: (email: string) => `auth:signin:acct:${email}`,
  signInFailuresByIp: (ip: string) => `auth:signin-fail:ip:${ip}`,
  signInFailuresByAccount: (email: string) => `auth:signin-fail:acct:${email}`,
  signUpByIp: (ip: string) => `auth:signup:ip:${ip}`,
  resetByIp: (ip: string) => `auth:reset:ip:${ip}`,
  resetByAccount: (email: string) => `auth:reset:acct:${email}`,
  verifySend: (email: string) => `auth:verify-send:${email.toLowerCase()}`,
  emailChangeByAccount: (userId: string) => `auth:email-change:acct:${userId}`,
  emailChangeByIp: (ip: string) => `auth:email-change:ip:${ip}`,
  signInFailuresByAccountAndIp: (email: string, ip: string) => `auth:signin-fail:acct-ip:${email}|${ip}`,
};

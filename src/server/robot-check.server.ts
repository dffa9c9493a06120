import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { altchaUsed } from "~/db/schema";

/**
 * The robot check: a self-hosted ALTCHA proof of work. The browser fetches a signed challenge,
 * its workers find the secret counter, and the form posts the solution in the `altcha` field.
 * Nothing leaves our servers, and every instance sharing the database verifies alike (the HMAC
 * key lives in the database; used solutions are recorded there, so a solution works once).
 */
export interface RobotCheck {
  createChallenge(now: Date): Promise<Challenge>;
  verify(payload: string | null | undefined | FormDataEntryValue, now: Date): Promise<RobotCheckResult>;
}

export type RobotCheckResult = { ok: true } | { ok: false; reason: RobotCheckFailure };
export type RobotCheckFailure = "missing" | "invalid" | "expired" | "replayed";

export interface RobotCheckOptions {
  db: Db;
  /** From `getOrCreateSecret(db, "altcha")`. */
  hmacKey: string;
  /**
   * The largest secret counter a browser may have to reach. The counter is drawn from
   * [maxNumber / 2, maxNumber], so every challenge costs at least half the maximum.
   */
  maxNumber?: number;
  expiresInMs?: number;
  /** Chance that a verification also deletes expired replay records (tests set 0 or 1). */
  cleanupProbability?: number;
}

/**
 * PBKDF2 with 1,000 iterations per attempt, and a secret counter between 500 and 1,000.
 * Each attempt is one native key derivation in the browser's worker, which costs a fixed ~0.1 ms
 * of call overhead plus the iterations; with cheap attempts (plain SHA-256, or few iterations)
 * a person's browser spends its time on overhead a bot's native code never pays. Measured in
 * Chromium on a 2-core machine under heavy load: ~0.3 ms per attempt, median solve 0.2 s, worst
 * 0.35 s — well under a second on a slow laptop, while a bot still pays ~0.1 s of CPU per form.
 * (The widget shows "Verifying…" for at least 0.5 s however fast it solves.)
 */
export const ROBOT_CHECK_ALGORITHM = "PBKDF2/SHA-256";
export const ROBOT_CHECK_COST = 1_000;
export const DEFAULT_MAX_NUMBER = 1_000;
export const DEFAULT_EXPIRES_IN_MS = 10 * 60_000;
/** A real payload is about 1 KB; anything far larger is not one of ours. */
const MAX_PAYLOAD_LENGTH = 8_192;

const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export function createRobotCheck({
  db,
  hmacKey,
  maxNumber = DEFAULT_MAX_NUMBER,
  expiresInMs = DEFAULT_EXPIRES_IN_MS,
  cleanupProbability = 0.05,
}: RobotCheckOptions): RobotCheck {
  if (!Number.isInteger(maxNumber) || maxNumber < 2) throw new Error("maxNumber must be an integer of at least 2");
  // Separate secrets for the challenge signature and the key signature, both from the one stored key.
  const signatureSecret = derive(hmacKey, "altcha:challenge");
  const keySignatureSecret = derive(hmacKey, "altcha:key");

  return {
    async createChallenge(now) {
      return createChallenge({
        algorithm: ROBOT_CHECK_ALGORITHM,
        cost: ROBOT_CHECK_COST,
        // Deterministic mode: we pick the counter, sign the key it derives, and verifying is two
        // HMACs instead of re-deriving the key.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        expiresAt: new Date(now.getTime() + expiresInMs),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    async verify(raw, now) {
      if (raw === null || raw === undefined || raw === "") return fail("missing");
      if (typeof raw !== "string" || raw.length > MAX_PAYLOAD_LENGTH) return fail("invalid");
      const payload = parsePayload(raw);
      if (!payload) return fail("invalid");
      const { challenge, solution } = payload;

      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => null);
      // The library checks expiry against the wall clock before the signature; we check it
      // against the caller's clock too, after the signature proved `expiresAt` is ours.
      if (result?.expired) return fail("expired");
      if (!result?.verified) return fail("invalid");
      const expiresAtMs = (challenge.parameters.expiresAt ?? 0) * 1000;
      if (expiresAtMs <= now.getTime()) return fail("expired");

      // One statement decides replays under any concurrency: only the first insert returns a row.
      const inserted = await db
        .insert(altchaUsed)
        .values({ signature: challenge.signature, expiresAt: new Date(expiresAtMs) })
        .onConflictDoNothing()
        .returning({ signature: altchaUsed.signature });
      if (Math.random() < cleanupProbability) await deleteExpired(db, now);
      return inserted.length === 1 ? { ok: true } : fail("replayed");
    },
  };
}

/** Forgets used solutions whose challenges have expired (they can no longer verify anyway). */
export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(altchaUsed).where(lte(altchaUsed.expiresAt, now));
}

function parsePayload(raw: string): z.infer<typeof PayloadSchema> | null {
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(raw, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function derive(key: string, purpose: string): string {
  return createHmac("sha256", key).update(purpose).digest("hex");
}

function fail(reason: RobotCheckFailure): RobotCheckResult {
  return { ok: false, reason };
}

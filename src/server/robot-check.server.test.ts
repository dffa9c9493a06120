import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { altchaUsed } from "~/db/schema";
import { getOrCreateSecret } from "~/services/app-secrets";
import { createTestDatabase } from "../../tests/setup/test-db";
import {
  createRobotCheck,
  DEFAULT_EXPIRES_IN_MS,
  DEFAULT_MAX_NUMBER,
  deleteExpired,
  type RobotCheck,
} from "./robot-check.server";

let database: Database;
let robotCheck: RobotCheck;
let hmacKey: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hmacKey = await getOrCreateSecret(database.db, "altcha");
  robotCheck = createRobotCheck({ db: database.db, hmacKey, maxNumber: 200, cleanupProbability: 0 });
});
afterAll(async () => {
  await database.close();
});

/** What the widget posts: base64 of the challenge it was given and the counter it found. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge was not solved");
  return btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
}

const decode = (payload: string) =>
  JSON.parse(atob(payload)) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
const encode = (value: unknown) => btoa(JSON.stringify(value));

describe("robot check", () => {
  it("accepts a solved challenge once, then calls the same solution a replay", async () => {
    const now = new Date();
    const payload = await solve(await robotCheck.createChallenge(now));
    expect(await robotCheck.verify(payload, now)).toEqual({ ok: true });
    expect(await robotCheck.verify(payload, new Date(now.getTime() + 1000))).toEqual({ ok: false, reason: "replayed" });
  });

  it("lets exactly one of many simultaneous submissions of one solution through", async () => {
    const now = new Date();
    const payload = await solve(await robotCheck.createChallenge(now));
    const results = await Promise.all(Array.from({ length: 12 }, () => robotCheck.verify(payload, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "replayed")).toHaveLength(11);
  });

  it("says missing when there is no solution", async () => {
    for (const value of [null, undefined, ""]) {
      expect(await robotCheck.verify(value, new Date())).toEqual({ ok: false, reason: "missing" });
    }
  });

  it("calls a tampered solution invalid", async () => {
    const now = new Date();
    const payload = decode(await solve(await robotCheck.createChallenge(now)));
    // (The derived key is the proof of work; the counter beside it is not checked separately.)
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } };
    // A cheaper challenge with the original signature: the signature no longer matches.
    const easier = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } },
    };
    // A later expiry with the original signature.
    const longer = {
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt! + 3600 },
      },
    };
    for (const forged of [wrongKey, easier, longer]) {
      expect(await robotCheck.verify(encode(forged), now)).toEqual({ ok: false, reason: "invalid" });
    }
    // The genuine solution still works: a failed forgery does not use it up.
    expect(await robotCheck.verify(encode(payload), now)).toEqual({ ok: true });
  });

  it("calls garbage, the widget's test-mode payload and another site's solution invalid", async () => {
    const now = new Date();
    const elsewhere = createRobotCheck({
      db: database.db,
      hmacKey: "another-site-key",
      maxNumber: 200,
      cleanupProbability: 0,
    });
    const foreign = await solve(await elsewhere.createChallenge(now));
    for (const value of [
      "not base64 at all!",
      encode({ challenge: null, solution: null, test: true }),
      encode({}),
      "x".repeat(10_000),
      foreign,
    ]) {
      expect(await robotCheck.verify(value, now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await robotCheck.verify(new File(["x"], "altcha.txt"), now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("calls a challenge issued more than ten minutes ago expired", async () => {
    const issued = new Date(Date.now() - DEFAULT_EXPIRES_IN_MS - 60_000);
    const payload = await solve(await robotCheck.createChallenge(issued));
    expect(await robotCheck.verify(payload, new Date())).toEqual({ ok: false, reason: "expired" });
  });

  it("uses the caller's clock: a fresh challenge checked eleven minutes later is expired", async () => {
    const now = new Date();
    const payload = await solve(await robotCheck.createChallenge(now));
    expect(await robotCheck.verify(payload, new Date(now.getTime() + 11 * 60_000))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await robotCheck.verify(payload, new Date(now.getTime() + 9 * 60_000))).toEqual({ ok: true });
  });

  it("issues challenges that expire in ten minutes and need at least half of maxNumber attempts", async () => {
    const now = new Date();
    const challenge = await robotCheck.createChallenge(now);
    expect(challenge.parameters.expiresAt).toBe(Math.floor((now.getTime() + 10 * 60_000) / 1000));
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const { solution } = decode(await solve(challenge));
    expect(solution.counter).toBeGreaterThanOrEqual(100);
    expect(solution.counter).toBeLessThanOrEqual(200);
  });

  it("solves at the default difficulty with a counter in range", async () => {
    const check = createRobotCheck({ db: database.db, hmacKey, cleanupProbability: 0 });
    const now = new Date();
    const payload = await solve(await check.createChallenge(now));
    const { solution } = decode(payload);
    expect(solution.counter).toBeGreaterThanOrEqual(DEFAULT_MAX_NUMBER / 2);
    expect(solution.counter).toBeLessThanOrEqual(DEFAULT_MAX_NUMBER);
    expect(await check.verify(payload, now)).toEqual({ ok: true });
  });

  it("forgets used solutions once their challenge has expired", async () => {
    const now = new Date();
    const check = createRobotCheck({ db: database.db, hmacKey, maxNumber: 200, cleanupProbability: 1 });
    const payload = await solve(await check.createChallenge(now));
    const { challenge } = decode(payload);
    expect(await check.verify(payload, now)).toEqual({ ok: true });
    const stored = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(altchaUsed)
          .where(sql`${altchaUsed.signature} = ${challenge.signature}`)
      )[0]!.n;
    expect(await stored()).toBe(1);
    await deleteExpired(database.db, new Date((challenge.parameters.expiresAt! - 1) * 1000));
    expect(await stored()).toBe(1);
    await deleteExpired(database.db, new Date(challenge.parameters.expiresAt! * 1000));
    expect(await stored()).toBe(0);
  });
});

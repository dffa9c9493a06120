import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createRobotCheck, type RobotCheck } from "../robot-check.server";
import { altchaRoutes } from "./altcha";

let database: Database;
let robotCheck: RobotCheck;
let routes: ReturnType<typeof altchaRoutes>;

beforeAll(async () => {
  database = await createTestDatabase();
  robotCheck = createRobotCheck({ db: database.db, hmacKey: "route-test-key", maxNumber: 200, cleanupProbability: 0 });
  routes = altchaRoutes(robotCheck);
});
afterAll(async () => {
  await database.close();
});

describe("GET /api/altcha/challenge", () => {
  it("hands out a fresh, uncached challenge that the widget can solve and the server accepts", async () => {
    const res = await routes.request("/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const challenge = (await res.json()) as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", keyLength: 32 });
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now() + 9 * 60_000);

    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = btoa(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    );
    expect(await robotCheck.verify(payload, new Date())).toEqual({ ok: true });
  });

  it("never hands out the same challenge twice", async () => {
    const [a, b] = await Promise.all([routes.request("/challenge"), routes.request("/challenge")]);
    const [ca, cb] = (await Promise.all([a.json(), b.json()])) as Challenge[];
    expect(ca!.signature).not.toBe(cb!.signature);
    expect(ca!.parameters.nonce).not.toBe(cb!.parameters.nonce);
  });
});

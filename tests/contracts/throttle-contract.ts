import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Throttle } from "../../src/services/throttle";

/**
 * The behaviour every throttle store must have, run against each store (PGlite, PostgreSQL,
 * Redis). `instances()` gives several throttles on one store through separate connections where
 * the store has them, as several app instances would be; the race test spreads its hits over them.
 */
export function throttleContract(store: () => { throttle: Throttle; instances: () => Throttle[] }) {
  const MINUTE = 60_000;
  const t0 = new Date("2026-03-14T12:00:00.000Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const run = randomBytes(4).toString("hex");
  let n = 0;
  /** A key no other test (or parallel run sharing the store) uses. */
  const freshKey = (name: string) => `test:${run}:${name}:${++n}`;

  it("allows hits up to the limit, then refuses with the time left in the window", async () => {
    const { throttle } = store();
    const key = freshKey("limit");
    const rule = { limit: 3, windowMs: MINUTE };
    expect(await throttle.hit(key, rule, at(0))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(await throttle.hit(key, rule, at(1_000))).toEqual({ allowed: true, count: 2, retryAfterMs: 0 });
    expect(await throttle.hit(key, rule, at(2_000))).toEqual({ allowed: true, count: 3, retryAfterMs: 0 });
    // The window opened at the first hit; 10 s in, 50 s remain.
    expect(await throttle.hit(key, rule, at(10_000))).toEqual({ allowed: false, count: 4, retryAfterMs: 50_000 });
    expect(await throttle.hit(key, rule, at(59_999))).toEqual({ allowed: false, count: 5, retryAfterMs: 1 });
  });

  it("peeks without counting: allowed while another hit would be, refused once the limit is used", async () => {
    const { throttle } = store();
    const key = freshKey("peek");
    const rule = { limit: 2, windowMs: MINUTE };
    expect(await throttle.peek(key, rule, at(0))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    await throttle.hit(key, rule, at(0));
    expect(await throttle.peek(key, rule, at(1_000))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(await throttle.peek(key, rule, at(1_000))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    await throttle.hit(key, rule, at(2_000));
    expect(await throttle.peek(key, rule, at(30_000))).toEqual({ allowed: false, count: 2, retryAfterMs: 30_000 });
    // Peeking never counted: the window still holds exactly two hits.
    expect(await throttle.hit(key, rule, at(30_000))).toEqual({ allowed: false, count: 3, retryAfterMs: 30_000 });
  });

  it("starts a new window once the old one has passed", async () => {
    const { throttle } = store();
    const key = freshKey("rollover");
    const rule = { limit: 1, windowMs: MINUTE };
    await throttle.hit(key, rule, at(0));
    expect((await throttle.hit(key, rule, at(59_000))).allowed).toBe(false);
    expect(await throttle.peek(key, rule, at(MINUTE))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    // Exactly at the reset time the old window is over.
    expect(await throttle.hit(key, rule, at(MINUTE))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    // The new window runs from that hit: refused until a minute later.
    expect(await throttle.hit(key, rule, at(MINUTE + 30_000))).toEqual({
      allowed: false,
      count: 2,
      retryAfterMs: 30_000,
    });
    expect(await throttle.hit(key, rule, at(2 * MINUTE))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it("keeps keys apart", async () => {
    const { throttle } = store();
    const a = freshKey("a");
    const b = freshKey("b");
    const rule = { limit: 1, windowMs: MINUTE };
    await throttle.hit(a, rule, at(0));
    expect((await throttle.hit(a, rule, at(1))).allowed).toBe(false);
    expect(await throttle.hit(b, rule, at(1))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(await throttle.peek(b, { limit: 5, windowMs: MINUTE }, at(2))).toEqual({
      allowed: true,
      count: 1,
      retryAfterMs: 0,
    });
  });

  it("forgets a key on reset", async () => {
    const { throttle } = store();
    const key = freshKey("reset");
    const rule = { limit: 2, windowMs: MINUTE };
    for (let i = 0; i < 4; i++) await throttle.hit(key, rule, at(i));
    await throttle.reset(key);
    expect(await throttle.peek(key, rule, at(10))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    expect(await throttle.hit(key, rule, at(10))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    await throttle.reset(freshKey("never-used"));
  });

  it("gives back one hit of the open window on release, never below zero, and nothing once it has passed", async () => {
    const { throttle } = store();
    const key = freshKey("release");
    const rule = { limit: 2, windowMs: MINUTE };
    await throttle.hit(key, rule, at(0));
    await throttle.hit(key, rule, at(1_000));
    await throttle.release(key, at(2_000));
    expect(await throttle.hit(key, rule, at(3_000))).toEqual({ allowed: true, count: 2, retryAfterMs: 0 });
    for (let i = 0; i < 4; i++) await throttle.release(key, at(4_000));
    expect(await throttle.peek(key, rule, at(5_000))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    // The window still ends when it began to: a hit after the release does not open a new one.
    expect(await throttle.hit(key, rule, at(6_000))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    await throttle.hit(key, rule, at(7_000));
    expect(await throttle.hit(key, rule, at(8_000))).toEqual({ allowed: false, count: 3, retryAfterMs: 52_000 });
    // Past the window, a release changes nothing and the next hit starts afresh.
    await throttle.release(key, at(MINUTE + 1));
    expect(await throttle.hit(key, rule, at(MINUTE + 2))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    // A key never hit stays unknown.
    const never = freshKey("never");
    await throttle.release(never, at(0));
    expect(await throttle.peek(never, rule, at(1))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
  });

  it("allows exactly the limit when 50 hits race from several instances", async () => {
    const instances = store().instances();
    const key = freshKey("race");
    const rule = { limit: 10, windowMs: MINUTE };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => instances[i % instances.length]!.hit(key, rule, at(0))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    // Every hit got its own count: nothing was lost or counted twice.
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs === MINUTE)).toBe(true);
    expect(await instances[0]!.peek(key, rule, at(1))).toEqual({ allowed: false, count: 50, retryAfterMs: MINUTE - 1 });
  });

  it("refuses rules that make no sense", async () => {
    const { throttle } = store();
    await expect(throttle.hit(freshKey("bad"), { limit: 0, windowMs: MINUTE }, t0)).rejects.toThrow(/limit/);
    await expect(throttle.peek(freshKey("bad"), { limit: 1, windowMs: 0 }, t0)).rejects.toThrow(/windowMs/);
    await expect(throttle.hit(freshKey("bad"), { limit: 1.5, windowMs: MINUTE }, t0)).rejects.toThrow(/limit/);
  });

  describe("with the wall clock", () => {
    it("counts real hits made now", async () => {
      const { throttle } = store();
      const key = freshKey("now");
      const rule = { limit: 1, windowMs: 5 * MINUTE };
      expect((await throttle.hit(key, rule, new Date())).allowed).toBe(true);
      const refused = await throttle.hit(key, rule, new Date());
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(4 * MINUTE);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(5 * MINUTE);
    });
  });
}

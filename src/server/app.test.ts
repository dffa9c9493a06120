import { createUnsubscribeLinks } from "./email/unsubscribe.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { like, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { analyticsEvent, rateLimit } from "~/db/schema";
import { serializeConsent } from "~/lib/consent";
import { createDbThrottle } from "~/services/throttle";
import { createTestDatabase } from "../../tests/setup/test-db";
import { METRICS_PER_ADDRESS } from "./api/metrics";
import { createApp } from "./app";
import { createAuth } from "./auth.server";
import { loadConfig } from "./config.server";
import { createMailer } from "./email/mailer.server";
import { type JobQueue, startJobs, stopJobs } from "./jobs/boss.server";
import { createRobotCheck } from "./robot-check.server";
import { createLocalStorage } from "./storage/local-storage.server";
import { paymentDeps } from "../../tests/setup/test-app";

let database: Database;
let app: ReturnType<typeof createApp>;
let boss: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/ticketyboo-app-test" });
  const logger = pino({ level: "silent" });
  boss = await startJobs(database, { logger, maintenance: false });
  const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl: config.publicUrl, logger });
  const throttle = createDbThrottle(database.db);
  const robotCheck = createRobotCheck({ db: database.db, hmacKey: "test-altcha-key" });
  app = createApp({
    config,
    database,
    auth: createAuth({
      db: database.db,
      secret: "x".repeat(32),
      baseUrl: "http://localhost:3000",
      mailer,
      throttle,
      robotCheck,
    }),
    storage: createLocalStorage("/tmp/ticketyboo-app-test/uploads"),
    logger,
    mailer,
    robotCheck,
    throttle,
    ...paymentDeps(database),
    conversions: null,
    unsubscribe: createUnsubscribeLinks("test-email-links-secret", "http://localhost:3000"),
    buildVersion: "9.9.9-test",
    // These tests stay inside /api; pages are covered by the e2e suite against a real build.
    getBuild: () => Promise.reject(new Error("pages are not rendered in API tests")),
  });
});

afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

describe("GET /api/health", () => {
  it("reports the engine and version", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: database.engine, version: "9.9.9-test" });
  });

  it("sends a request id and security headers, with no inline scripts allowed", async () => {
    const res = await app.request("/api/health");
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    // WebAssembly may be compiled (the door's QR reader); JavaScript's own eval may not.
    expect(scriptSrc.split(" ")).toContain("'wasm-unsafe-eval'");
    expect(scriptSrc.split(" ")).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("GET /api/altcha/challenge", () => {
  it("is served (mounted before the /api 404) and never cached", async () => {
    const res = await app.request("/api/altcha/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(((await res.json()) as { signature: string }).signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("unknown API paths", () => {
  it("answer 404 with a JSON error naming the code", async () => {
    const res = await app.request("/api/nothing-here");
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe("not_found");
  });
});

describe("POST /api/metrics", () => {
  const pageView = { kind: "page_view", path: "/explore" };
  const post = (body: unknown, cookie?: string) =>
    app.request("/api/metrics", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie.split(";")[0]! } : {}) },
    });
  const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvent))[0]!.n;

  it("refuses a page view from a visitor who has not chosen, and records nothing", async () => {
    const before = await count();
    expect((await post(pageView)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("refuses a page view when statistics were declined", async () => {
    const cookie = serializeConsent({ necessary: true, performance: true, statistics: false, savedAt: "" }, false);
    expect((await post(pageView, cookie)).status).toBe(403);
  });

  it("records a page view when statistics were accepted, without the query string", async () => {
    const before = await count();
    const cookie = serializeConsent({ necessary: true, performance: false, statistics: true, savedAt: "" }, false);
    expect((await post({ kind: "page_view", path: "/explore?near=leeds" }, cookie)).status).toBe(204);
    expect(await count()).toBe(before + 1);
    const rows = await database.db.select().from(analyticsEvent);
    expect(rows.some((r) => r.path === "/explore")).toBe(true);
  });

  it("names what is wrong with a malformed measurement", async () => {
    const res = await post({ kind: "web_vital", path: "/", name: "LCP", value: -5 });
    expect(res.status).toBe(422);
  });

  it("records at most so many measurements from one address in ten minutes, then drops them with 429", async () => {
    await database.db.delete(rateLimit).where(like(rateLimit.key, "metrics:%"));
    const cookie = serializeConsent({ necessary: true, performance: true, statistics: true, savedAt: "" }, false);
    const before = await count();
    const statuses: number[] = [];
    for (let i = 0; i <= METRICS_PER_ADDRESS.limit; i++)
      statuses.push((await post({ kind: "page_view", path: `/explore/${i}` }, cookie)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(METRICS_PER_ADDRESS.limit);
    expect(statuses.at(-1)).toBe(429);
    expect(await count()).toBe(before + METRICS_PER_ADDRESS.limit);
  });
});

import { createUnsubscribeLinks } from "./email/unsubscribe.server";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage, session, user, verification } from "~/db/schema";
import { isCurrentPassword } from "~/services/check-password";
import { findEmailChangeUndo, undoEmailChange } from "~/services/email-change";
import { createDbThrottle } from "~/services/throttle";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories/users";
import { solveRobotCheck } from "../../tests/factories/robot-check";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createApp } from "./app";
import { AUTH_ENDPOINT_POLICY } from "./auth-endpoints";
import { createAuth } from "./auth.server";
import { loadConfig } from "./config.server";
import { createMailer, type ServerMailer } from "./email/mailer.server";
import { startJobs, stopJobs, type JobQueue } from "./jobs/boss.server";
import { createRobotCheck, type RobotCheck } from "./robot-check.server";
import { createLocalStorage } from "./storage/local-storage.server";
import { paymentDeps } from "../../tests/setup/test-app";

/**
 * The account rules, exercised through the JSON API as any client would: robot check, password
 * policy, throttling per address and per account, emails, reset, and the session cookie.
 */
let database: Database;
let boss: JobQueue;
let mailer: ServerMailer;
let robotCheck: RobotCheck;
let app: ReturnType<typeof createApp>;
let auth: ReturnType<typeof createAuth>;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger });
  mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl: "http://localhost:3000", logger });
  await mailer.ready;
  robotCheck = createRobotCheck({ db: database.db, hmacKey: "k".repeat(32), maxNumber: 200 });
  const throttle = createDbThrottle(database.db);
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/ticketyboo-auth-test", TRUST_PROXY: "true" });
  auth = createAuth({
    db: database.db,
    secret: "s".repeat(32),
    baseUrl: "http://localhost:3000",
    mailer,
    throttle,
    robotCheck,
  });
  app = createApp({
    config,
    database,
    auth,
    mailer,
    throttle,
    robotCheck,
    storage: createLocalStorage("/tmp/ticketyboo-auth-test/uploads"),
    logger,
    ...paymentDeps(database),
    conversions: null,
    unsubscribe: createUnsubscribeLinks("test-email-links-secret", "http://localhost:3000"),
    buildVersion: "test",
    getBuild: () => Promise.reject(new Error("no pages in API tests")),
  } as Parameters<typeof createApp>[0]);
}, 30_000);

afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

let ipCounter = 0;
/** Each test speaks from its own address, so the per-address limits of one don't leak into another. */
const newIp = () => `198.51.100.${++ipCounter}`;

function post(path: string, body: unknown, { ip, headers = {} }: { ip: string; headers?: Record<string, string> }) {
  return app.request(`/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, Origin: "http://localhost:3000", ...headers },
    body: JSON.stringify(body),
  });
}

async function solved(): Promise<string> {
  return solveRobotCheck(await robotCheck.createChallenge(new Date()));
}

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: "basement-gig-42",
  name: "Sam Sign",
  firstName: "Sam",
  lastName: "Sign",
  userType: "buyer",
  terms: true,
  ...extra,
});

describe("sign-in", () => {
  it("returns an HTTP-only, SameSite=Lax session cookie for the right password", async () => {
    const person = await createUser(database.db);
    const res = await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("tb.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("refuses a wrong password with 401 and no cookie", async () => {
    const person = await createUser(database.db);
    const res = await post("/sign-in/email", { email: person.email, password: "nope-nope" }, { ip: newIp() });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("past 5 wrong passwords from anywhere, the owner's right password still works, with the robot check", async () => {
    const person = await createUser(database.db);
    // A stranger, from addresses of their own.
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/sign-in/email", { email: person.email, password: `wrong-${i}` }, { ip: newIp() })).status,
      ).toBe(401);
    }
    const owner = newIp();
    const asked = await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: owner });
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({
      code: "ROBOT_CHECK_REQUIRED",
      message: "Please verify you are not a robot!",
    });
    expect(asked.headers.getSetCookie()).toEqual([]);
    const signedIn = await post(
      "/sign-in/email",
      { email: person.email, password: FACTORY_PASSWORD },
      { ip: owner, headers: { "x-altcha": await solved() } },
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("tb.session_token="))).toBe(true);
    // Signing in cleared the account's count: no robot check next time.
    expect(
      (await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() })).status,
    ).toBe(200);
    // Someone else was never affected.
    const other = await createUser(database.db);
    expect(
      (await post("/sign-in/email", { email: other.email, password: FACTORY_PASSWORD }, { ip: newIp() })).status,
    ).toBe(200);
  });

  it("one address gets 10 wrong passwords at an account, robot check or not; then it waits, and only it", async () => {
    const person = await createUser(database.db);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const headers: Record<string, string> = i >= 5 ? { "x-altcha": await solved() } : {};
      expect(
        (await post("/sign-in/email", { email: person.email, password: `wrong-${i}` }, { ip, headers })).status,
        `try ${i + 1}`,
      ).toBe(401);
    }
    const blocked = await post(
      "/sign-in/email",
      { email: person.email, password: FACTORY_PASSWORD },
      { ip, headers: { "x-altcha": await solved() } },
    );
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toBe("Please try again in a few minutes!");
    const elsewhere = await post(
      "/sign-in/email",
      { email: person.email, password: FACTORY_PASSWORD },
      { ip: newIp(), headers: { "x-altcha": await solved() } },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("throttles an address after 20 wrong passwords across many accounts", async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect(
        (await post("/sign-in/email", { email: `guess-${i}@example.com`, password: "letmein-x" }, { ip })).status,
      ).toBe(401);
    }
    const person = await createUser(database.db);
    expect((await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip })).status).toBe(
      429,
    );
    expect(
      (await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() })).status,
    ).toBe(200);
  });

  it("refuses an address no one can have, of any length, before counting it", async () => {
    for (const email of [`${"a".repeat(3000)}@example.com`, "not-an-address"]) {
      const res = await post("/sign-in/email", { email, password: "whatever-1" }, { ip: newIp() });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_EMAIL" });
    }
    const reset = await post("/request-password-reset", { email: `${"b".repeat(3000)}@example.com` }, { ip: newIp() });
    expect(reset.status).toBe(400);
  });

  it("compares no more passwords than the limits allow when wrong ones are sent all at once", async () => {
    const person = await createUser(database.db);
    const ip = newIp();
    const statuses = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post("/sign-in/email", { email: person.email, password: `wrong-${i}` }, { ip }),
        ),
      )
    ).map((r) => r.status);
    // 20 from the address, 10 of them at this account; past its first 5, the robot check; the rest wait.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("does not count successful sign-ins, so regulars are never locked out", async () => {
    const person = await createUser(database.db);
    const ip = newIp();
    // More than the address's 20 wrong passwords: each right one gives back the attempt it was counted as.
    for (let i = 0; i < 25; i++)
      expect((await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip })).status).toBe(
        200,
      );
  });
});

describe("sign-up", () => {
  it("needs a solved robot check, and refuses the same solution twice", async () => {
    const ip = newIp();
    const missing = await post("/sign-up/email", signUpBody("robot-missing@example.com"), { ip });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "ROBOT_CHECK_FAILED",
      message: "Please verify you are not a robot!",
    });

    const solution = await solved();
    const ok = await post("/sign-up/email", signUpBody("robot-ok@example.com"), {
      ip,
      headers: { "x-altcha": solution },
    });
    expect(ok.status).toBe(200);
    const replay = await post("/sign-up/email", signUpBody("robot-replay@example.com"), {
      ip,
      headers: { "x-altcha": solution },
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "ROBOT_CHECK_FAILED" });
  });

  it("refuses leaked passwords, bad emails and unknown account types, naming the problem", async () => {
    const ip = newIp();
    const cases: [Record<string, unknown>, string, string][] = [
      [signUpBody("common@example.com", { password: "password1" }), "PASSWORD_TOO_COMMON", "leaked"],
      [
        signUpBody("short@example.com", { password: "abc" }),
        "PASSWORD_TOO_SHORT",
        "Please enter a password of at least 6 characters.",
      ],
      [signUpBody("bad-email@example.toolong"), "INVALID_EMAIL", "Invalid email"],
      [signUpBody("admin@example.com", { userType: "admin" }), "INVALID_USER_TYPE", "host"],
      [signUpBody("nameless@example.com", { firstName: " " }), "FIRST_NAME_REQUIRED", "first name"],
      // The form's box must be ticked, and a script calling the API must say so too.
      [signUpBody("no-terms@example.com", { terms: undefined }), "TERMS_NOT_AGREED", "You need to agree to our terms"],
      [signUpBody("terms-text@example.com", { terms: "yes" }), "TERMS_NOT_AGREED", "agree to our terms"],
    ];
    for (const [body, code, words] of cases) {
      const res = await post("/sign-up/email", body, { ip, headers: { "x-altcha": await solved() } });
      expect(res.status, code).toBe(400);
      const json = (await res.json()) as { code: string; message: string };
      expect(json.code).toBe(code);
      expect(json.message).toContain(words);
    }
    expect(await database.db.select().from(user).where(eq(user.email, "common@example.com"))).toEqual([]);
  });

  it("refuses an email already in use", async () => {
    const person = await createUser(database.db);
    const res = await post("/sign-up/email", signUpBody(person.email), {
      ip: newIp(),
      headers: { "x-altcha": await solved() },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" });
  });

  it("creates a host who can't make themselves staff or verified; queues verify and onboarding emails", async () => {
    const email = "new-host@example.com";
    const res = await post("/sign-up/email", signUpBody(email, { userType: "host", isStaff: true, isVerified: true }), {
      ip: newIp(),
      headers: { "x-altcha": await solved() },
    });
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({
      userType: "host",
      isStaff: false,
      isVerified: false,
      emailVerified: false,
      firstName: "Sam",
      // When, and to which terms (their 'Last updated' day), they agreed.
      termsVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(Math.abs(row!.termsAcceptedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const emails = await database.db.select().from(emailMessage).where(eq(emailMessage.toAddress, email));
    expect(emails.map((e) => e.template).sort()).toEqual(["host-onboarding", "verify-email"]);
    const verify = emails.find((e) => e.template === "verify-email")!;
    expect(verify.html).toContain("http://localhost:3000/api/auth/verify-email?token=");
    expect(verify.html).toContain(encodeURIComponent("/email-verified"));
  });

  it("a confirmation link confirms the address but signs nobody in: its opener may not be who signed up", async () => {
    const email = "opened-elsewhere@example.com";
    const made = await post("/sign-up/email", signUpBody(email), {
      ip: newIp(),
      headers: { "x-altcha": await solved() },
    });
    expect(made.status).toBe(200);
    const [verify] = await database.db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "verify-email")));
    const link = /(\/api\/auth\/verify-email\?token=[^"\s]+)/.exec(verify!.text)![1]!;
    const opened = await app.request(link.replaceAll("&amp;", "&"), { headers: { "X-Forwarded-For": newIp() } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/email-verified");
    expect(opened.headers.getSetCookie().filter((c) => c.startsWith("tb.session_token="))).toEqual([]);
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
  });

  it("blocks resending the verification email for 5 minutes, saying when", async () => {
    const email = "resend@example.com";
    const ip = newIp();
    expect(
      (await post("/sign-up/email", signUpBody(email), { ip, headers: { "x-altcha": await solved() } })).status,
    ).toBe(200);
    const res = await post("/send-verification-email", { email }, { ip });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /You can ask for another at \d{1,2}:\d{2} [ap]m\./,
    );
    const sent = await database.db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "verify-email")));
    expect(sent).toHaveLength(1);
  });

  it("sends one verification email however many ask at once, and answers an address of no account alike", async () => {
    const person = await createUser(database.db, { emailVerified: false });
    const asks = await Promise.all(
      Array.from({ length: 10 }, () => post("/send-verification-email", { email: person.email }, { ip: newIp() })),
    );
    expect(asks.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(429)]);
    const sent = await database.db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, person.email), eq(emailMessage.template, "verify-email")));
    expect(sent).toHaveLength(1);
    // Nobody has this address: the answers are the same as for an account, so they tell nobody which it is.
    const nobody = "nobody-at-all@example.com";
    const first = await post("/send-verification-email", { email: nobody }, { ip: newIp() });
    const again = await post("/send-verification-email", { email: nobody }, { ip: newIp() });
    expect([first.status, again.status]).toEqual([200, 429]);
  });

  it("caps sign-up attempts from one address, before any other check", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post("/sign-up/email", signUpBody(`flood-${i}@example.com`), { ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = await post("/sign-up/email", signUpBody("flood-other@example.com"), {
      ip: newIp(),
      headers: { "x-altcha": await solved() },
    });
    expect(other.status).toBe(200);
  });
});

describe("password reset", () => {
  it("emails a link to our reset page; the token sets a new password once and ends every session", async () => {
    const person = await createUser(database.db);
    const ip = newIp();
    expect((await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip })).status).toBe(
      200,
    );

    const noRobot = await post(
      "/request-password-reset",
      { email: person.email, redirectTo: "/reset-password" },
      { ip },
    );
    expect(noRobot.status).toBe(400);
    const res = await post(
      "/request-password-reset",
      { email: person.email, redirectTo: "/reset-password" },
      { ip, headers: { "x-altcha": await solved() } },
    );
    expect(res.status).toBe(200);
    const [mail] = await database.db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, person.email), eq(emailMessage.template, "reset-password")));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    // Kept as a hash: the database holds no usable link.
    const kept = await database.db.select().from(verification).where(eq(verification.value, person.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.identifier).not.toContain(token!);

    expect((await post("/reset-password", { token, newPassword: "qwerty123" }, { ip })).status).toBe(400);
    expect((await post("/reset-password", { token, newPassword: "a-brand-new-one" }, { ip })).status).toBe(200);
    expect((await post("/reset-password", { token, newPassword: "and-another-one" }, { ip })).status).toBe(400);
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect((await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip })).status).toBe(
      401,
    );
    expect((await post("/sign-in/email", { email: person.email, password: "a-brand-new-one" }, { ip })).status).toBe(
      200,
    );
  });

  it("answers the same for an unknown email, so accounts can't be discovered", async () => {
    const res = await post(
      "/request-password-reset",
      { email: "nobody-here@example.com", redirectTo: "/reset-password" },
      { ip: newIp(), headers: { "x-altcha": await solved() } },
    );
    expect(res.status).toBe(200);
    expect(
      await database.db.select().from(emailMessage).where(eq(emailMessage.toAddress, "nobody-here@example.com")),
    ).toEqual([]);
  });
});

describe("under https", () => {
  it("names the session cookie with the __Host- prefix, Secure, and reads it back", async () => {
    const auth = createAuth({
      db: database.db,
      secret: "s".repeat(32),
      baseUrl: "https://tickets.example",
      mailer,
      throttle: createDbThrottle(database.db),
      robotCheck,
    });
    const person = await createUser(database.db);
    const res = await auth.handler(
      new Request("https://tickets.example/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://tickets.example" },
        body: JSON.stringify({ email: person.email, password: FACTORY_PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-tb.session_token="))!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = await auth.api.getSession({ headers: new Headers({ Cookie: cookie.split(";")[0]! }) });
    expect(session?.user.id).toBe(person.id);
  });
});

/** A new person signed in through the API: the person and their session cookie (`name=value`). */
async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const person = await createUser(database.db, overrides);
  const res = await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("tb.session_token="))!
    .split(";")[0]!;
  return { person, cookie };
}

async function userRow(id: string) {
  const [row] = await database.db.select().from(user).where(eq(user.id, id));
  return row!;
}

describe("every endpoint better-auth mounts is ours", () => {
  it("has a decision for each endpoint better-auth has, so a new one cannot slip in unnoticed", () => {
    const mounted = Object.values(
      auth.api as Record<string, { path?: string; options?: { metadata?: { SERVER_ONLY?: boolean } } }>,
    )
      .filter((e) => e.path && !e.options?.metadata?.SERVER_ONLY)
      .map((e) => e.path!);
    expect(mounted.length).toBeGreaterThan(20);
    expect(
      mounted.filter((p) => !(p in AUTH_ENDPOINT_POLICY)),
      "endpoints without a decision",
    ).toEqual([]);
  });

  it("answers 404 for the endpoints we refuse, signed in or not, and deletes nobody", async () => {
    const { person, cookie } = await signedIn();
    const refused = Object.entries(AUTH_ENDPOINT_POLICY)
      .filter(([, p]) => p.policy === "refused")
      .map(([path]) => path.replace(/:(\w+)/, "x"));
    for (const path of refused) {
      const body = { password: FACTORY_PASSWORD, token: "x", providerId: "credential", callbackURL: "/" };
      const asPost = await post(path, body, { ip: newIp(), headers: { Cookie: cookie } });
      const asGet = await app.request(`/api/auth${path}?token=x`, {
        headers: { Cookie: cookie, "X-Forwarded-For": newIp() },
      });
      expect([asPost.status, asGet.status], path).toEqual([404, 404]);
    }
    expect((await userRow(person.id)).email).toBe(person.email);
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(1);
  });
});

describe("session tokens", () => {
  it("lists the caller's own sessions without their tokens, so a page script cannot lift one", async () => {
    const { person, cookie } = await signedIn();
    // A second device.
    const other = await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() });
    expect(other.status).toBe(200);
    const res = await app.request("/api/auth/list-sessions", {
      headers: { Cookie: cookie, "X-Forwarded-For": newIp() },
    });
    expect(res.status).toBe(200);
    const listed = (await res.json()) as Record<string, unknown>[];
    expect(listed).toHaveLength(2);
    const tokens = (await database.db.select().from(session).where(eq(session.userId, person.id))).map((s) => s.token);
    for (const s of listed) {
      expect(s).toMatchObject({ userId: person.id, id: expect.any(String) });
      expect(s).not.toHaveProperty("token");
      for (const token of tokens) expect(JSON.stringify(s)).not.toContain(token);
    }
  });

  it("gives no token in the session read back, nor in the answers to signing in and up; the cookie works", async () => {
    const person = await createUser(database.db);
    const signIn = await post("/sign-in/email", { email: person.email, password: FACTORY_PASSWORD }, { ip: newIp() });
    expect(signIn.status).toBe(200);
    const signInBody = (await signIn.json()) as Record<string, unknown>;
    expect(signInBody).toMatchObject({ user: { id: person.id } });
    expect(signInBody).not.toHaveProperty("token");
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("tb.session_token="))!
      .split(";")[0]!;

    const read = await app.request("/api/auth/get-session", {
      headers: { Cookie: cookie, "X-Forwarded-For": newIp() },
    });
    expect(read.status).toBe(200);
    const readBack = (await read.json()) as { session: Record<string, unknown>; user: { id: string } };
    expect(readBack.user.id).toBe(person.id);
    expect(readBack.session).toMatchObject({ userId: person.id, id: expect.any(String) });
    expect(readBack.session).not.toHaveProperty("token");

    const ip = newIp();
    const signUp = await post("/sign-up/email", signUpBody("no-token-in-answer@example.com"), {
      ip,
      headers: { "x-altcha": await solved() },
    });
    expect(signUp.status).toBe(200);
    const signUpAnswer = (await signUp.json()) as Record<string, unknown>;
    expect(signUpAnswer).toMatchObject({ user: { email: "no-token-in-answer@example.com" } });
    expect(signUpAnswer).not.toHaveProperty("token");

    const tokensOf = async () =>
      (await database.db.select().from(session).where(eq(session.userId, person.id))).map((s) => s.token);
    for (const token of await tokensOf()) {
      expect(JSON.stringify(signInBody)).not.toContain(token);
      expect(JSON.stringify(readBack)).not.toContain(token);
    }

    // Changing the password and ending the other sessions answers with the new session: without its token too.
    const changed = await post(
      "/change-password",
      { currentPassword: FACTORY_PASSWORD, newPassword: "a-brand-new-one", revokeOtherSessions: true },
      { ip: newIp(), headers: { Cookie: cookie } },
    );
    expect(changed.status).toBe(200);
    const changedAnswer = (await changed.json()) as Record<string, unknown>;
    expect(changedAnswer).toMatchObject({ user: { id: person.id } });
    expect(changedAnswer).not.toHaveProperty("token");
    expect(changed.headers.getSetCookie().some((c) => c.startsWith("tb.session_token="))).toBe(true);

    const stored = await tokensOf();
    expect(stored.length).toBeGreaterThan(0);
    for (const token of stored) expect(JSON.stringify(changedAnswer)).not.toContain(token);
  });
});

describe("update-user", () => {
  it("refuses the role, the image and every field our forms do not offer, and changes nothing", async () => {
    const { person, cookie } = await signedIn();
    const attempts: Record<string, unknown>[] = [
      { userType: "host" },
      { userType: "admin" },
      { image: "/media/seed/events/summer-social.jpg" },
      { image: "https://elsewhere.example/cat.jpg" },
      { name: "Someone Else" },
      { isStaff: true },
      { username: "boxoffice" },
      { hostTitle: "Totally Official Tickets" },
      { firstName: "Ada", userType: "host" },
    ];
    for (const body of attempts) {
      const res = await post("/update-user", body, { ip: newIp(), headers: { Cookie: cookie } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ code: "FIELD_NOT_WRITABLE" });
    }
    const row = await userRow(person.id);
    expect(row).toMatchObject({
      userType: "buyer",
      image: null,
      name: person.name,
      firstName: person.firstName,
      isStaff: false,
      username: null,
      hostTitle: null,
    });
  });

  it("holds names to the profile form's rules: no 5,000-character names, no HTML", async () => {
    const { person, cookie } = await signedIn();
    for (const firstName of ["x".repeat(5000), "<img src=x onerror=alert(1)>", "  ", 42]) {
      const res = await post("/update-user", { firstName }, { ip: newIp(), headers: { Cookie: cookie } });
      expect(res.status, String(firstName).slice(0, 20)).toBe(400);
    }
    expect((await userRow(person.id)).firstName).toBe(person.firstName);
  });

  it("saves a first and last name cleaned as the form cleans them, with the display name in step", async () => {
    const { person, cookie } = await signedIn();
    const res = await post(
      "/update-user",
      { firstName: "  Ada  ", lastName: "King   Lovelace" },
      { ip: newIp(), headers: { Cookie: cookie } },
    );
    expect(res.status).toBe(200);
    expect(await userRow(person.id)).toMatchObject({
      firstName: "Ada",
      lastName: "King Lovelace",
      name: "Ada King Lovelace",
      userType: "buyer",
    });
  });
});

describe("sign-up writes only what the form offers", () => {
  it("refuses a named image and names the profile form would refuse", async () => {
    const ip = newIp();
    const cases: [Record<string, unknown>, string][] = [
      [signUpBody("img@example.com", { image: "/media/seed/events/summer-social.jpg" }), "FIELD_NOT_WRITABLE"],
      [signUpBody("long@example.com", { firstName: "x".repeat(5000) }), "INVALID_NAME"],
      [signUpBody("html@example.com", { lastName: "<script>alert(1)</script>" }), "INVALID_NAME"],
    ];
    for (const [body, code] of cases) {
      const res = await post("/sign-up/email", body, { ip, headers: { "x-altcha": await solved() } });
      expect(res.status, code).toBe(400);
      expect(await res.json()).toMatchObject({ code });
    }
  });

  it("keeps the display name to the cleaned first and last names, whatever `name` says", async () => {
    const email = "named@example.com";
    const res = await post(
      "/sign-up/email",
      signUpBody(email, { name: "<b>x</b>".repeat(1000), firstName: " Sam ", lastName: "Sign  " }),
      {
        ip: newIp(),
        headers: { "x-altcha": await solved() },
      },
    );
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "Sam Sign", firstName: "Sam", lastName: "Sign", userType: "buyer", image: null });
  });
});

describe("password checks of signed-in people", () => {
  it("change-password: of wrong current passwords sent all at once, only 5 are compared", async () => {
    const { cookie } = await signedIn();
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(
            "/change-password",
            { currentPassword: `wrong-${i}`, newPassword: "a-brand-new-one" },
            { ip: newIp(), headers: { Cookie: cookie } },
          ),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("change-password: 5 wrong current passwords, then even the right one waits", async () => {
    const { person, cookie } = await signedIn();
    for (let i = 0; i < 5; i++) {
      const res = await post(
        "/change-password",
        { currentPassword: `wrong-${i}`, newPassword: "a-brand-new-one" },
        { ip: newIp(), headers: { Cookie: cookie } },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    }
    const blocked = await post(
      "/change-password",
      { currentPassword: FACTORY_PASSWORD, newPassword: "a-brand-new-one" },
      { ip: newIp(), headers: { Cookie: cookie } },
    );
    expect(blocked.status).toBe(429);
    expect(await isCurrentPassword(database.db, person.id, FACTORY_PASSWORD)).toBe(true);
  });
});

describe("change of email", () => {
  const changeEmails = (to: string) => database.db.select().from(emailMessage).where(eq(emailMessage.toAddress, to));

  it("needs the current password: a session alone sends nothing", async () => {
    const { person, cookie } = await signedIn();
    for (const body of [
      { newEmail: "thief-1@example.com" },
      { newEmail: "thief-1@example.com", password: "guess-one" },
    ]) {
      const res = await post("/change-email", body, { ip: newIp(), headers: { Cookie: cookie } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_PASSWORD", message: "Incorrect password" });
    }
    expect(await changeEmails("thief-1@example.com")).toEqual([]);
    expect((await userRow(person.id)).email).toBe(person.email);
  });

  it("throttles wrong passwords per account, then refuses even the right one for a while", async () => {
    const { cookie } = await signedIn();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(
            "/change-email",
            { newEmail: "thief-2@example.com", password: `guess-${i}` },
            { ip: newIp(), headers: { Cookie: cookie } },
          )
        ).status,
      ).toBe(400);
    }
    const blocked = await post(
      "/change-email",
      { newEmail: "thief-2@example.com", password: FACTORY_PASSWORD },
      { ip: newIp(), headers: { Cookie: cookie } },
    );
    expect(blocked.status).toBe(429);
    expect(await changeEmails("thief-2@example.com")).toEqual([]);
  });

  it("with the password, confirms by the new address; the old is told and can undo, voiding the old link", async () => {
    const { person, cookie } = await signedIn({ firstName: "Bea" });
    const newEmail = `moved-${person.id.slice(0, 8)}@example.com`;
    const res = await post(
      "/change-email",
      { newEmail, password: FACTORY_PASSWORD, callbackURL: "/email-verified" },
      { ip: newIp(), headers: { Cookie: cookie } },
    );
    expect(res.status).toBe(200);
    const [confirm] = await changeEmails(newEmail);
    expect(confirm?.template).toBe("change-email");
    const link = /(\/api\/auth\/verify-email\?token=[^"&\s]+)/.exec(confirm!.text)![1]!;

    // Opened where nobody is signed in, it asks for the account's password first, and changes nothing yet.
    const signedOut = await app.request(`${link}&callbackURL=%2Femail-verified`, {
      headers: { "X-Forwarded-For": newIp() },
    });
    expect(signedOut.status).toBe(302);
    const logIn = new URL(signedOut.headers.get("location")!, "http://localhost:3000");
    expect(logIn.pathname).toBe("/log-in");
    const back = logIn.searchParams.get("redirect")!;
    expect(back).toMatch(/^\/api\/auth\/verify-email\?token=.+&callbackURL=%2Femail-verified$/);
    expect(signedOut.headers.getSetCookie().filter((c) => c.startsWith("tb.session_token="))).toEqual([]);
    expect((await userRow(person.id)).email).toBe(person.email);

    // Signed in as its owner, the same link confirms the change.
    const followed = await app.request(back, { headers: { "X-Forwarded-For": newIp(), Cookie: cookie } });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/email-verified");
    expect((await userRow(person.id)).email).toBe(newEmail);

    const [told] = (await changeEmails(person.email)).filter((m) => m.template === "email-changed");
    expect(told?.text).toContain(newEmail);
    const undoToken = /undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(told!.text)?.[1];
    expect(undoToken).toBeTruthy();

    expect(await findEmailChangeUndo(database.db, undoToken!, new Date())).toEqual({
      from: person.email,
      to: newEmail,
    });
    expect(await undoEmailChange(database.db, { token: undoToken!, now: new Date() })).toEqual({ email: person.email });
    expect(await userRow(person.id)).toMatchObject({ email: person.email, emailVerified: true });
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    await expect(undoEmailChange(database.db, { token: undoToken!, now: new Date() })).rejects.toMatchObject({
      code: "not_found",
    });

    // Whoever changed it cannot confirm their address again with the link they already have.
    const again = await app.request(`${link}&callbackURL=%2Femail-verified`, {
      headers: { "X-Forwarded-For": newIp() },
    });
    expect(again.headers.get("location")).toBe("/email-verified?error=INVALID_TOKEN");
    expect((await userRow(person.id)).email).toBe(person.email);
    // Nor be sent to another site on the way: a browser reads `/\evil.example` as `//evil.example`.
    const elsewhere = await app.request(`${link}&callbackURL=${encodeURIComponent("/\\evil.example")}`, {
      headers: { "X-Forwarded-For": newIp() },
    });
    expect(elsewhere.headers.get("location") ?? "").not.toContain("evil.example");
  });
  it("a change-of-email link opened by another account changes nothing and signs nobody in", async () => {
    const { person, cookie } = await signedIn();
    const newEmail = `stranger-${person.id.slice(0, 8)}@example.com`;
    await post("/change-email", { newEmail, password: FACTORY_PASSWORD }, { ip: newIp(), headers: { Cookie: cookie } });
    const [confirm] = await changeEmails(newEmail);
    const link = /(\/api\/auth\/verify-email\?token=[^"&\s]+)/.exec(confirm!.text)![1]!;
    // The address's owner, signed in to an account of their own, is refused by better-auth.
    const other = await signedIn();
    const elsewhere = await app.request(`${link}&callbackURL=%2Femail-verified`, {
      headers: { "X-Forwarded-For": newIp(), Cookie: other.cookie },
    });
    expect(elsewhere.headers.get("location")).toMatch(/^\/email-verified\?error=/);
    expect((await userRow(person.id)).email).toBe(person.email);
    expect((await userRow(other.person.id)).email).toBe(other.person.email);
  });

  it("caps changes of email per account and per address in a day, saying so", async () => {
    const { person, cookie } = await signedIn();
    const ip = newIp();
    const ask = (i: number) =>
      post(
        "/change-email",
        { newEmail: `cap-${i}-${person.id.slice(0, 8)}@example.com`, password: FACTORY_PASSWORD },
        { ip, headers: { Cookie: cookie } },
      );
    for (let i = 0; i < 3; i++) expect((await ask(i)).status).toBe(200);
    const fourth = await ask(3);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      message: "You've asked to change your email address several times today. Please try again tomorrow.",
    });
    expect(await changeEmails(`cap-3-${person.id.slice(0, 8)}@example.com`)).toEqual([]);

    // Other accounts from one address: ten in a day in all.
    const shared = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const next = await signedIn();
      const res = await post(
        "/change-email",
        { newEmail: `ip-cap-${i}-${next.person.id.slice(0, 8)}@example.com`, password: FACTORY_PASSWORD },
        { ip: shared, headers: { Cookie: next.cookie } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it("greets by a plain name only: a name holding a domain is not put in the email", async () => {
    const { person, cookie } = await signedIn({ firstName: "Win500 at evil.example" });
    const newEmail = `greeting-${person.id.slice(0, 8)}@example.com`;
    await post("/change-email", { newEmail, password: FACTORY_PASSWORD }, { ip: newIp(), headers: { Cookie: cookie } });
    const [confirm] = await changeEmails(newEmail);
    expect(confirm?.text).toMatch(/Hi there,/);
    expect(confirm?.text).not.toContain("evil.example");
  });
});

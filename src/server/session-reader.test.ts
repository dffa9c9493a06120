import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { session, user } from "~/db/schema";
import { addHostMember } from "~/services/studio-access";
import { createHost } from "../../tests/factories/events";
import { createTestApp, signInThroughApi } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createSessionReader, type ReadSession, signedToken } from "./session-reader";

/**
 * The page requests' session check must agree with better-auth's own `getSession` in every case
 * that matters for safety: a forged or foreign cookie is nobody, a revoked or expired session is
 * nobody at once, and a session due to be extended is extended by better-auth, cookie and all.
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let readSession: ReadSession;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  readSession = createSessionReader(testApp.auth, database.db);
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

/** Signs a new person in through the JSON API; their session cookie as the browser sends it back. */
async function signedIn() {
  const { person, cookie } = await signInThroughApi(testApp, database, { firstName: "Ada", username: null, image: "" });
  const [row] = await database.db.select().from(session).where(eq(session.userId, person.id));
  return { person, cookie, session: row! };
}

const headersWith = (cookie: string) => new Headers({ Cookie: `theme=dark; ${cookie}; tb_consent=1` });

describe("readSession", () => {
  it("finds the same person better-auth does, and sets no cookie", async () => {
    const { person, cookie } = await signedIn();
    const read = await readSession(headersWith(cookie), new Date());
    const theirs = await testApp.auth.api.getSession({ headers: headersWith(cookie) });
    expect(read.user).toEqual({
      id: person.id,
      email: person.email,
      name: person.name,
      emailVerified: true,
      userType: "buyer",
      username: null,
      firstName: "Ada",
      lastName: "Person",
      image: null,
      isVerified: false,
      isStaff: false,
      inStudio: false,
    });
    expect(read.user?.id).toBe(theirs?.user.id);
    expect(read.setCookies).toEqual([]);
  });

  it("refuses a cookie whose signature is wrong, signed with another key, or missing", async () => {
    const { cookie, session: s } = await signedIn();
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf("."));
    // Change the signature's first character: the last one before "=" carries two spare bits,
    // so some changes there decode to the same bytes and the signature still holds.
    const signature = decoded.slice(token.length + 1);
    const flipped = `${token}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const foreignSignature = createHmac("sha256", "another-secret-of-32-characters!").update(token).digest("base64");
    const foreign = `${token}.${foreignSignature}`;
    for (const forged of [
      `${name}=${encodeURIComponent(flipped)}`,
      `${name}=${encodeURIComponent(foreign)}`,
      `${name}=${token}`,
      `${name}=`,
      `other.session_token=${value}`,
    ]) {
      expect((await readSession(headersWith(forged), new Date())).user, forged).toBeNull();
      expect(await testApp.auth.api.getSession({ headers: headersWith(forged) }), forged).toBeNull();
    }
    expect(s.token).toBe(token);
  });

  it("reads the first of two session cookies, as better-auth does", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const headers = new Headers({ Cookie: `${first.cookie}; ${second.cookie}` });
    expect((await readSession(headers, new Date())).user?.id).toBe(first.person.id);
    expect((await testApp.auth.api.getSession({ headers }))?.user.id).toBe(first.person.id);
  });

  it("refuses a session at once when it has been revoked", async () => {
    const { cookie, session: s } = await signedIn();
    expect((await readSession(headersWith(cookie), new Date())).user).not.toBeNull();
    await testApp.auth.api.revokeSession({ headers: headersWith(cookie), body: { token: s.token } });
    expect((await readSession(headersWith(cookie), new Date())).user).toBeNull();
  });

  it("refuses an expired session, and better-auth ends it and clears the cookie", async () => {
    const { cookie, session: s } = await signedIn();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, s.id));
    const read = await readSession(headersWith(cookie), new Date());
    expect(read.user).toBeNull();
    expect(read.setCookies.find((c) => c.startsWith("tb.session_token="))).toMatch(/Max-Age=0/);
    expect(await database.db.select().from(session).where(eq(session.id, s.id))).toEqual([]);
  });

  it("lets better-auth extend a session a day old, and passes on the refreshed cookie", async () => {
    const { person, cookie, session: s } = await signedIn();
    const ctx = await testApp.auth.$context;
    const expiresInMs = ctx.sessionConfig.expiresIn * 1000;
    // Signed in a day and a minute ago: due for extending (better-auth's updateAge is a day).
    const aged = new Date(Date.now() + expiresInMs - DAY_MS - 60_000);
    await database.db.update(session).set({ expiresAt: aged }).where(eq(session.id, s.id));

    const read = await readSession(headersWith(cookie), new Date());
    expect(read.user?.id).toBe(person.id);
    const refreshed = read.setCookies.find((c) => c.startsWith("tb.session_token="));
    expect(refreshed).toMatch(new RegExp(`Max-Age=${ctx.sessionConfig.expiresIn}`));
    const [after] = await database.db.select().from(session).where(eq(session.id, s.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + DAY_MS / 2);

    // Extended, it is read without better-auth again.
    expect((await readSession(headersWith(cookie), new Date())).setCookies).toEqual([]);
  });
});

describe("inStudio", () => {
  it("is true for a host's team member, read or extended, and ends when the host does", async () => {
    const { person, cookie, session: s } = await signedIn();
    const host = await createHost(database.db);
    expect((await readSession(headersWith(cookie), new Date())).user?.inStudio).toBe(false);
    await addHostMember(database.db, { hostId: host.id, userId: person.id, role: "scanner" });
    expect((await readSession(headersWith(cookie), new Date())).user?.inStudio).toBe(true);

    // Due for extending: better-auth answers, and the team is still known.
    const ctx = await testApp.auth.$context;
    const aged = new Date(Date.now() + ctx.sessionConfig.expiresIn * 1000 - DAY_MS - 60_000);
    await database.db.update(session).set({ expiresAt: aged }).where(eq(session.id, s.id));
    const extended = await readSession(headersWith(cookie), new Date());
    expect(extended.setCookies.length).toBeGreaterThan(0);
    expect(extended.user?.inStudio).toBe(true);

    // A host who closed their account takes their team with them.
    await database.db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, host.id));
    expect((await readSession(headersWith(cookie), new Date())).user?.inStudio).toBe(false);
  });
});

describe("signedToken", () => {
  const secret = "s".repeat(32);
  const sign = (token: string) => `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

  it("accepts the cookie URL-encoded, as set, or quoted", () => {
    const signed = sign("abc123");
    expect(signedToken(`tb.session_token=${encodeURIComponent(signed)}`, "tb.session_token", secret)).toBe("abc123");
    expect(signedToken(`tb.session_token="${encodeURIComponent(signed)}"`, "tb.session_token", secret)).toBe("abc123");
    expect(signedToken(`a=b;tb.session_token=${signed}`, "tb.session_token", secret)).toBe("abc123");
  });

  it("refuses a token without its signature, a cut signature, or another cookie's name", () => {
    const signed = sign("abc123");
    expect(signedToken(null, "tb.session_token", secret)).toBeNull();
    expect(signedToken("tb.session_token=abc123", "tb.session_token", secret)).toBeNull();
    expect(signedToken(`tb.session_token=${signed.slice(0, -1)}`, "tb.session_token", secret)).toBeNull();
    expect(signedToken(`xtb.session_token=${signed}`, "tb.session_token", secret)).toBeNull();
    expect(signedToken(`tb.session_token=%E0%A4%A`, "tb.session_token", secret)).toBeNull();
  });
});

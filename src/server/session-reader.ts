import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user } from "~/db/schema";
import type { SessionUser } from "~/services/session-user";
import type { Auth } from "./auth.server";

/** Who is asking, and any cookie better-auth wants set because it extended their session. */
export interface SessionRead {
  user: SessionUser | null;
  setCookies: string[];
}

export type ReadSession = (headers: Headers, now: Date) => Promise<SessionRead>;

const signedOut: SessionRead = { user: null, setCookies: [] };

/** A host, or a member of a host's team (the host still a host): the profile menu then leads to the Studio. */
const IN_STUDIO = sql<boolean>`("user"."user_type" = 'host' or exists (
  select 1 from host_member hm join "user" h on h.id = hm.host_id
  where hm.user_id = "user"."id" and h.user_type = 'host' and h.deleted_at is null))`;

/**
 * Reads the session behind every page request, as better-auth's `getSession` does but without its
 * endpoint machinery (decision 0015): the session cookie's signature is checked with the same key
 * and scheme better-auth signs it with, and the session and its person are read in one prepared
 * query, so a revoked or expired session is refused at once. Whenever the session is due to be
 * extended (better-auth's `updateAge` rule), better-auth itself answers, extends it, and returns the
 * refreshed cookie, which the caller passes on. Sign-in, sign-out and every other write stay with
 * better-auth.
 */
export function createSessionReader(auth: Auth, db: Db): ReadSession {
  const lookup = db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      userType: user.userType,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      image: user.image,
      isVerified: user.isVerified,
      isStaff: user.isStaff,
      inStudio: IN_STUDIO,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("tb_session_by_token");

  const cookie = sessionCookie(auth);

  return async function readSession(headers, now) {
    const token = await cookie.tokenFrom(headers);
    if (!token) return signedOut;
    const [row] = await lookup.execute({ token });
    if (!row) return signedOut;
    // Due to be extended, or already expired (always due): better-auth's to answer. It extends the
    // session or ends it, and says which cookie to set.
    if (await cookie.dueForBetterAuth(row.expiresAt, now)) {
      const read = await cookie.askBetterAuth(headers);
      // better-auth's user knows nothing of teams: the row just read does.
      return read.user ? { ...read, user: { ...read.user, inStudio: row.inStudio } } : read;
    }
    return { user: toSessionUser(row), setCookies: [] };
  };
}

/**
 * The session cookie as better-auth signs and refreshes it, for requests that read the session
 * themselves: the page requests here, and the Checkout press (`/api/events/{slug}/holds`), whose
 * claim looks the session up in the same statement that holds the tickets (decision 0016).
 */
export function sessionCookie(auth: Auth) {
  const settings = auth.$context.then((ctx) => ({
    secret: ctx.secret,
    cookieName: ctx.authCookies.sessionToken.name,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }));
  return {
    /** The session token, if the request carries a session cookie with a good signature. */
    async tokenFrom(headers: Headers): Promise<string | null> {
      const { cookieName, secret } = await settings;
      return signedToken(headers.get("cookie"), cookieName, secret);
    },
    /**
     * better-auth's `updateAge` rule: a session that expires this soon is extended (or, expired, ended) by better-auth.
     */
    async dueForBetterAuth(expiresAt: Date, now: Date): Promise<boolean> {
      const { expiresInMs, updateAgeMs } = await settings;
      return expiresAt.getTime() - expiresInMs + updateAgeMs <= now.getTime();
    },
    /** better-auth's own answer, with the cookies it sets (a session it extended, or one it ended). */
    async askBetterAuth(headers: Headers): Promise<SessionRead> {
      const { headers: replyHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
      return { user: response ? toSessionUser(response.user) : null, setCookies: replyHeaders.getSetCookie() };
    },
  };
}

/**
 * The session token from a request's cookies, if its signature is right: better-auth signs the
 * cookie as `token.base64(HMAC-SHA256(secret, token))`, URL-encoded.
 */
export function signedToken(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null;
  // As better-auth parses cookies: the first of a name counts, quotes are dropped, %-escapes decoded.
  let value: string | null = null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === cookieName) {
      value = part.slice(eq + 1).trim();
      break;
    }
  }
  if (!value) return null;
  if (value.startsWith('"')) value = value.slice(1, -1);
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // better-auth keeps a value it cannot decode as it is; its signature then cannot match.
    }
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The person as pages see them, from better-auth's user or our own row of it. */
export function toSessionUser(u: Record<string, unknown>): SessionUser {
  const s = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    id: String(u.id),
    email: String(u.email),
    name: String(u.name ?? ""),
    emailVerified: u.emailVerified === true,
    userType: u.userType === "host" ? "host" : "buyer",
    username: s(u.username),
    firstName: s(u.firstName),
    lastName: s(u.lastName),
    image: s(u.image),
    isVerified: u.isVerified === true,
    isStaff: u.isStaff === true,
    inStudio: u.inStudio === true || u.userType === "host",
  };
}

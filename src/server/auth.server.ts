import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { isUserType, isValidEmail, normaliseEmail, passwordProblem } from "~/domain/account-rules";
import { looksLikeALink, normaliseName, personNameProblem } from "~/domain/profile-rules";
import { formatLondonTime } from "~/lib/format";
import { infoPageAt } from "~/lib/info-pages.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { addNotification } from "~/services/add-notification";
import { checkPasswordThrottled } from "~/services/check-password";
import { EMAIL_CHANGE_UNDO_DAYS, isEmailChangeLinkRevoked, recordEmailChange } from "~/services/email-change";
import { profileProblemMessage } from "~/services/update-profile";
import type { Throttle } from "~/services/throttle";
import { messages } from "~/texts/messages";
import { isAllowedAuthPath } from "./auth-endpoints";
import { AUTH_LIMITS, throttleKeys } from "./auth-limits";
import { CLIENT_IP_HEADER, ROBOT_CHECK_HEADER } from "~/lib/internal-headers";
import type { Mailer } from "~/services/mailer";
import type { RobotCheck } from "./robot-check.server";

// The trusted client-address header, and the robot check's answer (one check for the JSON API and
// the forms), set by our server before anything reaches better-auth.
export { CLIENT_IP_HEADER, ROBOT_CHECK_HEADER };

export interface AuthOptions {
  db: Db;
  secret: string;
  baseUrl: string;
  /** Origins whose pages may call the auth endpoints (config.trustedOrigins); baseUrl's alone when not given. */
  trustedOrigins?: readonly string[];
  mailer: Mailer;
  throttle: Throttle;
  robotCheck: RobotCheck;
  now?: () => Date;
}

export const VERIFY_EMAIL_EXPIRES_IN_S = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_IN_S = 60 * 60;

export function createAuth({
  db,
  secret,
  baseUrl,
  trustedOrigins = [new URL(baseUrl).origin],
  mailer,
  throttle,
  robotCheck,
  now = () => new Date(),
}: AuthOptions) {
  const https = baseUrl.startsWith("https://");
  // Under https the session cookie takes the __Host- prefix: Secure, Path=/, no Domain, so no
  // subdomain or plain-http page can ever set or overwrite it.
  const cookieName = (name: string) => (https ? `__Host-tb.${name}` : `tb.${name}`);

  const tooMany = (retryAfterMs: number, message: string = messages.auth.tryAgainLater) =>
    new APIError("TOO_MANY_REQUESTS", {
      message,
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    });
  const badRequest = (message: string, code: string) => new APIError("BAD_REQUEST", { message, code });

  const checkPassword = (password: unknown, context: { email?: string; name?: string }) => {
    if (typeof password !== "string") throw badRequest(messages.auth.passwordTooShort, "PASSWORD_TOO_SHORT");
    const problem = passwordProblem(password, context);
    if (problem === "too_short") throw badRequest(messages.auth.passwordTooShort, "PASSWORD_TOO_SHORT");
    if (problem === "too_long") throw badRequest(messages.auth.passwordTooLong, "PASSWORD_TOO_LONG");
    if (problem === "too_common") throw badRequest(messages.auth.passwordTooCommon, "PASSWORD_TOO_COMMON");
  };

  const requireRobotCheck = async (headers: Headers | undefined) => {
    const result = await robotCheck.verify(headers?.get(ROBOT_CHECK_HEADER), now());
    if (!result.ok) throw badRequest(messages.auth.notARobot, "ROBOT_CHECK_FAILED");
  };

  const hit = async (key: string, rule: { limit: number; windowMs: number }, message?: string) => {
    const result = await throttle.hit(key, rule, now());
    if (!result.allowed) throw tooMany(result.retryAfterMs, message);
  };
  const peek = async (
    key: string,
    rule: { limit: number; windowMs: number },
    message?: (retryAfterMs: number) => string,
  ) => {
    const result = await throttle.peek(key, rule, now());
    if (!result.allowed) throw tooMany(result.retryAfterMs, message?.(result.retryAfterMs));
  };

  const nextSendMessage = (retryAfterMs: number) =>
    `We've just sent you an email. You can ask for another at ` +
    `${formatLondonTime(new Date(now().getTime() + retryAfterMs))}.`;

  /** A first or last name as the profile form takes it, or a 400 naming the field. */
  const checkedName = (field: "firstName" | "lastName", raw: unknown): string => {
    const value = typeof raw === "string" ? normaliseName(raw) : "";
    const problem = personNameProblem(value);
    if (problem)
      throw badRequest(
        profileProblemMessage({ field, problem }),
        problem === "required" ? `${field === "firstName" ? "FIRST" : "LAST"}_NAME_REQUIRED` : "INVALID_NAME",
      );
    return value;
  };

  /**
   * The signed-in person's current password, checked with the shared throttle (per account and
   * per address). Without a session the endpoint itself answers 401.
   */
  const requireCurrentPassword = async (
    ctx: { headers?: Headers } & Parameters<typeof getSessionFromCtx>[0],
    password: unknown,
    wrongMessage: string,
  ) => {
    const current = await getSessionFromCtx(ctx);
    if (!current) return;
    const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
    const result = await checkPasswordThrottled(db, throttle, {
      userId: current.user.id,
      ip,
      password: typeof password === "string" ? password : "",
      now: now(),
    });
    if (result.ok) return;
    if (result.reason === "throttled") throw tooMany(result.retryAfterMs);
    throw badRequest(wrongMessage, "INVALID_PASSWORD");
  };

  return betterAuth({
    appName: "Ticketyboo",
    baseURL: baseUrl,
    basePath: "/api/auth",
    trustedOrigins: [...trustedOrigins],
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        userRelations: schema.userRelations,
        sessionRelations: schema.sessionRelations,
        accountRelations: schema.accountRelations,
      },
    }),
    // Password-reset tokens are kept as their SHA-256, not as sent: someone who can read the database (a
    // backup, a leaked dump) cannot use a live reset link to take over an account. better-auth hashes a
    // token the same way when it looks one up. (Our own undo links for a change of email hash theirs too.)
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await mailer.send({
          to: user.email,
          userId: user.id,
          template: {
            name: "reset-password",
            props: {
              firstName: firstNameOf(user),
              url: `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`,
            },
          },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A link opens the account to whoever follows it only with its password (decision 0056): a stranger given
      // the link to an account someone else made in their name is not signed in to it.
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_S,
      async sendVerificationEmail({ user, url }) {
        // Every verification email counts towards the 5-minute resend wait (spec §4). One asked for again was
        // counted as it was asked: counting it twice in the same window moves nothing.
        await throttle.hit(throttleKeys.verifySend(user.email), AUTH_LIMITS.verifySend, now());
        const link = withCallback(url, "/email-verified");
        const [stored] = await db
          .select({ email: schema.user.email })
          .from(schema.user)
          .where(eq(schema.user.id, user.id));
        const changing = stored !== undefined && stored.email !== user.email;
        await mailer.send({
          to: user.email,
          userId: user.id,
          template: changing
            ? { name: "change-email", props: { firstName: firstNameOf(user), url: link, newEmail: user.email } }
            : { name: "verify-email", props: { firstName: firstNameOf(user), url: link } },
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: 60 * 60 * 24 },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        // Set from the sign-up choice by the create hook below; nobody writes it through the API.
        userType: { type: "string", required: false, defaultValue: "buyer", input: false },
        username: { type: "string", required: false, input: false },
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        hostTitle: { type: "string", required: false, input: false },
        isVerified: { type: "boolean", required: false, defaultValue: false, input: false },
        isStaff: { type: "boolean", required: false, defaultValue: false, input: false },
        // When, and to which terms, the person agreed at sign-up: set by the create hook below.
        termsAcceptedAt: { type: "date", required: false, input: false },
        termsVersion: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          /**
           * Sign-up is the one way an account is made: its role is the choice made there, its names
           * are cleaned as the profile form cleans them, and nothing else from the body is kept.
           */
          async before(user, context) {
            const body = (context?.path === "/sign-up/email" ? (context.body ?? {}) : {}) as Record<string, unknown>;
            const firstName = typeof body.firstName === "string" ? normaliseName(body.firstName) : "";
            const lastName = typeof body.lastName === "string" ? normaliseName(body.lastName) : "";
            return {
              data: {
                ...user,
                userType: isUserType(body.userType) ? body.userType : "buyer",
                ...(firstName && lastName ? { firstName, lastName, name: `${firstName} ${lastName}` } : {}),
                image: null,
                // The guard below lets no sign-up through without the terms agreed to.
                ...(body.terms === true ? { termsAcceptedAt: now(), termsVersion: termsVersion() } : {}),
              },
            };
          },
          async after(user) {
            const u = user as typeof user & { firstName?: string | null; userType?: string };
            const userType = u.userType === "host" ? "host" : "buyer";
            await mailer.send({
              to: user.email,
              userId: user.id,
              template:
                userType === "host"
                  ? { name: "host-onboarding", props: { hostName: u.firstName ?? user.name } }
                  : { name: "welcome", props: { firstName: u.firstName ?? user.name, userType } },
            });
            await addNotification(db, {
              userId: user.id,
              title: "Welcome to Ticketyboo",
              body:
                userType === "host"
                  ? "Add a photo and a few words about what you run, so buyers know who's hosting."
                  : "Add a photo and a few words about yourself, then find something to do tonight.",
              link: "/u/settings/profile",
            });
          },
        },
        update: {
          /**
           * A change of email is complete once the new address's link is followed: the old address
           * is told, with a link that puts it back (and ends every session).
           */
          async after(user, context) {
            if (context?.path !== "/verify-email") return;
            const query = (context.query ?? {}) as Record<string, unknown>;
            const link = changeOfEmailLink(query.token);
            if (!link || link.to !== user.email.toLowerCase() || link.from === link.to) return;
            const { token } = await recordEmailChange(db, {
              userId: user.id,
              from: link.from,
              to: link.to,
              now: now(),
            });
            await mailer.send({
              to: link.from,
              userId: user.id,
              template: {
                name: "email-changed",
                props: {
                  firstName: firstNameOf(user),
                  newEmail: link.to,
                  undoUrl: `${baseUrl}/account/undo-email-change?token=${encodeURIComponent(token)}`,
                  undoDays: EMAIL_CHANGE_UNDO_DAYS,
                },
              },
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Every endpoint is ours: what is not on the list (auth-endpoints.ts) does not exist.
        if (!isAllowedAuthPath(ctx.path)) throw new APIError("NOT_FOUND", { message: "Not found", code: "NOT_FOUND" });
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === "string" ? normaliseEmail(body.email) : "";
        // An address no one can have is refused before it is counted (a throttle key of kilobytes fails to store).
        if (typeof body.email === "string" && !isValidEmail(email))
          throw badRequest(messages.auth.invalidEmail, "INVALID_EMAIL");
        switch (ctx.path) {
          case "/sign-in/email": {
            // Every attempt is counted before its password is hashed, one statement a counter, so attempts sent
            // all at once cannot pass a limit together; a right password gives its attempt back (the after hook).
            await hit(throttleKeys.signInsByAccount(email), AUTH_LIMITS.signInsByAccount);
            await hit(throttleKeys.signInFailuresByIp(ip), AUTH_LIMITS.signInFailuresByIp);
            await hit(throttleKeys.signInFailuresByAccountAndIp(email, ip), AUTH_LIMITS.signInFailuresByAccountAndIp);
            // Past the account's limit the owner can still get in, with the robot check as well.
            const account = await throttle.hit(
              throttleKeys.signInFailuresByAccount(email),
              AUTH_LIMITS.signInFailuresByAccount,
              now(),
            );
            if (!account.allowed && !(await robotCheck.verify(ctx.headers?.get(ROBOT_CHECK_HEADER), now())).ok) {
              throw badRequest(messages.auth.notARobot, "ROBOT_CHECK_REQUIRED");
            }
            return;
          }
          case "/sign-up/email": {
            await hit(throttleKeys.signUpByIp(ip), AUTH_LIMITS.signUpByIp);
            await requireRobotCheck(ctx.headers);
            if (!isValidEmail(email)) throw badRequest(messages.auth.invalidEmail, "INVALID_EMAIL");
            if (!isUserType(body.userType)) throw badRequest(messages.auth.chooseAccountType, "INVALID_USER_TYPE");
            if (body.terms !== true) throw badRequest(messages.auth.mustAgreeToTerms, "TERMS_NOT_AGREED");
            const firstName = checkedName("firstName", body.firstName);
            const lastName = checkedName("lastName", body.lastName);
            // A profile image is uploaded from the profile page, never named.
            if (body.image !== undefined && body.image !== null)
              throw badRequest("A profile image can only be uploaded from your profile page.", "FIELD_NOT_WRITABLE");
            checkPassword(body.password, { email, name: `${firstName}${lastName}` });
            return;
          }
          case "/update-user": {
            // Only what the profile form edits that better-auth can write, with the form's rules.
            const fields = Object.keys(body);
            const other = fields.find((f) => f !== "firstName" && f !== "lastName");
            if (other !== undefined) throw badRequest(`${other} can't be changed here.`, "FIELD_NOT_WRITABLE");
            if (fields.length === 0) throw badRequest("Nothing to change.", "NO_FIELDS_TO_UPDATE");
            const current = await getSessionFromCtx(ctx);
            if (!current) return;
            const me = current.user as typeof current.user & { firstName?: string | null; lastName?: string | null };
            const firstName = "firstName" in body ? checkedName("firstName", body.firstName) : (me.firstName ?? "");
            const lastName = "lastName" in body ? checkedName("lastName", body.lastName) : (me.lastName ?? "");
            return { context: { body: { firstName, lastName, name: `${firstName} ${lastName}`.trim() } } };
          }
          case "/request-password-reset":
            await hit(throttleKeys.resetByIp(ip), AUTH_LIMITS.resetByIp);
            await requireRobotCheck(ctx.headers);
            await hit(throttleKeys.resetByAccount(email), AUTH_LIMITS.resetByAccount);
            return;
          case "/reset-password":
            await hit(throttleKeys.resetByIp(ip), AUTH_LIMITS.resetByIp);
            checkPassword(body.newPassword, {});
            return;
          case "/send-verification-email": {
            // Counted here, for every address, in one statement: a burst of asks at once gets one email, and an
            // address with no account (better-auth sends nothing to it) is answered as one with an account.
            const sent = await throttle.hit(throttleKeys.verifySend(email), AUTH_LIMITS.verifySend, now());
            if (!sent.allowed) throw tooMany(sent.retryAfterMs, nextSendMessage(sent.retryAfterMs));
            return;
          }
          case "/change-password":
            checkPassword(body.newPassword, {});
            await requireCurrentPassword(ctx, body.currentPassword, messages.auth.oldPasswordIncorrect);
            return;
          case "/change-email": {
            const newEmail = typeof body.newEmail === "string" ? normaliseEmail(body.newEmail) : "";
            if (!isValidEmail(newEmail)) throw badRequest(messages.auth.invalidEmail, "INVALID_EMAIL");
            // A session alone must not be enough to take the account: the password too, on every route.
            await requireCurrentPassword(ctx, body.password, messages.auth.incorrectPassword);
            await peek(throttleKeys.verifySend(newEmail), AUTH_LIMITS.verifySend, nextSendMessage);
            const asker = await getSessionFromCtx(ctx);
            if (asker)
              await hit(
                throttleKeys.emailChangeByAccount(asker.user.id),
                AUTH_LIMITS.emailChangeByAccount,
                messages.auth.emailChangesToday,
              );
            await hit(throttleKeys.emailChangeByIp(ip), AUTH_LIMITS.emailChangeByIp, messages.auth.emailChangesToday);
            return;
          }
          case "/verify-email": {
            const link = changeOfEmailLink(ctx.query?.token);
            if (!link) return;
            const [holder] = await db
              .select({ id: schema.user.id })
              .from(schema.user)
              .where(eq(schema.user.email, link.from));
            if (
              holder &&
              (await isEmailChangeLinkRevoked(db, { userId: holder.id, issuedAt: link.issuedAt, now: now() }))
            ) {
              // Back to our own page only: `/\evil.example` is another site to a browser, as `//` is.
              const asked = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
              const callback = safeRedirect(asked, "");
              if (callback) throw ctx.redirect(`${callback}${callback.includes("?") ? "&" : "?"}error=INVALID_TOKEN`);
              throw new APIError("UNAUTHORIZED", { message: "Invalid token", code: "INVALID_TOKEN" });
            }
            // better-auth signs whoever opens a change-of-email link in to the account, if no one is signed in: a
            // stranger sent one would be using the asker's account. It is confirmed signed in as its owner (another
            // person signed in is refused by better-auth itself).
            if (!(await getSessionFromCtx(ctx))) {
              const asked = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
              const back =
                `/api/auth/verify-email?token=${encodeURIComponent(String(ctx.query?.token))}` +
                `&callbackURL=${encodeURIComponent(safeRedirect(asked, "/email-verified"))}`;
              throw ctx.redirect(`/log-in?redirect=${encodeURIComponent(back)}`);
            }
            return;
          }
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const failed = returned instanceof APIError;
        if (ctx.path === "/sign-in/email") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const email = typeof body.email === "string" ? normaliseEmail(body.email) : "";
          if (!failed) {
            // Only what is not a right password stays counted, so a person who signs in often is never locked out.
            await throttle.reset(throttleKeys.signInFailuresByAccount(email));
            await throttle.reset(throttleKeys.signInFailuresByAccountAndIp(email, ip));
            await throttle.release(throttleKeys.signInFailuresByIp(ip), now());
          }
        }
        // A session's token is its cookie's secret, which is HTTP-only so that no page script can read it: no answer
        // gives it out, whichever endpoint (signing in and up, changing the password, reading the session or the list
        // of sessions: the Security page needs only their ids, and the cookie carries the token).
        const tokenless = withoutSessionTokens(returned);
        if (tokenless !== returned) return ctx.json(tokenless as Record<string, unknown>);
      }),
    },
    rateLimit: {
      // Our own limits (above) live in the shared store; better-auth's memory limiter would not be shared across
      // instances.
      enabled: false,
    },
    advanced: {
      // better-auth turns its Origin check off whenever NODE_ENV=test or TEST is set; a deployment
      // with either in its environment would take cross-site posts. It is always on here.
      disableOriginCheck: false,
      useSecureCookies: false,
      cookiePrefix: "tb",
      cookies: {
        session_token: { name: cookieName("session_token") },
        session_data: { name: cookieName("session_data") },
        dont_remember: { name: cookieName("dont_remember") },
      },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Wrong passwords and unknown emails are ordinary events here, counted by our throttle, not warnings.
    logger: { level: "error" },
    telemetry: { enabled: false },
    // A session and its user in one query (the relations are in the schema): every page asks.
    experimental: { joins: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The greeting of an account's emails. They go to an address the account's maker typed, who may not be its owner:
 * a name holding a link or a domain ("Claim your prize at evil.example") is not put in them.
 */
function firstNameOf(user: { name: string } & Record<string, unknown>): string {
  const first = user.firstName;
  const name = typeof first === "string" && first.trim() !== "" ? first : user.name.split(" ")[0] || "";
  return name === "" || looksLikeALink(name) ? "there" : name;
}

/**
 * What a change-of-email link (better-auth's /verify-email token carrying `updateTo`) asks for.
 * Only read here: better-auth checks its signature and expiry itself before acting on it.
 */
function changeOfEmailLink(token: unknown): { from: string; to: string; issuedAt: Date } | null {
  if (typeof token !== "string") return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as {
      email?: unknown;
      updateTo?: unknown;
      iat?: unknown;
    };
    if (typeof payload.email !== "string" || typeof payload.updateTo !== "string" || typeof payload.iat !== "number")
      return null;
    return {
      from: payload.email.toLowerCase(),
      to: payload.updateTo.toLowerCase(),
      issuedAt: new Date(payload.iat * 1000),
    };
  } catch {
    return null;
  }
}

/** better-auth builds the link with the callback the client asked for; ours always lands on our own page. */
function withCallback(url: string, callback: string): string {
  const u = new URL(url);
  const asked = u.searchParams.get("callbackURL");
  if (!asked || asked === "/") u.searchParams.set("callbackURL", callback);
  return u.toString();
}

/** The terms a person agrees to now: the 'Last updated' day of the terms of use (content/pages/legal). */
function termsVersion(): string | null {
  return infoPageAt("/legal/terms-of-use")?.updated ?? null;
}

/** A plain object (an endpoint's JSON answer), not an array, a Response or an error. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** An answer without session tokens: its own `token`, its session's, each listed session's. The same when none. */
function withoutSessionTokens(answer: unknown): unknown {
  if (Array.isArray(answer)) {
    const listed = answer.map(withoutSessionTokens);
    return listed.some((item, i) => item !== answer[i]) ? listed : answer;
  }
  if (!isRecord(answer)) return answer;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (key === "token") {
      changed = true;
      continue;
    }
    const inner = key === "session" ? withoutSessionTokens(value) : value;
    if (inner !== value) changed = true;
    out[key] = inner;
  }
  return changed ? out : answer;
}

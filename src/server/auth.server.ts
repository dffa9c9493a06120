import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { isUserType, isValidEmail, normaliseEmail, passwordProblem } from "~/domain/account-rules";
import { formatLondonTime } from "~/lib/format";
import { addNotification } from "~/services/add-notification";
import type { Throttle } from "~/services/throttle";
import { messages } from "~/web/messages";
import { AUTH_LIMITS, throttleKeys } from "./auth-limits";
import type { Mailer } from "./email/mailer";
import type { RobotCheck } from "./robot-check.server";

/** The trusted header our server sets to the client's address before anything reaches better-auth. */
export const CLIENT_IP_HEADER = "x-tb-client-ip";
/** The robot-check solution travels in a header so the JSON API and the forms share one check. */
export const ROBOT_CHECK_HEADER = "x-altcha";

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

export function createAuth({ db, secret, baseUrl, trustedOrigins = [new URL(baseUrl).origin], mailer, throttle, robotCheck, now = () => new Date() }: AuthOptions) {
  const https = baseUrl.startsWith("https://");
  // Under https the session cookie takes the __Host- prefix: Secure, Path=/, no Domain, so no
  // subdomain or plain-http page can ever set or overwrite it.
  const cookieName = (name: string) => (https ? `__Host-tb.${name}` : `tb.${name}`);

  const tooMany = (retryAfterMs: number, message: string = messages.auth.tryAgainLater) =>
    new APIError("TOO_MANY_REQUESTS", { message, code: "TOO_MANY_REQUESTS", retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
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

  const hit = async (key: string, rule: { limit: number; windowMs: number }) => {
    const result = await throttle.hit(key, rule, now());
    if (!result.allowed) throw tooMany(result.retryAfterMs);
  };
  const peek = async (key: string, rule: { limit: number; windowMs: number }, message?: (retryAfterMs: number) => string) => {
    const result = await throttle.peek(key, rule, now());
    if (!result.allowed) throw tooMany(result.retryAfterMs, message?.(result.retryAfterMs));
  };

  const nextSendMessage = (retryAfterMs: number) =>
    `We've just sent you an email. You can ask for another at ${formatLondonTime(new Date(now().getTime() + retryAfterMs))}.`;

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
          template: { name: "reset-password", props: { firstName: firstNameOf(user), url: `${baseUrl}/reset-password?token=${encodeURIComponent(token)}` } },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_S,
      async sendVerificationEmail({ user, url }) {
        // Every verification email counts towards the 5-minute resend wait (spec §4).
        await throttle.hit(throttleKeys.verifySend(user.email), AUTH_LIMITS.verifySend, now());
        const link = withCallback(url, "/email-verified");
        const [stored] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, user.id));
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
        userType: { type: "string", required: false, defaultValue: "buyer", input: true },
        username: { type: "string", required: false, input: false },
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        hostTitle: { type: "string", required: false, input: false },
        isVerified: { type: "boolean", required: false, defaultValue: false, input: false },
        isStaff: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
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
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === "string" ? normaliseEmail(body.email) : "";
        switch (ctx.path) {
          case "/sign-in/email":
            await peek(throttleKeys.signInFailuresByIp(ip), AUTH_LIMITS.signInFailuresByIp);
            await peek(throttleKeys.signInFailuresByAccount(email), AUTH_LIMITS.signInFailuresByAccount);
            return;
          case "/sign-up/email": {
            await hit(throttleKeys.signUpByIp(ip), AUTH_LIMITS.signUpByIp);
            await requireRobotCheck(ctx.headers);
            if (!isValidEmail(email)) throw badRequest(messages.auth.invalidEmail, "INVALID_EMAIL");
            if (!isUserType(body.userType)) throw badRequest(messages.auth.chooseAccountType, "INVALID_USER_TYPE");
            if (typeof body.firstName !== "string" || body.firstName.trim() === "") throw badRequest(messages.auth.firstNameRequired, "FIRST_NAME_REQUIRED");
            if (typeof body.lastName !== "string" || body.lastName.trim() === "") throw badRequest(messages.auth.lastNameRequired, "LAST_NAME_REQUIRED");
            checkPassword(body.password, { email, name: typeof body.name === "string" ? body.name : undefined });
            return;
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
          case "/send-verification-email":
            await peek(throttleKeys.verifySend(email), AUTH_LIMITS.verifySend, nextSendMessage);
            return;
          case "/change-password":
            await peek(throttleKeys.passwordChecksByIp(ip), AUTH_LIMITS.passwordChecksByIp);
            checkPassword(body.newPassword, {});
            return;
          case "/change-email": {
            const newEmail = typeof body.newEmail === "string" ? normaliseEmail(body.newEmail) : "";
            if (!isValidEmail(newEmail)) throw badRequest(messages.auth.invalidEmail, "INVALID_EMAIL");
            await peek(throttleKeys.verifySend(newEmail), AUTH_LIMITS.verifySend, nextSendMessage);
            return;
          }
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const failed = ctx.context.returned instanceof APIError;
        if (ctx.path === "/sign-in/email") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const email = typeof body.email === "string" ? normaliseEmail(body.email) : "";
          const status = failed ? (ctx.context.returned as APIError).statusCode : 200;
          if (failed && status === 401) {
            // Only wrong passwords count, so a person who signs in often is never locked out.
            await throttle.hit(throttleKeys.signInFailuresByIp(ip), AUTH_LIMITS.signInFailuresByIp, now());
            await throttle.hit(throttleKeys.signInFailuresByAccount(email), AUTH_LIMITS.signInFailuresByAccount, now());
          } else if (!failed) {
            await throttle.reset(throttleKeys.signInFailuresByAccount(email));
          }
        }
        if (ctx.path === "/change-password" && failed && (ctx.context.returned as APIError).statusCode === 400) {
          await throttle.hit(throttleKeys.passwordChecksByIp(ip), AUTH_LIMITS.passwordChecksByIp, now());
        }
      }),
    },
    rateLimit: {
      // Our own limits (above) live in the shared store; better-auth's memory limiter would not be shared across instances.
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

function firstNameOf(user: { name: string } & Record<string, unknown>): string {
  const first = user.firstName;
  return typeof first === "string" && first.trim() !== "" ? first : user.name.split(" ")[0] || "there";
}

/** better-auth builds the link with the callback the client asked for; ours always lands on our own page. */
function withCallback(url: string, callback: string): string {
  const u = new URL(url);
  const asked = u.searchParams.get("callbackURL");
  if (!asked || asked === "/") u.searchParams.set("callbackURL", callback);
  return u.toString();
}

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseUrl: string;
}

export function createAuth({ db, secret, baseUrl }: AuthOptions) {
  const secure = baseUrl.startsWith("https://");
  return betterAuth({
    appName: "Ticketyboo",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        userType: { type: "string", required: false, defaultValue: "buyer", input: true },
        username: { type: "string", required: false, input: false },
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        hostTitle: { type: "string", required: false, input: false },
        isVerified: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: "tb",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    // Throttling is configured with the accounts work; the foundation keeps better-auth's default.
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

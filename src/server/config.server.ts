import path from "node:path";
import { z } from "zod";

/**
 * Every setting comes from the environment and is checked here once, at start.
 * The defaults make `npm start` work on a fresh machine with nothing set.
 */
const optionalUrl = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.url().optional());

/** A PostgreSQL connection URL (postgres:// or postgresql://): anything else is a mistake to report at start. */
const postgresUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .url({ message: "must be a PostgreSQL URL such as postgres://user:password@host:5432/ticketyboo" })
    .refine((v) => /^postgres(ql)?:\/\//i.test(v), {
      message:
        "must be a PostgreSQL URL (postgres:// or postgresql://), such as " +
        "postgres://user:password@host:5432/ticketyboo",
    })
    .optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: postgresUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API at another address (a stand-in Stripe, for tests): Stripe's own unless set; test-mode keys only. */
  STRIPE_API_URL: optionalUrl,
  /**
   * Take payments that move no money (the built-in test provider, or a Stripe test-mode key) on a
   * real deployment (https PUBLIC_URL), on purpose: a demo or a staging site. Refused otherwise.
   */
  ALLOW_TEST_PAYMENTS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** The most the resized-image cache (DATA_DIR/cache/img) may hold on disk, in megabytes. */
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(1_000_000).default(512),
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  REDIS_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  /** Meta's Conversions API (conversion tracking): off unless both are set. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "a pixel id is digits")
    .optional(),
  META_CONVERSIONS_TOKEN: z.string().optional(),
  META_GRAPH_URL: z.url().default("https://graph.facebook.com/v21.0"),
  LLM_API_KEY: z.string().optional(),
  /** The model the writing helper asks for at LLM_BASE_URL. */
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /**
   * The HTTP Basic credentials of the mail provider's bounce and complaint webhook (Postmark's, at
   * /api/webhooks/postmark): the endpoint exists only when both are set.
   */
  EMAIL_WEBHOOK_USER: z.string().min(1).max(100).optional(),
  EMAIL_WEBHOOK_PASSWORD: z.string().min(16, "EMAIL_WEBHOOK_PASSWORD must be at least 16 characters").optional(),
  /**
   * Where 'Chat Support' leads: the live chat and help centre of the support desk (opened in a new
   * tab, outside the app). Unset: the help centre's chat links lead to our own support form.
   */
  CHAT_SUPPORT_URL: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.url({ protocol: /^https?$/, message: "must be an http(s) address, such as https://chat.example.com" }).optional(),
  ),
  /** A team-chat incoming webhook (Slack-compatible `{text}` JSON) for feedback, support and bug reports. */
  TEAM_CHAT_WEBHOOK_URL: optionalUrl,
  /** Behind a reverse proxy, trust its X-Forwarded-For for the client address (rate limits). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed demo data on a first start against an empty database. */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** Mounts /dev/* helper routes (outbox, error drill). Always on outside production. */
  ENABLE_DEV_ROUTES: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // A real deployment (https) must never take "payments" that move no money by accident.
  const testPayments = !e.STRIPE_SECRET_KEY || isStripeTestKey(e.STRIPE_SECRET_KEY);
  if (testPayments && e.PUBLIC_URL?.startsWith("https:") && !e.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      e.STRIPE_SECRET_KEY
        ? `Invalid configuration:\n  STRIPE_SECRET_KEY: a Stripe test-mode key on ${e.PUBLIC_URL} would take test ` +
            `payments that move no money. Set a live key (sk_live_…), or set ALLOW_TEST_PAYMENTS=true if this ` +
            `site is meant to take test payments.`
        : `Invalid configuration:\n  STRIPE_SECRET_KEY: no payment provider is configured, so ${e.PUBLIC_URL} would ` +
            `take test payments that move no money. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real ` +
            `payments, or set ALLOW_TEST_PAYMENTS=true if this site is meant to take test payments.`,
    );
  }
  // The development routes read every email (password-reset links too) to anyone: never on a real deployment (https),
  // and not by a stray NODE_ENV there either.
  const https = e.PUBLIC_URL?.startsWith("https:") ?? false;
  if (https && e.ENABLE_DEV_ROUTES) {
    throw new ConfigError(
      `Invalid configuration:\n  ENABLE_DEV_ROUTES: the development routes would show every email sent, ` +
        `password-reset links included, to anyone on ${e.PUBLIC_URL}. Leave ENABLE_DEV_ROUTES unset on a real site.`,
    );
  }
  // A live key is only ever sent to Stripe itself.
  if (e.STRIPE_API_URL && !(e.STRIPE_SECRET_KEY && isStripeTestKey(e.STRIPE_SECRET_KEY))) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_API_URL: a stand-in Stripe takes only a Stripe test-mode key (sk_test_…) in " +
        "STRIPE_SECRET_KEY. Unset STRIPE_API_URL to use Stripe itself.",
    );
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    trustedOrigins: trustedOrigins(e.PUBLIC_URL, e.PORT),
    /** PUBLIC_URL's origin when it is set: pages are served as if asked there (behind a proxy too). */
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    smtpUrl: e.SMTP_URL,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    /** Payments here move no money (the test provider, or Stripe in test mode): every checkout page says so. */
    testPayments,
    mapTileUrl: e.MAP_TILE_URL,
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    redisUrl: e.REDIS_URL,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    metaConversions:
      e.META_PIXEL_ID && e.META_CONVERSIONS_TOKEN
        ? { pixelId: e.META_PIXEL_ID, accessToken: e.META_CONVERSIONS_TOKEN, graphUrl: e.META_GRAPH_URL }
        : undefined,
    teamChatWebhookUrl: e.TEAM_CHAT_WEBHOOK_URL,
    chatSupportUrl: e.CHAT_SUPPORT_URL ?? null,
    emailWebhook:
      e.EMAIL_WEBHOOK_USER && e.EMAIL_WEBHOOK_PASSWORD
        ? { user: e.EMAIL_WEBHOOK_USER, password: e.EMAIL_WEBHOOK_PASSWORD }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.BETTER_AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    devRoutes: e.ENABLE_DEV_ROUTES ?? (e.NODE_ENV !== "production" && !https),
  };
}

/** Stripe's test-mode secret and restricted keys: payments made with them move no money. */
export function isStripeTestKey(key: string): boolean {
  return /^(sk|rk)_test_/.test(key);
}

/**
 * The origins whose pages may post with a person's cookie (sign-in, Checkout): the site's own,
 * PUBLIC_URL's. Without PUBLIC_URL the app is being run on this machine, and it answers on every
 * loopback name, so a page opened at http://127.0.0.1:3000 or http://[::1]:3000 is ours as much as
 * http://localhost:3000; with PUBLIC_URL set, only that origin is.
 */
export function trustedOrigins(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`);
}

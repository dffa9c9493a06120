import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { Database } from "~/db/client.server";
import type { SessionUser } from "~/services/session-user";
import { altchaRoutes } from "./api/altcha";
import { calendarRoutes } from "./api/calendar";
import { conversionRoutes } from "./api/conversions";
import { devBookingRoutes } from "./api/dev-booking";
import { devCampaignRoutes } from "./api/dev-campaigns";
import { devTileRoutes } from "./api/dev-tiles";
import { emailDeliveryWebhookRoutes } from "./api/email-delivery-webhook";
import { stripeWebhookRoutes } from "./api/stripe-webhook";
import { unsubscribeRoutes } from "./api/unsubscribe";
import { campaignTrackingRoutes } from "./api/campaign-tracking";
import { healthRoutes } from "./api/health";
import { holdRoutes } from "./api/holds";
import { attributionCookieFor, trackingLinkRoutes } from "./api/tracking-links";
import { imageRoutes } from "./api/img";
import { mediaRoutes } from "./api/media";
import { metricsRoutes } from "./api/metrics";
import { searchRoutes } from "./api/search";
import { seoRoutes } from "./api/seo";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";
import { clientIp } from "./client-ip";
import { compress } from "./compress";
import type { Config } from "./config.server";
import type { Mailer } from "~/services/mailer";
import type { UnsubscribeLinks } from "./email/unsubscribe.server";
import { errorResponse } from "./errors";
import { FRAMEABLE_PAGE, framingAllowedOn, LOADABLE_ANYWHERE, loadableFromAnySite } from "./framing";
import { inputGuard } from "./input-guard";
import { onPublicOrigin, sameSiteOnly, siteUrlFor } from "./same-site";
import type { RobotCheck } from "./robot-check.server";
import type { FileStorage } from "./storage/local-storage.server";
import { createSessionReader } from "./session-reader";
import { createWritingHelper } from "./writing-helper.server";
import type { WritingHelper } from "~/services/writing-helper";
import { AppError } from "~/lib/app-error";
import { bodyLimitFor } from "~/domain/request-limits";
import { doorRoutes } from "./api/door";
import type { ConversionTracker } from "~/services/conversion-tracker";
import type { PaymentProvider } from "~/services/payment-provider";
import type { Throttle } from "~/services/throttle";
import { refreshPayoutAccountById } from "~/services/host-payouts";
import { settlePayment } from "~/services/settle-payment";
import type { TestProviderPage } from "./payments/test-provider.server";
import type { TicketCodes } from "./ticket-codes.server";

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  storage: FileStorage;
  logger: Logger;
  /** Queues email (rendered, stored, delivered by a background job). */
  mailer: Mailer;
  /** ALTCHA proof-of-work challenges and verification (replays recorded in the database). */
  robotCheck: RobotCheck;
  /** Shared rate-limit counters: PostgreSQL, or Redis when REDIS_URL is set. */
  throttle: Throttle;
  payments: PaymentProvider;
  testPayments: TestProviderPage | null;
  ticketCodes: TicketCodes;
  /** Conversion tracking (Meta's Conversions API), or null when not configured. */
  conversions: ConversionTracker | null;
  /** Signed one-click unsubscribe links (the day-before reminders). */
  unsubscribe: UnsubscribeLinks;
  /** Woken after each request that may have written, to queue the after-commit work it recorded at once. */
  afterCommit?: { wake(): void };
  buildVersion: string;
  /** Loads React Router's server build (the built bundle in production, Vite's module in dev). */
  getBuild: () => Promise<ServerBuild>;
  /** Directory of built client assets; absent in dev, where Vite serves them. */
  clientDir?: string;
}

/** The Checkout press (decision 0016) and Stripe's signed webhook read their own bodies: the guard only limits them. */
/** Endpoints other servers post to, each authenticating itself (a webhook's signature, an unsubscribe link's). */
const OTHER_SERVERS_POST = /^\/api\/(webhooks\/|email\/unsubscribe(\/|$))/;
/**
 * Posts that never record after-commit work: the door's scans and syncs, many a second on the night,
 * would each wake a sweep (three statements) for nothing.
 */
const RECORDS_NO_AFTER_COMMIT_WORK = /^\/api\/door\//;
const READS_OWN_BODY = /^\/api\/(events\/[^/]+\/holds|webhooks\/stripe)$/;
const PAGE_FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export type AppEnv = {
  Variables: {
    requestId: string;
    secureHeadersNonce?: string;
    user: SessionUser | null;
  };
};

export function createApp(deps: AppDeps) {
  const { config, database, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  const https = config.publicUrl.startsWith("https://");
  const writingHelper = config.llm ? createWritingHelper(config.llm, logger) : null;

  app.use(requestId({ headerName: "X-Request-Id" }));
  // Work a request's transactions recorded for after their commit (emails) is queued as it ends,
  // rather than at the next sweep; a stop before this loses nothing (see after-commit.server.ts).
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !RECORDS_NO_AFTER_COMMIT_WORK.test(c.req.path))
      deps.afterCommit?.wake();
  });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (path.startsWith("/assets/")) return;
    logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // The booking widget alone may be framed, by any site (decision 0046); everything else by none.
  app.use(framingAllowedOn(FRAMEABLE_PAGE));
  // Pictures and the open pixel may be loaded by mail programs on other sites; nothing else may.
  app.use(loadableFromAnySite(LOADABLE_ANYWHERE));
  app.use(
    secureHeaders({
      // The dev server injects inline module scripts for hot reload; production gets the full policy.
      contentSecurityPolicy: config.isProduction
        ? {
            defaultSrc: ["'self'"],
            // WebAssembly may be compiled (the door's QR reader, decision 0061); JavaScript's eval may not.
            scriptSrc: ["'self'", NONCE, "'wasm-unsafe-eval'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", tileOrigin(config.mapTileUrl)].filter(Boolean) as string[],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
          }
        : undefined,
      strictTransportSecurity: https ? "max-age=63072000; includeSubDomains" : false,
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: ["self"], geolocation: ["self"], microphone: [] },
    }),
  );
  app.use(compress());
  // Posts come only from the site's own pages (other servers' signed calls aside), refused before any body is read.
  app.use(
    sameSiteOnly({ trustedOrigins: config.trustedOrigins, trustProxy: config.trustProxy, exempt: OTHER_SERVERS_POST }),
  );
  // Addresses, body sizes and form fields are checked once, here, for every route (DESIGN §3).
  app.use(inputGuard({ limitFor: bodyLimitFor, readsOwnBody: (path) => READS_OWN_BODY.test(path) }));

  app.onError((error, c) => {
    logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return errorResponse(c, error);
  });

  app.route("/api/health", healthRoutes({ engine: database.engine, version: deps.buildVersion, database }));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // better-auth sees the client's address only through a header we set (and overwrite), so the
    // shared rate limits key on an address nobody can forge.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    const body = c.req.method === "GET" ? undefined : await c.req.raw.arrayBuffer();
    return auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  });
  app.route("/api/metrics", metricsRoutes({ database, throttle: deps.throttle, trustProxy: config.trustProxy }));
  app.route("/api/email/unsubscribe", unsubscribeRoutes({ database, links: deps.unsubscribe }));
  app.route("/api/email", campaignTrackingRoutes({ database, links: deps.unsubscribe }));
  app.route("/api/altcha", altchaRoutes(deps.robotCheck));
  app.route("/api/search", searchRoutes(database));
  app.route(
    "/api/events",
    holdRoutes({
      database,
      auth,
      ticketCodes: deps.ticketCodes,
      trustedOrigins: config.trustedOrigins,
      trustProxy: config.trustProxy,
      logger,
      throttle: deps.throttle,
    }),
  );
  app.route("/api/door", doorRoutes({ database, auth, ticketCodes: deps.ticketCodes, throttle: deps.throttle }));
  app.route(
    "/api/conversions",
    conversionRoutes({
      database,
      auth,
      tracker: deps.conversions,
      throttle: deps.throttle,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      trustProxy: config.trustProxy,
    }),
  );
  const { payments } = deps;
  if (payments.name === "stripe" && payments.verifyWebhook) {
    app.route(
      "/api/webhooks/stripe",
      stripeWebhookRoutes({
        provider: { verifyWebhook: payments.verifyWebhook.bind(payments) },
        settle: (sessionId, now) =>
          settlePayment(database.db, payments, { sessionId, now, sign: deps.ticketCodes.sign }),
        accountUpdated: async (accountId, now) => {
          await refreshPayoutAccountById(database.db, payments, { accountId, now });
        },
      }),
    );
  }
  if (config.emailWebhook)
    app.route("/api/webhooks/postmark", emailDeliveryWebhookRoutes({ database, ...config.emailWebhook }));
  app.route("/", seoRoutes({ database, publicUrl: config.publicUrl }));
  app.route("/", calendarRoutes({ database, publicUrl: config.publicUrl }));
  app.route(
    "/t",
    trackingLinkRoutes({ database, throttle: deps.throttle, trustProxy: config.trustProxy, secure: https }),
  );
  if (config.devRoutes) {
    app.route("/dev/tiles", devTileRoutes());
    app.route("/dev", devBookingRoutes(database, deps.ticketCodes.sign));
    app.route(
      "/dev",
      devCampaignRoutes({
        database,
        mailer: deps.mailer,
        links: deps.unsubscribe.campaign,
        publicUrl: config.publicUrl,
      }),
    );
  }
  app.route("/media", mediaRoutes(deps.storage));
  app.route(
    "/img",
    imageRoutes({
      storage: deps.storage,
      cacheDir: path.join(config.dataDir, "cache", "img"),
      maxCacheBytes: config.imageCacheBytes,
    }),
  );
  app.all("/api/*", (c) => errorResponse(c, new AppError("not_found")));
  // Every route is in the build's manifest file, so React Router's route-discovery endpoint is off
  // (decision 0060). A tab opened before that still asks it; this is React Router's own "load the
  // next page whole" answer, which costs nothing, rather than a not-found page it cannot read.
  app.get("/__manifest", (c) => c.body(null, 204, { "X-Remix-Reload-Document": "true" }));

  if (deps.clientDir) {
    const root = deps.clientDir;
    // Cache headers go only on files actually found on disk: hashed assets for a year, the rest an hour.
    app.use(
      "*",
      serveStatic({
        root,
        // The build writes Brotli and gzip copies of scripts and styles (vite.config.ts): sent as they are.
        precompressed: true,
        onFound: (path, c) => {
          const hashed = path.includes("/assets/");
          c.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        },
      }),
    );
  }

  const mode = config.isProduction ? "production" : "development";
  // One request handler per build: making one flattens and compiles every route, which is too
  // much work to repeat per request. (In development a changed build is a new object.)
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) handlers.set(build, (handler = createRequestHandler(build, mode)));
    return handler;
  };
  const readSession = createSessionReader(auth, database.db);
  app.all("*", async (c) => {
    // Every page action reads a form; anything else would fail inside it.
    if (
      c.req.method !== "GET" &&
      c.req.method !== "HEAD" &&
      !PAGE_FORM_TYPES.test(c.req.header("Content-Type") ?? "")
    ) {
      return c.text("Send the page's form as it is: application/x-www-form-urlencoded or multipart/form-data.", 415);
    }
    const session = await readSession(c.req.raw.headers, new Date()).catch((error: unknown) => {
      // A broken session lookup must not take the page down; show it signed out and say why in the log.
      logger.warn({ err: error, requestId: c.get("requestId") }, "session lookup failed");
      return { user: null, setCookies: [] };
    });
    const context = pageContext(
      { ...deps, writingHelper },
      {
        user: session.user,
        clientIp: clientIp(c, config.trustProxy),
        requestId: c.get("requestId"),
        nonce: c.get("secureHeadersNonce") ?? "",
        publicUrl: siteUrlFor(c.req.raw, config),
      },
    );
    const response = await handlerFor(await deps.getBuild())(onPublicOrigin(c.req.raw, config.publicOrigin), context);
    // Pages carry personal data: never stored by shared caches, always revalidated by the browser; a
    // signed-in person's not kept at all, so nobody at a shared computer reads them from its cache.
    if (!response.headers.has("Cache-Control"))
      response.headers.set("Cache-Control", session.user ? "private, no-store" : "private, no-cache");
    // A session better-auth just extended goes back with its new expiry, so an active person stays signed in.
    for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
    // A page opened through a tracking link remembers it, once the visitor allows statistics (decision 0039).
    const attribution = c.req.method === "GET" ? attributionCookieFor(c.req.raw, https) : null;
    if (attribution) response.headers.append("Set-Cookie", attribution);
    return response;
  });

  return app;
}

/** What loaders and actions see: the app's services plus this request's person and ids. */
export function pageContext(
  deps: Pick<
    AppDeps,
    | "config"
    | "database"
    | "auth"
    | "storage"
    | "mailer"
    | "robotCheck"
    | "throttle"
    | "buildVersion"
    | "payments"
    | "testPayments"
    | "ticketCodes"
    | "conversions"
    | "unsubscribe"
  > & {
    writingHelper?: WritingHelper | null;
  },
  request: Pick<AppLoadContext, "user" | "clientIp" | "requestId" | "nonce"> &
    Partial<Pick<AppLoadContext, "publicUrl">>,
): AppLoadContext {
  const { publicUrl, ...person } = request;
  return {
    database: deps.database,
    auth: deps.auth,
    storage: deps.storage,
    mailer: deps.mailer,
    buildVersion: deps.buildVersion,
    devRoutes: deps.config.devRoutes,
    mapTileUrl: deps.config.mapTileUrl,
    chatSupportUrl: deps.config.chatSupportUrl,
    publicUrl: publicUrl ?? deps.config.publicUrl,
    robotCheck: deps.robotCheck,
    throttle: deps.throttle,
    payments: deps.payments,
    testPayments: deps.testPayments,
    ticketCodes: deps.ticketCodes,
    conversionsOn: deps.conversions !== null,
    unsubscribe: deps.unsubscribe,
    writingHelper: deps.writingHelper ?? null,
    ...person,
  };
}

function tileOrigin(url: string): string | undefined {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return undefined;
  }
}

import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "~/db/client.server";
import { DataDirInUseError } from "~/db/data-dir-lock.server";
import { prepareDatabase } from "~/db/migrate.server";
import { getOrCreateSecret } from "~/services/app-secrets";
import { createDbThrottle } from "~/services/throttle";
import { createApp } from "./app";
import { createAuth } from "./auth.server";
import { ConfigError, loadConfig } from "./config.server";
import { ticketAttachments } from "~/services/emails/after-sale";
import { createMailer } from "./email/mailer.server";
import { startAfterCommitWork } from "./jobs/after-commit.server";
import { createUnsubscribeLinks } from "./email/unsubscribe.server";
import { startCampaignJobs } from "./jobs/campaign-jobs.server";
import { startJobs, stopJobs } from "./jobs/boss.server";
import { startBookingJobs } from "./jobs/booking-jobs.server";
import { createRobotCheck } from "./robot-check.server";
import { createMetaConversions } from "./conversions/meta-conversions.server";
import { choosePaymentProvider } from "./payments/choose-provider.server";
import { createLocalStorage } from "./storage/local-storage.server";
import { loadTicketCodes } from "./ticket-codes.server";
import { createTeamChat } from "./team-chat.server";
import { createRedisThrottle } from "./throttle-redis.server";

/** How the program is run: built (`npm start`) or through Vite's dev server (`npm run dev`). */
export interface ProgramOptions {
  /** The project's root (package.json, build/). */
  root: string;
  dev: boolean;
  /** React Router's server build: the one bundled with us in production, Vite's module in dev. */
  getBuild: () => Promise<ServerBuild>;
  /** Directory of built client assets; absent in dev, where Vite serves them. */
  clientDir?: string;
  /** Vite's middlewares in dev (client modules, hot reload); requests they don't take go to the app. */
  devMiddleware?: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
}

/**
 * The whole server: configuration, database, jobs, the app and its HTTP listener. Both entries
 * (`main.ts`, built into one bundle with the pages, and `scripts/dev.mjs`, through Vite) run this
 * in the same module graph as the pages, so every module of `src/` exists once.
 */
export function runProgram(options: ProgramOptions): void {
  main(options).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof StartupError || error instanceof DataDirInUseError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}

async function main({ root: ROOT, dev, getBuild, clientDir, devMiddleware: handleDev }: ProgramOptions) {
  const config = loadConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
  // Buffered, written by the event loop rather than a write per line: a busy instance logs a line per
  // request. What is buffered is flushed on the way out (pino's exit handling and shutdown below).
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const logger = pino({ level: config.logLevel, base: { app: "ticketyboo" } }, logDestination);

  // The port is taken first, so one already in use stops us at once, before any database work.
  // Until the app is ready, requests are told to come back shortly.
  let handle: http.RequestListener = (_req, res) => {
    res
      .writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" })
      .end("Ticketyboo is starting. Try again in a few seconds.");
  };
  const server = http.createServer((req, res) => handle(req, res));
  await listen(server, config.port, config.host);

  const database = await openDatabase(
    config.databaseUrl
      ? { engine: "postgres", url: config.databaseUrl }
      : { engine: "pglite", dataDir: path.join(config.dataDir, "pglite") },
  );
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));

  await prepareDatabase(database, async (db) => {
    if (!config.seedDemo) return;
    const { seedDemoIfEmpty } = await import("~/db/seed/seed-demo");
    const seeded = await seedDemoIfEmpty(db, { now: new Date(), storage, sign: (await loadTicketCodes(db)).sign });
    if (seeded) logger.info("seeded demo data (see README for the demo accounts)");
  });
  // Background jobs (pg-boss, in our database) and email, which goes through them.
  const boss = await startJobs(database, { logger });
  const mailer = createMailer({
    database,
    boss,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    logger,
    attachments: ticketAttachments(database.db),
  });
  const unsubscribe = createUnsubscribeLinks(await getOrCreateSecret(database.db, "email-links"), config.publicUrl);
  await mailer.ready;
  // Rate limits live where every instance sees them: Redis when configured, else our database.
  const redisThrottle = config.redisUrl
    ? createRedisThrottle(config.redisUrl, {
        onError: (error) => logger.warn({ err: error }, "redis (rate limits) connection problem"),
      })
    : undefined;
  const throttle = redisThrottle ?? createDbThrottle(database.db);
  const robotCheck = createRobotCheck({ db: database.db, hmacKey: await getOrCreateSecret(database.db, "altcha") });
  const secret = config.authSecret ?? (await getOrCreateSecret(database.db, "auth"));
  const auth = createAuth({
    db: database.db,
    secret,
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    mailer,
    throttle,
    robotCheck,
  });
  const ticketCodes = await loadTicketCodes(database.db);
  // Card payments: Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test provider.
  const { payments, testPayments } = choosePaymentProvider(config, database.db);
  if (payments.movesMoney) logger.info({ provider: payments.name }, "card payments");
  else
    logger.warn(
      { provider: payments.name },
      "card payments are TEST payments: no real money moves (checkout pages say so)",
    );

  const teamChat = createTeamChat(config.teamChatWebhookUrl, logger);
  // Emails and other work that transactions record for after their commit: queued when a request
  // or job that may have written ends, and every second for work left by an instance that stopped.
  const afterCommit = await startAfterCommitWork({
    boss,
    database,
    mailer,
    publicUrl: config.publicUrl,
    teamChat,
    logger,
  });
  const afterCommitSweep = setInterval(() => afterCommit.wake(), 1_000);
  afterCommitSweep.unref();
  afterCommit.wake();
  await startBookingJobs({
    boss,
    database,
    payments,
    ticketCodes,
    mailer,
    publicUrl: config.publicUrl,
    unsubscribe,
    logger,
    afterCommit,
  });
  await startCampaignJobs({
    boss,
    database,
    mailer,
    links: unsubscribe.campaign,
    publicUrl: config.publicUrl,
    logger,
  });
  const conversions = config.metaConversions ? createMetaConversions({ ...config.metaConversions, logger }) : null;
  const app = createApp({
    config,
    database,
    auth,
    storage,
    logger,
    mailer,
    robotCheck,
    throttle,
    payments,
    testPayments,
    ticketCodes,
    conversions,
    unsubscribe,
    afterCommit,
    buildVersion: buildVersion(ROOT),
    getBuild,
    clientDir,
  });
  const listener = getRequestListener(app.fetch);
  handle = (req, res) => (handleDev ? handleDev(req, res, () => listener(req, res)) : listener(req, res));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, db: database.engine, dev }, `Ticketyboo is serving on http://localhost:${port}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop taking connections, let in-flight requests finish, then close the database.
    server.close(async () => {
      clearInterval(afterCommitSweep);
      await stopJobs(boss).catch((error: unknown) => logger.error({ err: error }, "job queue did not stop cleanly"));
      await redisThrottle?.close();
      await database.close();
      logger.info("stopped");
      logDestination.flushSync();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** A start-up refusal whose message says what to do; printed without a stack trace. */
class StartupError extends Error {}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        reject(
          new StartupError(
            `Port ${port} is already in use on ${host}: another Ticketyboo, or another program, is serving there. ` +
              `Stop it, or set PORT to a free port (e.g. PORT=${port + 1} npm start).`,
          ),
        );
      } else if (error.code === "EACCES") {
        reject(
          new StartupError(
            `Not allowed to listen on port ${port}: ports below 1024 need extra rights. Set PORT to 1024 or above ` +
              `(the default is 3000).`,
          ),
        );
      } else reject(error);
    };
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

function buildVersion(ROOT: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  let sha = process.env.GIT_SHA ?? "";
  if (!sha) {
    try {
      sha = execSync("git rev-parse --short HEAD", { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    } catch {
      sha = "";
    }
  }
  return sha ? `${pkg.version}+${sha}` : pkg.version;
}

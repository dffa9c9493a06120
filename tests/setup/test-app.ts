import { pino } from "pino";
import type { ServerBuild } from "react-router";
import type { Database } from "../../src/db/client.server";
import { createApp } from "../../src/server/app";
import { createAuth } from "../../src/server/auth.server";
import { loadConfig } from "../../src/server/config.server";
import { ticketAttachments } from "../../src/services/emails/after-sale";
import { startAfterCommitWork } from "../../src/server/jobs/after-commit.server";
import { createMailer } from "../../src/server/email/mailer.server";
import { createUnsubscribeLinks } from "../../src/server/email/unsubscribe.server";
import { type JobQueue, startJobs, stopJobs } from "../../src/server/jobs/boss.server";
import { createMetaConversions } from "../../src/server/conversions/meta-conversions.server";
import { choosePaymentProvider } from "../../src/server/payments/choose-provider.server";
import { createRobotCheck } from "../../src/server/robot-check.server";
import { createTicketCodes } from "../../src/server/ticket-codes.server";
import { createTeamChat } from "../../src/server/team-chat.server";
import { createLocalStorage } from "../../src/server/storage/local-storage.server";
import { createDbThrottle } from "../../src/services/throttle";
import { createUser, FACTORY_PASSWORD } from "../factories/users";

/**
 * The Hono app over a test database, as `program.ts` wires it, for API-level tests. Pages are not
 * rendered here (the e2e suite covers them against a real build). Call `close()` in afterAll.
 */
export async function createTestApp(
  database: Database,
  env: Record<string, string> = {},
  /** A real React Router build to serve pages (benchmarks); API tests leave it out. */
  pages?: { getBuild: () => Promise<ServerBuild>; clientDir?: string },
) {
  const dataDir = env.DATA_DIR ?? `/tmp/ticketyboo-app-test-${process.pid}`;
  // Test payments are asked for explicitly, as a demo site would (an https PUBLIC_URL needs it).
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, ALLOW_TEST_PAYMENTS: "true", ...env });
  const logger = pino({ level: "silent" });
  const boss: JobQueue = await startJobs(database, { logger, maintenance: false });
  const mailer = createMailer({
    database,
    boss,
    smtpUrl: undefined,
    publicUrl: config.publicUrl,
    logger,
    attachments: ticketAttachments(database.db),
  });
  const unsubscribe = createUnsubscribeLinks("test-email-links-secret", config.publicUrl);
  // No timer: a test sweeps (or a request wakes it) when it wants the work recorded so far queued.
  const afterCommit = await startAfterCommitWork({ boss, database, mailer, publicUrl: config.publicUrl, logger });
  const throttle = createDbThrottle(database.db);
  const robotCheck = createRobotCheck({ db: database.db, hmacKey: "test-altcha-key" });
  const storage = createLocalStorage(`${dataDir}/uploads`);
  const { ticketCodes, payments, testPayments } = paymentDeps(database, config);
  const auth = createAuth({
    db: database.db,
    secret: "x".repeat(32),
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    mailer,
    throttle,
    robotCheck,
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
    buildVersion: "9.9.9-test",
    getBuild: pages?.getBuild ?? (() => Promise.reject(new Error("pages are not rendered in API tests"))),
    clientDir: pages?.clientDir,
  });
  const teamChat = createTeamChat(undefined, logger);
  return {
    app,
    config,
    auth,
    storage,
    payments,
    testPayments,
    ticketCodes,
    conversions,
    mailer,
    afterCommit,
    unsubscribe,
    throttle,
    robotCheck,
    teamChat,
    logger,
    close: () => stopJobs(boss),
  };
}

/**
 * The payment provider (the test provider, or Stripe when the config says) and ticket signing an app needs, for tests.
 */
export function paymentDeps(
  database: Database,
  config: Parameters<typeof choosePaymentProvider>[0] = { publicUrl: "http://localhost:3000", stripe: undefined },
) {
  return {
    ...choosePaymentProvider(config, database.db),
    ticketCodes: createTicketCodes("test-ticket-secret-for-the-test-app"),
  };
}

/**
 * A new person signed in through the app's JSON sign-in, as a browser would: the person, and their
 * session cookie (`name=value`) as the browser sends it back.
 */
export async function signInThroughApi(
  testApp: {
    app: { request: (path: string, init: RequestInit) => Response | Promise<Response> };
    config: { publicUrl: string };
  },
  database: Database,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const person = await createUser(database.db, overrides);
  const res = await testApp.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: testApp.config.publicUrl },
    body: JSON.stringify({ email: person.email, password: FACTORY_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signing in answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("tb.session_token="))!
    .split(";")[0]!;
  return { person, cookie };
}

import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { campaignRecipient, emailCampaign } from "~/db/schema";
import { createCampaign, saveCampaign, scheduleCampaign } from "~/services/email-campaigns";
import { createList, importContacts } from "~/services/marketing-audiences";
import { createHost } from "../../../tests/factories/events";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createMailer } from "../email/mailer.server";
import { createUnsubscribeLinks } from "../email/unsubscribe.server";
import { type JobQueue, startJobs, stopJobs } from "./boss.server";
import { CAMPAIGN_SEND_QUEUE, startCampaignJobs } from "./campaign-jobs.server";

const publicUrl = "https://tickets.example";
const logger = pino({ level: "silent" });
let database: Database;
let boss: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger, maintenance: false, pollingIntervalSeconds: 0.5 });
  const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger });
  await startCampaignJobs({
    boss,
    database,
    mailer,
    links: createUnsubscribeLinks("campaign jobs secret", publicUrl).campaign,
    publicUrl,
    logger,
  });
});
afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

it("sends a due campaign when the campaigns.send job runs on the queue, on its every-minute schedule", async () => {
  const db = database.db;
  const now = new Date();
  const hostId = (await createHost(db, { emailVerified: true })).id;
  const list = await createList(db, { hostId, name: "Regulars" });
  await importContacts(db, {
    hostId,
    listId: list.id,
    text: "Email\nann@example.com\nbob@example.com\n",
    importId: crypto.randomUUID(),
    consentSource: "Website sign-up form",
    consentConfirmed: true,
    importedBy: hostId,
    now,
  });
  const { id } = await createCampaign(db, { hostId, by: hostId });
  await saveCampaign(db, {
    hostId,
    campaignId: id,
    subject: "This Friday",
    previewText: "",
    blocks: [{ kind: "text", text: "Doors at seven.", url: "", label: "", eventId: "" }],
    toBuyers: false,
    listIds: [list.id],
    now,
  });
  await scheduleCampaign(db, { hostId, campaignId: id, at: null, now, by: hostId });
  expect(await boss.getSchedules()).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: CAMPAIGN_SEND_QUEUE, cron: "* * * * *" })]),
  );
  await boss.send(CAMPAIGN_SEND_QUEUE, {});
  await expect
    .poll(async () => (await db.select().from(emailCampaign).where(eq(emailCampaign.id, id)))[0]!.status, {
      timeout: 20_000,
      interval: 250,
    })
    .toBe("sent");
  const rows = await db.select().from(campaignRecipient).where(eq(campaignRecipient.campaignId, id));
  expect(rows.map((r) => [r.email, r.status]).sort()).toEqual([
    ["ann@example.com", "sent"],
    ["bob@example.com", "sent"],
  ]);
});

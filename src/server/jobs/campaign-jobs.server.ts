import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { CampaignLinks } from "~/services/campaign-links";
import type { Mailer } from "~/services/mailer";
import { runCampaignSends } from "~/services/send-campaigns";
import { type JobQueue, registerWorker } from "./boss.server";

export const CAMPAIGN_SEND_QUEUE = "campaigns.send";

/**
 * Hosts' marketing emails (decision 0040): every minute, campaigns that are due start and the
 * next batches go out, within the per-minute cap (runCampaignSends). A run cut short is picked up by
 * the next: recipients are claimed one conditional update at a time, so nobody gets two.
 */
export async function startCampaignJobs(opts: {
  boss: JobQueue;
  database: Database;
  mailer: Mailer;
  links: CampaignLinks;
  publicUrl: string;
  logger: Logger;
}) {
  const { boss, database, logger } = opts;
  await registerWorker(
    { boss, database },
    CAMPAIGN_SEND_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      const run = await runCampaignSends(
        { db: database.db, mailer: opts.mailer, links: opts.links, publicUrl: opts.publicUrl },
        new Date(),
      );
      if (run.started + run.sent + run.skipped + run.failed + run.finished > 0) logger.info(run, "campaign sends");
    },
  );
  await boss.schedule(CAMPAIGN_SEND_QUEUE, "* * * * *");
}

import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { readJson } from "~/lib/read-form";
import type { CampaignLinks } from "~/services/campaign-links";
import type { Mailer } from "~/services/mailer";
import { runCampaignSends } from "~/services/send-campaigns";
import { errorResponse } from "../errors";

const Run = z.object({ at: z.iso.datetime().optional() });

/**
 * Dev and test drill (dev routes only): `POST /dev/scenarios/campaigns/run` runs the campaign
 * sender once, now or as at `at` (so a campaign scheduled for later is due), exactly as the
 * `campaigns.send` job's every-minute run does, and answers what it did.
 */
export function devCampaignRoutes(deps: {
  database: Database;
  mailer: Mailer;
  links: CampaignLinks;
  publicUrl: string;
}) {
  return new Hono().post("/scenarios/campaigns/run", async (c) => {
    const parsed = await readJson(c.req.raw, Run);
    if (!parsed.ok) return errorResponse(c, parsed.error);
    const now = parsed.data.at ? new Date(parsed.data.at) : new Date();
    const run = await runCampaignSends(
      { db: deps.database.db, mailer: deps.mailer, links: deps.links, publicUrl: deps.publicUrl },
      now,
    );
    return c.json(run);
  });
}

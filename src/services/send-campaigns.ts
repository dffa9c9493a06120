import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { campaignRecipient, emailCampaign } from "~/db/schema";
import { claimAllowance, SEND_BATCH_SIZE, SENDS_PER_MINUTE, STALE_CLAIM_MS } from "~/domain/campaigns";
import type { CampaignLinks } from "./campaign-links";
import { campaignEventCards, composeCampaign, hostName } from "./email-campaigns";
import type { Mailer } from "./mailer";
import { audienceQuery } from "./marketing-audiences";

/** The header that ties a stored email to its recipient row, so a send cut short is found, not repeated. */
export const RECIPIENT_HEADER = "X-Ticketyboo-Campaign-Recipient";

export interface CampaignSendDeps {
  db: Db;
  mailer: Mailer;
  links: CampaignLinks;
  publicUrl: string;
}

export interface CampaignRun {
  started: number;
  sent: number;
  skipped: number;
  failed: number;
  finished: number;
}

/**
 * One run of the campaign sender (the `campaigns.send` job, every minute; decision 0040):
 * 1. campaigns due start: `scheduled → sending` by one conditional update, and in the same
 *    transaction one recipient row per address of the audience (unique per campaign and address);
 * 2. claims left by a worker that stopped mid-send are settled: sent if their email was stored,
 *    else given back;
 * 3. batches of pending recipients are claimed (`pending → claimed`, one conditional update, rows
 *    another worker holds skipped), within the per-minute cap; each claimed person is checked
 *    again, now, against unsubscribes and preferences (skipped if they no longer consent), and the
 *    rest get their email; the row becomes `sent` with the stored email's id;
 * 4. campaigns with nobody left to send to are `sent`.
 * Running it twice, or on two instances at once, sends each person one email.
 */
export async function runCampaignSends(
  deps: CampaignSendDeps,
  now: Date,
  { perMinute = SENDS_PER_MINUTE }: { perMinute?: number } = {},
): Promise<CampaignRun> {
  const run: CampaignRun = { started: 0, sent: 0, skipped: 0, failed: 0, finished: 0 };
  run.started = await startDueCampaigns(deps.db, now);
  await settleStaleClaims(deps.db, now);
  const context = new Map<string, Promise<Composer>>();
  for (;;) {
    const allowance = claimAllowance(await sentInLastMinute(deps.db, now), perMinute);
    if (allowance === 0) break;
    const claimed = await claimBatch(deps.db, Math.min(allowance, SEND_BATCH_SIZE), now);
    if (claimed.length === 0) break;
    const skipped = await skipWithoutConsent(
      deps.db,
      claimed.map((r) => r.id),
      now,
    );
    run.skipped += skipped.size;
    for (const r of claimed) {
      if (skipped.has(r.id)) continue;
      if (!context.has(r.campaignId)) context.set(r.campaignId, composerFor(deps, r.campaignId, now));
      const compose = await context.get(r.campaignId)!;
      try {
        const { template, headers } = await compose(r);
        const { id } = await deps.mailer.send({
          to: r.email,
          template,
          userId: r.userId,
          headers: { ...headers, [RECIPIENT_HEADER]: r.id },
        });
        await deps.db
          .update(campaignRecipient)
          .set({ status: "sent", sentAt: now, emailMessageId: id })
          .where(and(eq(campaignRecipient.id, r.id), eq(campaignRecipient.status, "claimed")));
        run.sent += 1;
      } catch {
        // Stored but not queued, or not made at all: marked failed (the mailer's row says why), never retried blindly.
        await deps.db
          .update(campaignRecipient)
          .set({ status: "failed" })
          .where(and(eq(campaignRecipient.id, r.id), eq(campaignRecipient.status, "claimed")));
        run.failed += 1;
      }
    }
  }
  run.finished = await finishCampaigns(deps.db, now);
  return run;
}

/** Step 1 of a run (exported for tests that change things between the start and the send). */
export async function startDueCampaigns(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: emailCampaign.id })
    .from(emailCampaign)
    .where(and(eq(emailCampaign.status, "scheduled"), lte(emailCampaign.scheduledAt, now)));
  let started = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [c] = await tx
        .update(emailCampaign)
        .set({ status: "sending", startedAt: now })
        .where(and(eq(emailCampaign.id, id), eq(emailCampaign.status, "scheduled")))
        .returning();
      if (!c) return; // Another worker started it.
      await tx.execute(sql`
        insert into campaign_recipient (campaign_id, email, name, user_id, contact_id)
        select ${c.id}::uuid, q.email, q.name, q.user_id, q.contact_id from (${audienceQuery(c.hostId, c)}) q
        on conflict (campaign_id, email) do nothing`);
      started += 1;
    });
  }
  return started;
}

/** Claims older than STALE_CLAIM_MS: sent if the email was stored (found by its header), else pending again. */
async function settleStaleClaims(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STALE_CLAIM_MS);
  await db.execute(sql`
    update campaign_recipient r
    set status = 'sent', sent_at = m.created_at, email_message_id = m.id
    from email_message m
    where r.status = 'claimed' and r.claimed_at < ${before.toISOString()}::timestamptz
      and m.template = 'campaign' and m.to_address = r.email
      and m.headers ->> ${RECIPIENT_HEADER} = r.id::text`);
  await db
    .update(campaignRecipient)
    .set({ status: "pending", claimedAt: null })
    .where(and(eq(campaignRecipient.status, "claimed"), lte(campaignRecipient.claimedAt, before)));
}

async function sentInLastMinute(db: Db, now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from campaign_recipient
    where sent_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz
      and sent_at <= ${now.toISOString()}::timestamptz`);
  return Number(rows[0]?.n ?? 0);
}

interface Claimed {
  id: string;
  campaignId: string;
  email: string;
  name: string | null;
  userId: string | null;
}

/**
 * One conditional update: pending → claimed for up to `limit` rows of campaigns that are sending. The
 * rows are picked once, in a materialised CTE (an `IN (… LIMIT n)` subquery may be run again by the
 * planner and claim more than n), skipping rows another worker is claiming.
 */
async function claimBatch(db: Db, limit: number, now: Date): Promise<Claimed[]> {
  const { rows } = await db.execute<{
    id: string;
    campaign_id: string;
    email: string;
    name: string | null;
    user_id: string | null;
  }>(sql`
    with picked as materialized (
      select p.id from campaign_recipient p
      join email_campaign c on c.id = p.campaign_id and c.status = 'sending'
      where p.status = 'pending'
      order by c.started_at, p.id
      limit ${limit}
      for update of p skip locked
    )
    update campaign_recipient r set status = 'claimed', claimed_at = ${now.toISOString()}::timestamptz
    from picked
    where r.id = picked.id and r.status = 'pending'
    returning r.id, r.campaign_id, r.email, r.name, r.user_id`);
  return rows.map((r) => ({ id: r.id, campaignId: r.campaign_id, email: r.email, name: r.name, userId: r.user_id }));
}

/**
 * The check at the moment of sending: anyone who unsubscribed from this host, whose account no
 * longer allows venue emails, or whose list entry is gone, is skipped (and says why).
 */
async function skipWithoutConsent(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(sql`
    update campaign_recipient r
    set status = 'skipped',
        skip_reason = case
          when exists (select 1 from marketing_unsubscribe s where s.host_id = c.host_id and s.email = r.email)
            then 'unsubscribed'
          else 'no_consent' end,
        claimed_at = ${now.toISOString()}::timestamptz
    from email_campaign c
    where c.id = r.campaign_id and r.status = 'claimed'
      and r.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and (
        exists (select 1 from marketing_unsubscribe s where s.host_id = c.host_id and s.email = r.email)
        or exists (select 1 from "user" x where lower(x.email) = r.email
                   and (not x.marketing_venues or x.deleted_at is not null))
        or (r.user_id is not null and not exists (
              select 1 from "user" u where u.id = r.user_id and u.marketing_venues and u.deleted_at is null))
        or (r.user_id is null and not exists (
              select 1 from marketing_contact k where k.id = r.contact_id and k.host_id = c.host_id))
      )
    returning r.id`);
  return new Set(rows.map((r) => r.id));
}

type Composer = (r: Claimed) => ReturnType<typeof composeCampaign>;

/** Reads a campaign, its event cards and its host's name once per run, then composes each person's email. */
async function composerFor(deps: CampaignSendDeps, campaignId: string, now: Date): Promise<Composer> {
  const [campaign] = await deps.db.select().from(emailCampaign).where(eq(emailCampaign.id, campaignId));
  if (!campaign) throw new Error(`campaign ${campaignId} is gone`);
  const cards = await campaignEventCards(deps.db, {
    hostId: campaign.hostId,
    eventIds: campaign.blocks.flatMap((b) => (b.kind === "event" ? [b.eventId] : [])),
    now,
    publicUrl: deps.publicUrl,
  });
  const host = await hostName(deps.db, campaign.hostId);
  return (r) =>
    composeCampaign(deps.db, {
      campaign,
      to: r.email,
      recipientId: r.id,
      links: deps.links,
      publicUrl: deps.publicUrl,
      now,
      cards,
      host,
    });
}

async function finishCampaigns(db: Db, now: Date): Promise<number> {
  const done = await db
    .update(emailCampaign)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(emailCampaign.status, "sending"),
        sql`not exists (select 1 from campaign_recipient r
                        where r.campaign_id = ${emailCampaign.id} and r.status in ('pending', 'claimed'))`,
      ),
    )
    .returning({ id: emailCampaign.id });
  return done.length;
}

/** Recipients of a campaign by state, for tests and the drill. */
export async function recipientStates(db: Db, campaignId: string) {
  return db
    .select({ email: campaignRecipient.email, status: campaignRecipient.status, reason: campaignRecipient.skipReason })
    .from(campaignRecipient)
    .where(inArray(campaignRecipient.campaignId, [campaignId]));
}

import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { campaignRecipient, emailCampaign, event, ticketType, user, venue } from "~/db/schema";
import {
  type BlockInput,
  type BlockKind,
  type CampaignBlock,
  emptyBlock,
  readBlocks,
  scheduleProblem,
  sendProblems,
  TEST_SENDS_PER_HOUR,
} from "~/domain/campaigns";
import { priceTerms } from "~/domain/pricing";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { AppError } from "~/lib/app-error";
import { formatEventDateTime } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { campaignMessages } from "~/texts/campaign-messages";
import type { CampaignLinks } from "./campaign-links";
import { requireConfirmedSender } from "./confirmed-sender";
import type { CampaignEmailBlock, CampaignEmailProps } from "./emails/templates";
import type { EmailTemplate, Mailer } from "./mailer";
import { audienceSize, hostListChoices, ownListIds } from "./marketing-audiences";
import type { Throttle } from "./throttle";

/**
 * A host's marketing emails (decision 0040): drafts made of blocks, a preview and test sends, then
 * a schedule (or "now") after which the jobs queue sends them (send-campaigns.ts). Every read and
 * write is filtered by the host: another host's campaign is "no such campaign".
 */

export type CampaignRow = typeof emailCampaign.$inferSelect;

const notFound = () => new AppError("not_found", campaignMessages.noSuchCampaign);

async function ownCampaign(db: Db, hostId: string, campaignId: string): Promise<CampaignRow> {
  if (!isUuid(campaignId)) throw notFound();
  const [row] = await db
    .select()
    .from(emailCampaign)
    .where(and(eq(emailCampaign.id, campaignId), eq(emailCampaign.hostId, hostId)));
  if (!row) throw notFound();
  return row;
}

/** The campaigns page: newest first, with what each reached (sent, opened, clicked, bounced). */
export async function listCampaigns(db: Db, hostId: string, only?: { campaignId: string }) {
  const rows = await db
    .select({
      id: emailCampaign.id,
      subject: emailCampaign.subject,
      status: emailCampaign.status,
      scheduledAt: emailCampaign.scheduledAt,
      finishedAt: emailCampaign.finishedAt,
      updatedAt: emailCampaign.updatedAt,
      recipients: sql<number>`count(${campaignRecipient.id})::int`,
      sent: sql<number>`count(*) filter (where ${campaignRecipient.status} in ('sent', 'bounced', 'complained'))::int`,
      opened: sql<number>`count(${campaignRecipient.openedAt})::int`,
      clicked: sql<number>`count(${campaignRecipient.clickedAt})::int`,
      skipped: sql<number>`count(*) filter (where ${campaignRecipient.status} = 'skipped')::int`,
      bounced: sql<number>`count(*) filter (where ${campaignRecipient.status} in ('bounced', 'complained'))::int`,
    })
    .from(emailCampaign)
    .leftJoin(campaignRecipient, eq(campaignRecipient.campaignId, emailCampaign.id))
    .where(
      and(
        eq(emailCampaign.hostId, hostId),
        only && isUuid(only.campaignId) ? eq(emailCampaign.id, only.campaignId) : undefined,
      ),
    )
    .groupBy(emailCampaign.id)
    .orderBy(desc(emailCampaign.createdAt))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    recipients: Number(r.recipients),
    sent: Number(r.sent),
    opened: Number(r.opened),
    clicked: Number(r.clicked),
    skipped: Number(r.skipped),
    bounced: Number(r.bounced),
  }));
}

/** A new draft with an empty heading and paragraph to fill in. */
export async function createCampaign(db: Db, input: { hostId: string; by: string }): Promise<{ id: string }> {
  const [row] = await db
    .insert(emailCampaign)
    .values({ hostId: input.hostId, createdBy: input.by, blocks: [emptyBlock("heading"), emptyBlock("text")] })
    .returning({ id: emailCampaign.id });
  return row!;
}

/** The host's events a campaign may show: published, not cancelled, not yet over. */
export async function campaignEventChoices(db: Db, hostId: string, now: Date) {
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(
      and(
        eq(event.hostId, hostId),
        eq(event.status, "published"),
        eq(event.isCancelled, false),
        gt(sql`coalesce(${event.endsAt}, ${event.startsAt} + interval '1 day')`, now),
      ),
    )
    .orderBy(asc(event.startsAt))
    .limit(100);
}

/** Everything the editor shows. */
export async function campaignEditor(db: Db, input: { hostId: string; campaignId: string; now: Date }) {
  const campaign = await ownCampaign(db, input.hostId, input.campaignId);
  const [events, lists] = await Promise.all([
    campaignEventChoices(db, input.hostId, input.now),
    hostListChoices(db, input.hostId),
  ]);
  const reach = await audienceSize(db, input.hostId, campaign);
  const eventIds = events.map((e) => e.id);
  const { problems } = readBlocks(campaign.blocks.map(blockInput), eventIds);
  return {
    campaign,
    events,
    lists,
    reach,
    problems: sendProblems({ ...campaign, blockProblems: problems }),
  };
}

const blockInput = (b: CampaignBlock): BlockInput => ({
  kind: b.kind,
  text: "text" in b ? b.text : "",
  url: "url" in b ? b.url : "",
  label: b.kind === "button" ? b.label : b.kind === "image" ? b.alt : "",
  eventId: b.kind === "event" ? b.eventId : "",
});

export type BlockEdit =
  | { op: "add"; kind: BlockKind }
  | { op: "remove"; index: number }
  | { op: "up"; index: number }
  | { op: "down"; index: number };

/**
 * Saves the draft as typed (never losing words to a rule: a block's problems are answered, not
 * dropped), with an optional change to the blocks' list. Only a draft changes: a scheduled or sent
 * campaign is refused by the conditional update, whatever the page thought.
 */
export async function saveCampaign(
  db: Db,
  input: {
    hostId: string;
    campaignId: string;
    subject: string;
    previewText: string;
    blocks: readonly BlockInput[];
    toBuyers: boolean;
    listIds: readonly string[];
    edit?: BlockEdit;
    now: Date;
  },
): Promise<{ problems: Record<string, string> }> {
  await ownCampaign(db, input.hostId, input.campaignId);
  const events = await campaignEventChoices(db, input.hostId, input.now);
  const eventIds = events.map((e) => e.id);
  const read = readBlocks(input.blocks, eventIds);
  const blocks = applyEdit(read.blocks, input.edit);
  const listIds = await ownListIds(db, input.hostId, input.listIds);
  const subject = input.subject.trim().slice(0, 300);
  const previewText = input.previewText.trim().slice(0, 400);
  const saved = await db
    .update(emailCampaign)
    .set({ subject, previewText, blocks, toBuyers: input.toBuyers, listIds, updatedAt: input.now })
    .where(
      and(
        eq(emailCampaign.id, input.campaignId),
        eq(emailCampaign.hostId, input.hostId),
        eq(emailCampaign.status, "draft"),
      ),
    )
    .returning({ id: emailCampaign.id });
  if (saved.length === 0) throw new AppError("conflict", campaignMessages.notDraft);
  const after = readBlocks(blocks.map(blockInput), eventIds);
  return {
    problems: sendProblems({
      subject,
      previewText,
      blocks,
      blockProblems: after.problems,
      toBuyers: input.toBuyers,
      listIds,
    }),
  };
}

function applyEdit(blocks: CampaignBlock[], edit: BlockEdit | undefined): CampaignBlock[] {
  if (!edit) return blocks;
  const out = [...blocks];
  switch (edit.op) {
    case "add":
      if (out.length < 20) out.push(emptyBlock(edit.kind));
      return out;
    case "remove":
      out.splice(edit.index, 1);
      return out;
    case "up":
    case "down": {
      const to = edit.op === "up" ? edit.index - 1 : edit.index + 1;
      if (edit.index < 0 || edit.index >= out.length || to < 0 || to >= out.length) return out;
      [out[edit.index], out[to]] = [out[to]!, out[edit.index]!];
      return out;
    }
  }
}

/**
 * Schedules a draft for `at` (null: now), for the person `by` (their address confirmed). Refused, naming
 * what to fix, while it can't be sent (no subject, an empty block, nobody to send to); the time must be a
 * minute to a year ahead. One
 * conditional update moves it from draft to scheduled.
 */
export async function scheduleCampaign(
  db: Db,
  input: { hostId: string; campaignId: string; at: Date | null; now: Date; by: string },
): Promise<{ at: Date }> {
  const campaign = await ownCampaign(db, input.hostId, input.campaignId);
  if (campaign.status !== "draft") throw new AppError("conflict", campaignMessages.notDraft);
  await requireConfirmedSender(db, input.by, campaignMessages.confirmEmailFirst);
  const eventIds = (await campaignEventChoices(db, input.hostId, input.now)).map((e) => e.id);
  const { problems } = readBlocks(campaign.blocks.map(blockInput), eventIds);
  const all = sendProblems({ ...campaign, blockProblems: problems });
  if (input.at) {
    const late = scheduleProblem(input.at, input.now);
    if (late) all.sendAt = late;
  }
  if (Object.keys(all).length > 0) throw new AppError("validation_failed", campaignMessages.fixFirst, { fields: all });
  const at = input.at ?? input.now;
  const moved = await db
    .update(emailCampaign)
    .set({ status: "scheduled", scheduledAt: at, updatedAt: input.now })
    .where(
      and(eq(emailCampaign.id, campaign.id), eq(emailCampaign.hostId, input.hostId), eq(emailCampaign.status, "draft")),
    )
    .returning({ id: emailCampaign.id });
  if (moved.length === 0) throw new AppError("conflict", campaignMessages.notDraft);
  return { at };
}

/** A scheduled campaign back to a draft, if its send has not started. */
export async function unscheduleCampaign(db: Db, input: { hostId: string; campaignId: string; now: Date }) {
  await ownCampaign(db, input.hostId, input.campaignId);
  const moved = await db
    .update(emailCampaign)
    .set({ status: "draft", scheduledAt: null, updatedAt: input.now })
    .where(
      and(
        eq(emailCampaign.id, input.campaignId),
        eq(emailCampaign.hostId, input.hostId),
        eq(emailCampaign.status, "scheduled"),
      ),
    )
    .returning({ id: emailCampaign.id });
  if (moved.length === 0) throw new AppError("conflict", campaignMessages.notScheduled);
}

/** Deletes a draft (a campaign that went out stays, with its counts). */
export async function deleteCampaign(db: Db, input: { hostId: string; campaignId: string }) {
  await ownCampaign(db, input.hostId, input.campaignId);
  const gone = await db
    .delete(emailCampaign)
    .where(
      and(
        eq(emailCampaign.id, input.campaignId),
        eq(emailCampaign.hostId, input.hostId),
        inArray(emailCampaign.status, ["draft"]),
      ),
    )
    .returning({ id: emailCampaign.id });
  if (gone.length === 0) throw new AppError("conflict", campaignMessages.notDraft);
}

/** The event cards a campaign shows, as the email says them: date and venue in London, the all-in headline price. */
export async function campaignEventCards(
  db: Db,
  input: { hostId: string; eventIds: readonly string[]; now: Date; publicUrl: string },
) {
  const ids = [...new Set(input.eventIds.filter(isUuid))];
  if (ids.length === 0) return new Map<string, Extract<CampaignEmailBlock, { kind: "event" }>>();
  const base = input.publicUrl.replace(/\/+$/, "");
  const [events, types] = await Promise.all([
    db
      .select({
        id: event.id,
        slug: event.slug,
        name: event.name,
        startsAt: event.startsAt,
        images: event.images,
        currency: event.currency,
        feeMode: event.feeMode,
        venueName: venue.name,
        city: venue.city,
      })
      .from(event)
      .leftJoin(venue, eq(venue.id, event.venueId))
      .where(and(eq(event.hostId, input.hostId), inArray(event.id, ids), ne(event.status, "deleted"))),
    db
      .select({
        eventId: ticketType.eventId,
        kind: ticketType.kind,
        pricePence: ticketType.pricePence,
        capacity: ticketType.capacity,
        sold: ticketType.sold,
        held: ticketType.held,
        salesStartAt: ticketType.salesStartAt,
        salesEndAt: ticketType.salesEndAt,
      })
      .from(ticketType)
      .where(inArray(ticketType.eventId, ids)),
  ]);
  return new Map(
    events.map((e) => {
      const cover = e.images[0];
      const media = cover ? (cover.startsWith("/") ? cover : `/media/${cover}`) : null;
      return [
        e.id,
        {
          kind: "event" as const,
          name: e.name,
          when: formatEventDateTime(e.startsAt),
          where: e.venueName ? `${e.venueName}, ${e.city}` : "Online",
          price: cardPriceLabel(
            types.filter((t) => t.eventId === e.id),
            input.now,
            priceTerms(e.feeMode, e.currency),
          ),
          url: `${base}/events/${e.slug}`,
          imageUrl: media ? `${base}/img?${new URLSearchParams({ url: media })}&w=640` : null,
        },
      ];
    }),
  );
}

/** The host's name as their emails are signed. */
export async function hostName(db: Db, hostId: string): Promise<string> {
  const [row] = await db.select({ title: user.hostTitle, name: user.name }).from(user).where(eq(user.id, hostId));
  return row?.title?.trim() || row?.name || "Ticketyboo host";
}

/**
 * The email for one address: blocks made concrete (event cards looked up now), links through our
 * click counter and an open picture when it is a real recipient, and the unsubscribe link for this
 * host and address (a test send's works too).
 */
export async function composeCampaign(
  db: Db,
  input: {
    campaign: Pick<CampaignRow, "hostId" | "subject" | "previewText" | "blocks">;
    to: string;
    /** The recipient row it is for; none for a test or a preview. */
    recipientId: string | null;
    links: CampaignLinks;
    publicUrl: string;
    now: Date;
    cards?: Awaited<ReturnType<typeof campaignEventCards>>;
    host?: string;
  },
): Promise<{ template: Extract<EmailTemplate, { name: "campaign" }>; headers: Record<string, string> }> {
  const { campaign, links, recipientId } = input;
  const cards =
    input.cards ??
    (await campaignEventCards(db, {
      hostId: campaign.hostId,
      eventIds: campaign.blocks.flatMap((b) => (b.kind === "event" ? [b.eventId] : [])),
      now: input.now,
      publicUrl: input.publicUrl,
    }));
  const tracked = (url: string) => (recipientId ? links.click(recipientId, url) : url);
  const blocks = campaign.blocks.flatMap((b): CampaignEmailBlock[] => {
    switch (b.kind) {
      case "heading":
      case "text":
        return b.text ? [b] : [];
      case "button":
        return b.label && b.url ? [{ ...b, url: tracked(b.url) }] : [];
      case "image":
        return b.url ? [b] : [];
      case "event": {
        const card = cards.get(b.eventId);
        return card ? [{ ...card, url: tracked(card.url) }] : [];
      }
    }
  });
  const email = input.to.toLowerCase();
  const props: CampaignEmailProps = {
    subject: campaign.subject,
    previewText: campaign.previewText,
    hostName: input.host ?? (await hostName(db, campaign.hostId)),
    blocks,
    unsubscribeUrl: links.unsubscribePage(campaign.hostId, email),
    openPixelUrl: recipientId ? links.openPixel(recipientId) : null,
  };
  return {
    template: { name: "campaign", props },
    // RFC 8058: an https address a mail app POSTs to. No mailto: our mailer has no inbox to read it from.
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeOneClick(campaign.hostId, email)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The draft as it would arrive, for the editor's preview (nothing stored or sent). */
export async function previewCampaign(
  db: Db,
  input: {
    hostId: string;
    campaignId: string;
    to: string;
    links: CampaignLinks;
    mailer: Mailer;
    publicUrl: string;
    now: Date;
  },
): Promise<{ subject: string; html: string }> {
  const campaign = await ownCampaign(db, input.hostId, input.campaignId);
  const { template } = await composeCampaign(db, { ...input, campaign, recipientId: null });
  const rendered = await input.mailer.render(template);
  return { subject: rendered.subject, html: rendered.html };
}

/**
 * A test of the draft to the person asking (their own address, confirmed), throttled per host, through the
 * same mailer as every email (it lands in the outbox without SMTP), with a working unsubscribe.
 */
export async function sendTestCampaign(
  db: Db,
  input: {
    hostId: string;
    campaignId: string;
    to: string;
    userId: string;
    links: CampaignLinks;
    mailer: Mailer;
    throttle: Throttle;
    publicUrl: string;
    now: Date;
  },
): Promise<{ to: string }> {
  const campaign = await ownCampaign(db, input.hostId, input.campaignId);
  await requireConfirmedSender(db, input.userId, campaignMessages.confirmEmailFirst);
  // A test shows the email as it will go: with nothing to show (no subject, or no content), it waits.
  const { subject, blocks } = sendProblems({ ...campaign, blockProblems: {} });
  const missing = Object.fromEntries(Object.entries({ subject, blocks }).filter(([, v]) => v !== undefined));
  if (Object.keys(missing).length > 0)
    throw new AppError("validation_failed", campaignMessages.fixFirst, { fields: missing });
  const hit = await input.throttle.hit(
    `campaign-tests:${input.hostId}`,
    { limit: TEST_SENDS_PER_HOUR, windowMs: 3_600_000 },
    input.now,
  );
  if (!hit.allowed) throw new AppError("rate_limited", campaignMessages.tooManyTests);
  const { template, headers } = await composeCampaign(db, { ...input, campaign, recipientId: null });
  const test = {
    ...template,
    props: { ...template.props, subject: `[Test] ${template.props.subject || "(no subject)"}` },
  };
  await input.mailer.send({ to: input.to, template: test, userId: input.userId, headers });
  return { to: input.to };
}

/** One campaign's figures: people, sent, opened, clicked, left out, bounced. */
export async function campaignFigures(db: Db, input: { hostId: string; campaignId: string }) {
  if (!isUuid(input.campaignId)) throw notFound();
  const [row] = await listCampaigns(db, input.hostId, { campaignId: input.campaignId });
  if (!row) throw notFound();
  return row;
}

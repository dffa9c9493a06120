import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { campaignRecipient, marketingUnsubscribe, user } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { hostName } from "./email-campaigns";

/**
 * What happens to a campaign email after it leaves (decision 0040): unsubscribes (one click or the
 * page), the first open and click, and bounces and complaints reported about it. None needs a
 * session: each arrives with a signed link, or (bounces) through the delivery-problem port.
 */

export type UnsubscribeSource = (typeof marketingUnsubscribe.$inferInsert)["source"];

/** Who a signed unsubscribe link names, as its page says it; null when the host is gone. */
export async function unsubscribeTarget(db: Db, input: { hostId: string; email: string }) {
  const [host] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.hostId));
  if (!host) return null;
  const [row] = await db
    .select({ at: marketingUnsubscribe.createdAt })
    .from(marketingUnsubscribe)
    .where(and(eq(marketingUnsubscribe.hostId, input.hostId), eq(marketingUnsubscribe.email, input.email)));
  return { hostName: await hostName(db, input.hostId), email: input.email, unsubscribed: Boolean(row) };
}

/**
 * Leaves every audience of that host, from the next send on (the sender checks at the moment of
 * sending, so a campaign already going out skips them too). Doing it twice changes nothing.
 */
export async function unsubscribeFromHost(
  db: Db,
  input: { hostId: string; email: string; source: UnsubscribeSource },
): Promise<void> {
  const [host] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.hostId));
  if (!host) return;
  await db
    .insert(marketingUnsubscribe)
    .values({ hostId: input.hostId, email: input.email.toLowerCase(), source: input.source })
    .onConflictDoNothing();
}

/** Undoes an unsubscribe the person made themselves (never one recorded from a bounce or complaint). */
export async function resubscribeToHost(db: Db, input: { hostId: string; email: string }): Promise<void> {
  await db
    .delete(marketingUnsubscribe)
    .where(
      and(
        eq(marketingUnsubscribe.hostId, input.hostId),
        eq(marketingUnsubscribe.email, input.email.toLowerCase()),
        inArray(marketingUnsubscribe.source, ["one_click", "page"]),
      ),
    );
}

/** The first open of a sent email (later ones change nothing). */
export async function recordOpen(db: Db, input: { recipientId: string; now: Date }): Promise<void> {
  if (!isUuid(input.recipientId)) return;
  await db
    .update(campaignRecipient)
    .set({ openedAt: input.now })
    .where(and(eq(campaignRecipient.id, input.recipientId), isNull(campaignRecipient.openedAt)));
}

/**
 * The first click; a click is also an open (the picture may have been blocked). Later clicks write
 * nothing: anyone holding the email can follow its links in a loop, and each would be a write.
 */
export async function recordClick(db: Db, input: { recipientId: string; now: Date }): Promise<void> {
  if (!isUuid(input.recipientId)) return;
  await db
    .update(campaignRecipient)
    .set({
      clickedAt: sql`coalesce(${campaignRecipient.clickedAt}, ${input.now})`,
      openedAt: sql`coalesce(${campaignRecipient.openedAt}, ${input.now})`,
    })
    .where(
      and(
        eq(campaignRecipient.id, input.recipientId),
        or(isNull(campaignRecipient.clickedAt), isNull(campaignRecipient.openedAt)),
      ),
    );
}

/**
 * A bounce or complaint reported for an email we sent (by the mail provider's webhook, or a person
 * reading the bounce mailbox): the recipient's row records it, and the address is unsubscribed from
 * that host (a complaint always; a bounce when it is permanent), so it is never sent to again.
 * Answers whether the email was a campaign email of ours.
 */
export async function recordDeliveryProblem(
  db: Db,
  input: { emailMessageId: string; kind: "bounce" | "complaint"; permanent: boolean; now: Date },
): Promise<boolean> {
  if (!isUuid(input.emailMessageId)) return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ host_id: string; email: string }>(sql`
      update campaign_recipient r
      set status = ${input.kind === "bounce" ? "bounced" : "complained"}
      from email_campaign c
      where c.id = r.campaign_id and r.email_message_id = ${input.emailMessageId}::uuid
        and r.status in ('sent', 'bounced')
      returning c.host_id, r.email`);
    const hit = rows[0];
    if (!hit) return false;
    if (input.kind === "complaint" || input.permanent)
      await tx
        .insert(marketingUnsubscribe)
        .values({ hostId: hit.host_id, email: hit.email, source: input.kind })
        .onConflictDoNothing();
    return true;
  });
}

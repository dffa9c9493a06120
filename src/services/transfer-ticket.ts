import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, ticket, ticketTransfer, ticketType, user, venue } from "~/db/schema";
import { normaliseEmail } from "~/domain/account-rules";
import { normaliseName } from "~/domain/profile-rules";
import {
  claimantProblem,
  claimantProblemText,
  greetingNameProblem,
  recipientProblem,
  TICKET_NOT_FOUND,
  transferLimitText,
  transferProblem,
  transferProblemText,
  TRANSFERS_PER_ADDRESS_DAY,
  TRANSFERS_PER_SENDER_HOUR,
} from "~/domain/ticket-transfer";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import type { TicketSigner } from "./complete-order";
import { afterCommit } from "./after-commit";
import { requireConfirmedSender } from "./confirmed-sender";
import { ticketNameColumn } from "./ticket-name";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A ticket with what the transfer rules look at, locked for a change. Locks are taken in the order
 * cancellations take them (the order, then its tickets, then transfers), so a claim and a
 * cancellation of the same order queue behind each other instead of interleaving or deadlocking.
 */
async function lockTicketForTransfer(tx: Db, ticketId: string) {
  if (!isUuid(ticketId)) return null;
  const [owner] = await tx.select({ orderId: ticket.orderId }).from(ticket).where(eq(ticket.id, ticketId));
  if (!owner) return null;
  const [o] = await tx.select({ status: order.status }).from(order).where(eq(order.id, owner.orderId)).for("update");
  const [row] = await tx
    .select({
      ticket,
      event: {
        id: event.id,
        name: event.name,
        slug: event.slug,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        isCancelled: event.isCancelled,
      },
    })
    .from(ticket)
    .innerJoin(event, eq(event.id, ticket.eventId))
    .where(eq(ticket.id, ticketId))
    .for("update", { of: ticket });
  if (!row || !o) return null;
  const [pending] = await tx
    .select({ id: cancellationRequest.id })
    .from(cancellationRequest)
    .where(
      and(
        eq(cancellationRequest.orderId, row.ticket.orderId),
        inArray(cancellationRequest.status, ["pending", "refunding"]),
      ),
    )
    .limit(1);
  // A cancelled or refunded order's tickets are void already; this catches one mid-cancellation too.
  const orderGone = o.status === "cancelled" || o.status === "refunded";
  return {
    ...row,
    ticket: orderGone ? { ...row.ticket, status: "void" as const } : row.ticket,
    cancellationPending: Boolean(pending),
  };
}

/**
 * Sends a ticket to a friend: records the transfer with a random token (only its hash is kept)
 * and returns the token for the email's link. The sender's code keeps working until the friend
 * claims it. One transfer in flight per ticket.
 */
export async function sendTicket(
  db: Db,
  input: {
    ticketId: string;
    from: { id: string; email: string; name: string };
    toEmail: string;
    toName?: string;
    now: Date;
  },
): Promise<{ transferId: string; token: string; toEmail: string; eventName: string }> {
  const problem = recipientProblem(input.toEmail, input.from.email);
  if (problem) throw new AppError("validation_failed", problem, { field: "email" });
  const toName = normaliseName(input.toName ?? "");
  const nameProblem = greetingNameProblem(toName);
  if (nameProblem) throw new AppError("validation_failed", nameProblem, { field: "name" });
  // Each transfer is an email in words partly the sender's: only from a confirmed address (decision 0055).
  await requireConfirmedSender(db, input.from.id, transferLimitText.confirmFirst);
  return db.transaction(async (tx) => {
    const found = await lockTicketForTransfer(tx, input.ticketId);
    if (!found || found.ticket.holderUserId !== input.from.id) throw new AppError("not_found", TICKET_NOT_FOUND);
    const blocked = transferProblem(found.ticket, found.event, {
      holderId: input.from.id,
      now: input.now,
      cancellationPending: found.cancellationPending,
    });
    if (blocked) throw new AppError("conflict", transferProblemText[blocked], { reason: blocked });

    const toEmail = normaliseEmail(input.toEmail);
    await withinTransferLimits(tx, { fromUserId: input.from.id, toEmail, now: input.now });
    const token = randomBytes(24).toString("base64url");
    const [created] = await tx
      .insert(ticketTransfer)
      .values({
        ticketId: input.ticketId,
        fromUserId: input.from.id,
        fromName: input.from.name,
        toEmail,
        toName: toName || null,
        tokenHash: hashToken(token),
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: ticketTransfer.id });
    if (!created)
      throw new AppError(
        "conflict",
        "This ticket is already on its way to someone: take it back first to send it elsewhere.",
        { reason: "pending" },
      );
    // The friend's email, with the link to claim it.
    await afterCommit(tx, {
      kind: "ticket-shared",
      ticketId: input.ticketId,
      from: { id: input.from.id, name: input.from.name },
      toEmail,
      toName: toName || null,
      token,
    });
    return { transferId: created.id, token, toEmail, eventName: found.event.name };
  });
}

/**
 * Refuses a transfer past the sender's hourly or the address's daily number, counting every transfer
 * made, taken back or not (taking back and sending again is another email).
 */
async function withinTransferLimits(tx: Db, input: { fromUserId: string; toEmail: string; now: Date }) {
  const hourAgo = new Date(input.now.getTime() - 60 * 60 * 1000);
  const dayAgo = new Date(input.now.getTime() - 24 * 60 * 60 * 1000);
  const [counts] = await tx
    .select({
      bySender: sql<number>`count(*) filter (where ${ticketTransfer.fromUserId} = ${input.fromUserId}
                                              and ${ticketTransfer.createdAt} > ${hourAgo})::int`,
      toAddress: sql<number>`count(*) filter (where ${ticketTransfer.toEmail} = ${input.toEmail})::int`,
    })
    .from(ticketTransfer)
    .where(
      and(
        sql`${ticketTransfer.createdAt} > ${dayAgo}`,
        sql`(${ticketTransfer.fromUserId} = ${input.fromUserId} or ${ticketTransfer.toEmail} = ${input.toEmail})`,
      ),
    );
  if (Number(counts?.bySender ?? 0) >= TRANSFERS_PER_SENDER_HOUR)
    throw new AppError("rate_limited", transferLimitText.sender, { retryAfterMs: 60 * 60 * 1000 });
  if (Number(counts?.toAddress ?? 0) >= TRANSFERS_PER_ADDRESS_DAY)
    throw new AppError("rate_limited", transferLimitText.address, { retryAfterMs: 24 * 60 * 60 * 1000 });
}

/** Whether the transfer a claim link's token names is still waiting for the friend (not claimed or taken back). */
export async function transferStillPending(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketTransfer.id })
    .from(ticketTransfer)
    .where(and(eq(ticketTransfer.tokenHash, hashToken(token)), eq(ticketTransfer.status, "pending")))
    .limit(1);
  return Boolean(row);
}

/** The sender takes back a ticket the friend has not claimed yet. */
export async function cancelTransfer(
  db: Db,
  input: { transferId: string; userId: string; now: Date },
): Promise<boolean> {
  if (!isUuid(input.transferId)) return false;
  const rows = await db
    .update(ticketTransfer)
    .set({ status: "cancelled", decidedAt: input.now })
    .where(
      and(
        eq(ticketTransfer.id, input.transferId),
        eq(ticketTransfer.fromUserId, input.userId),
        eq(ticketTransfer.status, "pending"),
      ),
    )
    .returning({ id: ticketTransfer.id });
  return rows.length > 0;
}

/**
 * For a select over tickets: where the ticket's pending transfer went (null: none). Spelled out in
 * full, since drizzle leaves columns unqualified in a one-table select, where "id" in the subquery
 * would be the transfer's own.
 */
export function pendingTransferTo() {
  return sql<
    string | null
  >`(select tt.to_email from ticket_transfer tt where tt.ticket_id = "ticket"."id" and tt.status = 'pending' limit 1)`;
}

/** A transfer as its link shows it to the friend: what the ticket is for and who sent it. */
export async function findTransfer(db: Db, token: string) {
  const [row] = await db
    .select({
      transfer: ticketTransfer,
      ticketId: ticket.id,
      typeName: ticketNameColumn(),
      seatRow: ticket.seatRow,
      seatColumn: ticket.seatColumn,
      holderName: ticket.holderName,
      event: {
        name: event.name,
        slug: event.slug,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        images: event.images,
      },
      venueName: venue.name,
      city: venue.city,
      seatRowNames: venue.seatRowNames,
    })
    .from(ticketTransfer)
    .innerJoin(ticket, eq(ticket.id, ticketTransfer.ticketId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(event, eq(event.id, ticket.eventId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(eq(ticketTransfer.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * The friend claims the ticket into their account. Only the person signed in with the address it
 * was sent to, once that address is verified, may: whoever else holds the link cannot. In one
 * transaction, with the ticket locked: the ticket becomes theirs under their name, with a code
 * re-signed at the next version, so the sender's copy of the old code no longer gets in. Claiming
 * again is harmless.
 */
export async function claimTicket(
  db: Db,
  sign: TicketSigner,
  input: { token: string; user: { id: string; name: string }; now: Date },
): Promise<{ ticketId: string }> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ ticketId: ticketTransfer.ticketId })
      .from(ticketTransfer)
      .where(eq(ticketTransfer.tokenHash, hashToken(input.token)));
    if (!seen)
      throw new AppError("not_found", "This link isn't a ticket we know about. Ask your friend to send it again.");
    const found = await lockTicketForTransfer(tx, seen.ticketId);
    const [t] = await tx
      .select()
      .from(ticketTransfer)
      .where(eq(ticketTransfer.tokenHash, hashToken(input.token)))
      .for("update");
    if (!t || !found) throw new AppError("not_found", TICKET_NOT_FOUND);
    if (t.status === "claimed") {
      if (t.claimedByUserId === input.user.id) return { ticketId: t.ticketId };
      throw new AppError("conflict", "This ticket has already been claimed.", { reason: "claimed" });
    }
    if (t.status === "cancelled")
      throw new AppError("conflict", "Your friend took this ticket back, so it can't be claimed.", {
        reason: "cancelled",
      });
    if (t.fromUserId === input.user.id)
      throw new AppError("conflict", "This is your own ticket: send the link to your friend.", { reason: "own" });
    // The address and whether it is verified, as stored now: never what the caller says.
    const [claimant] = await tx
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(and(eq(user.id, input.user.id), isNull(user.deletedAt)));
    if (!claimant) throw new AppError("not_found", TICKET_NOT_FOUND);
    const notYou = claimantProblem(claimant, t.toEmail);
    if (notYou) throw new AppError("forbidden", claimantProblemText[notYou](t.toEmail), { reason: notYou });
    const blocked = transferProblem(found.ticket, found.event, {
      holderId: t.fromUserId ?? "",
      now: input.now,
      cancellationPending: found.cancellationPending,
    });
    if (blocked)
      throw new AppError("conflict", transferProblemText[blocked === "not_yours" ? "void" : blocked], {
        reason: blocked,
      });

    const version = found.ticket.codeVersion + 1;
    await tx
      .update(ticket)
      .set({
        holderUserId: input.user.id,
        holderName: input.user.name,
        codeVersion: version,
        code: await sign(found.ticket.eventId, found.ticket.id, version),
      })
      .where(eq(ticket.id, found.ticket.id));
    await tx
      .update(ticketTransfer)
      .set({ status: "claimed", claimedByUserId: input.user.id, decidedAt: input.now })
      .where(eq(ticketTransfer.id, t.id));
    return { ticketId: found.ticket.id };
  });
}

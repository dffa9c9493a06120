import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import {
  cancellationRequest,
  emailMessage,
  event,
  order,
  orderLine,
  ticket,
  ticketType,
  user,
  venue,
} from "~/db/schema";
import { accessNeedsForReading } from "~/domain/access-needs";
import { answeredQuestions } from "~/domain/event-questions";
import {
  RESEND_PER_ADDRESS,
  RESEND_PER_HOST,
  RESEND_PER_ORDER,
  soldTicketState,
  type SoldTicketState,
} from "~/domain/sales-desk";
import { AppError } from "~/lib/app-error";
import { ticketSeat } from "~/lib/seats";
import { isUuid } from "~/lib/uuid";
import { salesDeskMessages } from "~/texts/sales-desk-messages";
import { afterCommit } from "./after-commit";
import type { Throttle } from "./throttle";
import { ticketNameColumn } from "./ticket-name";
import { ticketOrder } from "./ticket-order";
import { pendingTransferTo } from "./transfer-ticket";

/*
 * The sales desk (issue 20): every ticket sold across the host's events, searched and filtered; an
 * order's whole story (buyer, tickets, money, answers, access needs, emails); and resending its
 * tickets. Every read and write names the host and filters by it (decision 0028): another host's
 * order is "no such order", before anything is counted or sent.
 */

export const SOLD_TICKETS_PAGE_SIZE = 25;

export interface SoldTicketsQuery {
  /** Holder or buyer name, email, order reference, or part of the ticket's code or id. */
  search: string;
  eventId?: string | null;
  ticketTypeId?: string | null;
  state?: SoldTicketState | null;
  page: number;
  sort?: "sold" | "name" | "event";
  dir?: "asc" | "desc";
}

export interface SoldTicketRow {
  id: string;
  code: string;
  holderName: string;
  holderEmail: string;
  buyerName: string;
  buyerEmail: string;
  orderId: string;
  reference: string;
  ticketType: string;
  companion: boolean;
  state: SoldTicketState;
  checkedInAt: Date | null;
  soldAt: Date;
  eventId: string;
  eventName: string;
  startsAt: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every ticket sold for the host's events, one row each, with its state as the desk names it. */
function soldSql(hostId: string, filters: { eventId: string | null; ticketTypeId: string | null }): SQL {
  const byEvent = filters.eventId ? sql`and t.event_id = ${filters.eventId}` : sql``;
  const byType = filters.ticketTypeId ? sql`and t.ticket_type_id = ${filters.ticketTypeId}` : sql``;
  return sql`
    select t.id::text as id, t.code, t.companion,
      coalesce(nullif(t.holder_name, ''), nullif(trim(hu.name), ''), o.buyer_name) as holder_name,
      coalesce(hu.email, o.buyer_email) as holder_email,
      o.buyer_name, o.buyer_email, o.id::text as order_id, o.reference, o.created_at as sold_at,
      tt.name as ticket_type, case when t.status = 'checked_in' then t.checked_in_at end as checked_in_at,
      case when o.status = 'refunded' then 'refunded'
        when o.status = 'cancelled' or t.status = 'void' then 'cancelled'
        when t.status = 'checked_in' then 'checked_in' else 'valid' end as state,
      e.id::text as event_id, e.name as event_name, e.starts_at
    from ticket t
      join "order" o on o.id = t.order_id
      join ticket_type tt on tt.id = t.ticket_type_id
      join event e on e.id = t.event_id
      left join "user" hu on hu.id = t.holder_user_id
    where e.host_id = ${hostId} and o.host_id = ${hostId} and e.status <> 'deleted' ${byEvent} ${byType}`;
}

interface RawSoldRow extends Record<string, unknown> {
  id: string;
  code: string;
  companion: boolean;
  holder_name: string;
  holder_email: string;
  buyer_name: string;
  buyer_email: string;
  order_id: string;
  reference: string;
  sold_at: Date | string;
  ticket_type: string;
  checked_in_at: Date | string | null;
  state: SoldTicketState;
  event_id: string;
  event_name: string;
  starts_at: Date | string;
}

const rowOf = (r: RawSoldRow): SoldTicketRow => ({
  id: r.id,
  code: r.code,
  holderName: r.holder_name,
  holderEmail: r.holder_email,
  buyerName: r.buyer_name,
  buyerEmail: r.buyer_email,
  orderId: r.order_id,
  reference: r.reference,
  ticketType: r.ticket_type,
  companion: Boolean(r.companion),
  state: r.state,
  checkedInAt: r.checked_in_at === null ? null : new Date(r.checked_in_at),
  soldAt: new Date(r.sold_at),
  eventId: r.event_id,
  eventName: r.event_name,
  startsAt: new Date(r.starts_at),
});

/**
 * A page of the tickets sold for the host's events, newest sale first by default. An event or a
 * ticket type that isn't the host's finds nothing (the filters are inside the host's own rows).
 */
export async function listSoldTickets(
  db: Db,
  input: { hostId: string; query: SoldTicketsQuery; pageSize?: number },
): Promise<{ rows: SoldTicketRow[]; total: number; page: number; pages: number }> {
  const { hostId, query } = input;
  const pageSize = input.pageSize ?? SOLD_TICKETS_PAGE_SIZE;
  const eventId = query.eventId && isUuid(query.eventId) ? query.eventId : null;
  const ticketTypeId = query.ticketTypeId && isUuid(query.ticketTypeId) ? query.ticketTypeId : null;
  const source = soldSql(hostId, { eventId, ticketTypeId });
  const search = query.search.trim();
  const pattern = `%${escapeLike(search)}%`;
  const conditions: SQL[] = [];
  if (search)
    conditions.push(
      sql`(l.holder_name ilike ${pattern} or l.buyer_name ilike ${pattern} or l.holder_email ilike ${pattern}
        or l.buyer_email ilike ${pattern} or l.reference ilike ${pattern} or l.code ilike ${pattern}
        or l.id ilike ${pattern})`,
    );
  if (query.state) conditions.push(sql`l.state = ${query.state}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  const orderBy =
    query.sort === "name"
      ? sql`lower(l.holder_name) ${query.dir === "desc" ? sql`desc` : sql`asc`}, l.sold_at desc, l.id`
      : query.sort === "event"
        ? sql`l.starts_at ${dir}, l.event_name, l.sold_at desc, l.id`
        : sql`l.sold_at ${dir}, l.reference, l.id`;
  const { rows: counted } = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from (${source}) l ${where}`,
  );
  const total = Number(counted[0]?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const { rows } = await db.execute<RawSoldRow>(
    sql`select * from (${source}) l ${where} order by ${orderBy} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map(rowOf), total, page, pages };
}

/** The ticket types of one of the host's events, for the list's filter (none for another host's event). */
export async function soldTicketTypes(db: Db, input: { hostId: string; eventId: string }) {
  if (!isUuid(input.eventId)) return [];
  return db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .innerJoin(event, eq(event.id, ticketType.eventId))
    .where(and(eq(ticketType.eventId, input.eventId), eq(event.hostId, input.hostId)))
    .orderBy(asc(ticketType.sortOrder), asc(ticketType.name));
}

/** The host's own order, or "no such order": the only way in to an order on the desk. */
async function ownOrder(db: Db, hostId: string, orderId: string) {
  if (!isUuid(orderId)) throw new AppError("not_found", salesDeskMessages.noSuchOrder);
  const [row] = await db
    .select({ order, event: { id: event.id, name: event.name, slug: event.slug, startsAt: event.startsAt } })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .where(and(eq(order.id, orderId), eq(order.hostId, hostId), eq(event.hostId, hostId)));
  if (!row) throw new AppError("not_found", salesDeskMessages.noSuchOrder);
  return row;
}

/**
 * One of the host's orders as the desk shows it: the buyer, each ticket with its holder and state,
 * the money (all-in, fees, discount, refunds), the answers to the event's questions as they were
 * asked, the access needs the buyer chose to share with this host, any cancellation requests, and
 * the ticket emails sent for it.
 */
export async function salesDeskOrder(db: Db, input: { hostId: string; orderId: string }) {
  const { order: o, event: e } = await ownOrder(db, input.hostId, input.orderId);
  const holder = alias(user, "holder");
  const [rowNames, lines, tickets, requests, emails] = await Promise.all([
    db
      .select({ names: venue.seatRowNames })
      .from(event)
      .innerJoin(venue, eq(venue.id, event.venueId))
      .where(eq(event.id, e.id)),
    db
      .select({
        name: orderLine.name,
        quantity: orderLine.quantity,
        unitPricePence: orderLine.unitPricePence,
        companion: orderLine.companion,
      })
      .from(orderLine)
      .where(eq(orderLine.orderId, o.id))
      .orderBy(asc(orderLine.companion), asc(orderLine.name)),
    db
      .select({
        id: ticket.id,
        code: ticket.code,
        status: ticket.status,
        companion: ticket.companion,
        seatRow: ticket.seatRow,
        seatColumn: ticket.seatColumn,
        checkedInAt: ticket.checkedInAt,
        holderName: ticket.holderName,
        holderUserId: ticket.holderUserId,
        holderAccountName: holder.name,
        holderEmail: holder.email,
        typeName: ticketNameColumn(),
        pendingTransferTo: pendingTransferTo(),
      })
      .from(ticket)
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .leftJoin(holder, eq(holder.id, ticket.holderUserId))
      .where(eq(ticket.orderId, o.id))
      .orderBy(...ticketOrder),
    db
      .select({
        id: cancellationRequest.id,
        status: cancellationRequest.status,
        origin: cancellationRequest.origin,
        reason: cancellationRequest.reason,
        refundPence: cancellationRequest.refundPence,
        hostMessage: cancellationRequest.hostMessage,
        createdAt: cancellationRequest.createdAt,
        decidedAt: cancellationRequest.decidedAt,
      })
      .from(cancellationRequest)
      .where(eq(cancellationRequest.orderId, o.id))
      .orderBy(desc(cancellationRequest.createdAt)),
    ticketEmails(db, o.id),
  ]);
  // A ticket passed to a friend is theirs: the buyer's own tickets are those still with the buyer's account.
  const withBuyer = (t: { holderUserId: string | null }) => o.userId === null || t.holderUserId === o.userId;
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    buyerName: o.buyerName,
    buyerEmail: o.buyerEmail,
    hasAccount: o.userId !== null,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    cancelledAt: o.cancelledAt,
    event: e,
    money: {
      currency: o.currency,
      subtotalPence: o.subtotalPence,
      discountPence: o.discountPence,
      discountCode: o.discountCode,
      bookingFeePence: o.bookingFeePence,
      totalPence: o.totalPence,
      refundedPence: o.refundedPence,
      keptPence: o.totalPence - o.refundedPence,
    },
    lines,
    tickets: tickets.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.typeName,
      companion: t.companion,
      seat: ticketSeat(t, rowNames[0]?.names),
      state: soldTicketState(o.status, t.status),
      checkedInAt: t.status === "checked_in" ? t.checkedInAt : null,
      holderName: t.holderName?.trim() || t.holderAccountName?.trim() || o.buyerName,
      holderEmail: withBuyer(t) ? o.buyerEmail : (t.holderEmail ?? null),
      passedOn: !withBuyer(t),
      pendingTransferTo: t.pendingTransferTo,
    })),
    answers: answeredQuestions(o.questions, o.answers).map((q) => ({
      id: q.id,
      question: q.label,
      answer: o.answers[q.id]!,
    })),
    accessNeeds: accessNeedsForReading(o.accessNeeds),
    cancellationRequests: requests,
    emails,
  };
}

export type SalesDeskOrder = Awaited<ReturnType<typeof salesDeskOrder>>;

/** The ticket emails (confirmation and resends) made for an order, newest first, with how each went. */
async function ticketEmails(db: Db, orderId: string) {
  return db
    .select({
      id: emailMessage.id,
      toAddress: emailMessage.toAddress,
      status: emailMessage.status,
      createdAt: emailMessage.createdAt,
      sentAt: emailMessage.sentAt,
    })
    .from(emailMessage)
    .where(
      and(
        eq(emailMessage.template, "order-confirmation"),
        sql`${emailMessage.attachments} @> ${JSON.stringify([{ orderId }])}::jsonb`,
      ),
    )
    .orderBy(desc(emailMessage.createdAt))
    .limit(20);
}

/**
 * Sends an order's tickets to its buyer again: the order confirmation, with the tickets they still
 * hold, as after-commit work (the same email and path as after the sale). Only the host's own order,
 * with tickets that still stand; at most once per order per five minutes and a few times an hour to
 * one address ('An email has already been sent to this person!'), and a ceiling per host an hour.
 * Ownership is checked before anything is counted, so another host's try leaves no trace.
 */
export async function resendTickets(
  db: Db,
  input: { hostId: string; orderId: string; now: Date; throttle: Throttle },
): Promise<{ email: string }> {
  const { order: o } = await ownOrder(db, input.hostId, input.orderId);
  if (o.status !== "paid" && o.status !== "free")
    throw new AppError("conflict", salesDeskMessages.nothingToSend, { reason: "order_gone" });
  const [standing] = await db
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.orderId, o.id), sql`${ticket.status} in ('valid', 'checked_in')`))
    .limit(1);
  if (!standing) throw new AppError("conflict", salesDeskMessages.nothingToSend, { reason: "no_tickets" });

  const { throttle, now } = input;
  const host = await throttle.hit(`tickets-resend:host:${input.hostId}`, RESEND_PER_HOST, now);
  if (!host.allowed)
    throw new AppError("rate_limited", salesDeskMessages.tooManyResends, { retryAfterMs: host.retryAfterMs });
  const perOrder = await throttle.hit(`tickets-resend:order:${o.id}`, RESEND_PER_ORDER, now);
  if (!perOrder.allowed)
    throw new AppError("rate_limited", salesDeskMessages.alreadySent, { retryAfterMs: perOrder.retryAfterMs });
  const perAddress = await throttle.hit(
    `tickets-resend:to:${o.buyerEmail.trim().toLowerCase()}`,
    RESEND_PER_ADDRESS,
    now,
  );
  if (!perAddress.allowed)
    throw new AppError("rate_limited", salesDeskMessages.alreadySent, { retryAfterMs: perAddress.retryAfterMs });

  await db.transaction(async (tx) => {
    await afterCommit(tx, { kind: "order-confirmation", orderId: o.id });
  });
  return { email: o.buyerEmail };
}

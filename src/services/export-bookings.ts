import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  cancellationRequest,
  event,
  order,
  orderLine,
  ticket,
  ticketTransfer,
  ticketType,
  waitlistEntry,
} from "~/db/schema";
import { accessNeedsForReading } from "~/domain/access-needs";
import { answeredQuestions } from "~/domain/event-questions";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * A person's bookings for their data download (UK GDPR Art. 15 and 20): the orders they placed (what
 * they bought, what they paid and got back, the name, email, answers and access needs they gave at
 * checkout, and any cancellation they asked for), the tickets they hold, the tickets they passed on or
 * were given, and the waitlists they joined. Money is in pence, as stored. Ticket codes are left out:
 * they are the entry itself, and stay on the person's ticket pages.
 */
export async function exportBookings(db: Db, userId: string) {
  const [orders, held, transfers, waiting] = await Promise.all([
    db
      .select({ order, eventName: event.name, eventStartsAt: event.startsAt })
      .from(order)
      .innerJoin(event, eq(event.id, order.eventId))
      .where(eq(order.userId, userId))
      .orderBy(asc(order.createdAt)),
    db
      .select({ ticket, eventName: event.name, eventStartsAt: event.startsAt, type: ticketType.name })
      .from(ticket)
      .innerJoin(event, eq(event.id, ticket.eventId))
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .where(eq(ticket.holderUserId, userId))
      .orderBy(asc(event.startsAt), asc(ticket.createdAt)),
    db
      .select({ transfer: ticketTransfer, eventName: event.name, type: ticketType.name })
      .from(ticketTransfer)
      .innerJoin(ticket, eq(ticket.id, ticketTransfer.ticketId))
      .innerJoin(event, eq(event.id, ticket.eventId))
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .where(or(eq(ticketTransfer.fromUserId, userId), eq(ticketTransfer.claimedByUserId, userId)))
      .orderBy(asc(ticketTransfer.createdAt)),
    db
      .select({ entry: waitlistEntry, eventName: event.name })
      .from(waitlistEntry)
      .innerJoin(event, eq(event.id, waitlistEntry.eventId))
      .where(eq(waitlistEntry.userId, userId))
      .orderBy(asc(waitlistEntry.createdAt)),
  ]);
  const orderIds = orders.map((o) => o.order.id);
  const [lines, cancellations] = orderIds.length
    ? await Promise.all([
        db.select().from(orderLine).where(inArray(orderLine.orderId, orderIds)),
        db
          .select()
          .from(cancellationRequest)
          .where(inArray(cancellationRequest.orderId, orderIds))
          .orderBy(asc(cancellationRequest.createdAt)),
      ])
    : [[], []];

  return {
    orders: orders.map(({ order: o, eventName, eventStartsAt }) => ({
      reference: o.reference,
      event: eventName,
      eventStartsAt: eventStartsAt.toISOString(),
      status: o.status,
      currency: o.currency,
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          ticket: l.name,
          quantity: l.quantity,
          unitPricePence: l.unitPricePence,
          companion: l.companion,
        })),
      subtotalPence: o.subtotalPence,
      discountCode: o.discountCode,
      discountPence: o.discountPence,
      bookingFeePence: o.bookingFeePence,
      totalPence: o.totalPence,
      refundedPence: o.refundedPence,
      nameGiven: o.buyerName,
      emailGiven: o.buyerEmail,
      answers: answeredQuestions(o.questions ?? [], o.answers ?? {}).map((q) => ({
        question: q.label,
        answer: o.answers![q.id]!,
      })),
      accessNeedsShared: accessNeedsForReading(o.accessNeeds),
      placedAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      cancelledAt: iso(o.cancelledAt),
      cancellationRequests: cancellations
        .filter((c) => c.orderId === o.id)
        .map((c) => ({
          reason: c.reason,
          status: c.status,
          refundPence: c.refundPence,
          hostMessage: c.hostMessage,
          requestedAt: c.createdAt.toISOString(),
          decidedAt: iso(c.decidedAt),
        })),
    })),
    tickets: held.map(({ ticket: t, eventName, eventStartsAt, type }) => ({
      event: eventName,
      eventStartsAt: eventStartsAt.toISOString(),
      ticket: type,
      seat: t.seatRow !== null && t.seatColumn !== null ? { row: t.seatRow, column: t.seatColumn } : null,
      holderName: t.holderName,
      status: t.status,
      checkedInAt: iso(t.checkedInAt),
    })),
    ticketsPassedOn: transfers.map(({ transfer: x, eventName, type }) => ({
      direction: x.fromUserId === userId ? ("sent" as const) : ("received" as const),
      event: eventName,
      ticket: type,
      fromName: x.fromName,
      toName: x.toName,
      toEmail: x.toEmail,
      status: x.status,
      sentAt: x.createdAt.toISOString(),
      decidedAt: iso(x.decidedAt),
    })),
    waitlists: waiting.map(({ entry: w, eventName }) => ({
      event: eventName,
      quantity: w.quantity,
      status: w.status,
      joinedAt: w.createdAt.toISOString(),
      offeredAt: iso(w.offeredAt),
    })),
  };
}

import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  discount,
  event,
  hold,
  holdLine,
  order,
  orderLine,
  seatClaim,
  ticket,
  ticketType,
  waitlistEntry,
} from "~/db/schema";
import { onSale } from "~/domain/event-life-cycle";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { answeredQuestions } from "~/domain/event-questions";
import { orderReference } from "~/domain/order-reference";
import { platformFeeOf, priceOrder, type DiscountRule } from "~/domain/pricing";
import { AppError } from "~/lib/app-error";
import { afterCommit } from "./after-commit";
import { syncWaitlistFlags } from "./waitlist-offers";

/** Signs a ticket code for an event (see src/domain/ticket-codes.ts and ticket-codes.server.ts). */
export type TicketSigner = (eventId: string, ticketId: string, version?: number) => Promise<string>;

export interface CompleteInput {
  holdId: string;
  /** Who is buying: the hold's owner. */
  buyer: { userId: string | null; email: string; name: string };
  /** For paid orders: the provider and its id for the money (unique: fulfilment happens once). */
  payment: { provider: string; providerPaymentId: string; amountPence: number } | null;
  answers?: Record<string, string>;
  now: Date;
  sign: TicketSigner;
}

export type CompleteResult =
  /** Tickets issued (now, or by an earlier call for the same payment). */
  | { outcome: "fulfilled"; orderId: string; reference: string; created: boolean }
  /**
   * The payment must be refunded: the hold had lapsed and its stock was sold meanwhile, or the event
   * left sale (archived, unpublished, cancelled) while the buyer paid (`off_sale`).
   */
  | { outcome: "refund"; orderId: string; reference: string; created: boolean; reason?: "sold_out" | "off_sale" };

export function newReference(): string {
  return orderReference(randomBytes(8));
}

/**
 * Turns a hold into an order with tickets, exactly once per payment (or per free checkout): the
 * order's unique `provider_payment_id` and `hold_id` make a second call, however many webhooks or
 * return pages arrive, find the first order instead of making another.
 *
 * A hold still active has its stock set aside: it moves from held to sold. A hold that lapsed has
 * given its stock back, so the sale is honoured only if the stock can be claimed again (the same
 * conditional statement as at checkout); otherwise the order is recorded as refunded, with no
 * tickets, and the caller refunds the payment and tells the buyer.
 */
export async function completeOrder(db: Db, input: CompleteInput): Promise<CompleteResult> {
  const existing = await findOrder(db, input);
  if (existing) return existing;

  const tickets: { id: string; eventId: string }[] = [];
  const result = await db.transaction(async (tx) => {
    const [h] = await tx.select().from(hold).where(eq(hold.id, input.holdId)).for("update");
    if (!h) throw new AppError("not_found", "That checkout no longer exists.");
    // Someone else finished this hold while we waited for its lock.
    const again = await findOrder(tx, input);
    if (again) return again;

    const [e] = await tx.select({ event, feeMode: event.feeMode }).from(event).where(eq(event.id, h.eventId));
    const lines = await tx
      .select({
        line: holdLine,
        name: ticketType.name,
        minimum: ticketType.pricePence,
        payWhatYouWish: ticketType.payWhatYouWish,
      })
      .from(holdLine)
      .innerJoin(ticketType, eq(ticketType.id, holdLine.ticketTypeId))
      .where(eq(holdLine.holdId, h.id));
    const [d] = h.discountId ? await tx.select().from(discount).where(eq(discount.id, h.discountId)) : [];
    const rule: DiscountRule | null = d
      ? d.kind === "percent"
        ? { kind: "percent", basisPoints: d.value }
        : { kind: "fixed", pence: d.value }
      : null;
    const breakdown = priceOrder(
      // A discount never takes a pay-what-you-wish amount below the ticket's minimum.
      lines.map((l) => ({ ...l.line, ...(l.payWhatYouWish ? { floorPence: l.minimum } : {}) })),
      { discount: rule, feeMode: e!.feeMode, fee: ACTIVE_PROVIDER_FEE },
    );
    if (input.payment && input.payment.amountPence !== breakdown.totalPence) {
      throw new AppError("conflict", "The payment does not match the order's total.", {
        reason: "amount_mismatch",
        paid: input.payment.amountPence,
        due: breakdown.totalPence,
      });
    }
    if (!input.payment && breakdown.totalPence !== 0)
      throw new AppError("conflict", "This order needs paying.", { reason: "payment_required" });

    // Stock: converted from held, or claimed again for a lapsed hold; then the code's use. Both are
    // claimed conditionally, and if either cannot be had the order is recorded as refunded.
    if (h.status === "converted")
      throw new AppError("conflict", "This checkout was already completed.", { reason: "hold_converted" });
    let stockOk = true;
    // Anything can be refused here (a lapsed hold's stock, a limited code's use, an event gone off sale).
    await tx.execute(sql`savepoint reclaim`);
    if (h.status === "active") {
      for (const { line } of lines) {
        await tx
          .update(ticketType)
          .set({ held: sql`${ticketType.held} - ${line.quantity}`, sold: sql`${ticketType.sold} + ${line.quantity}` })
          .where(eq(ticketType.id, line.ticketTypeId));
      }
    } else {
      for (const { line } of lines) {
        const claimed = await tx
          .update(ticketType)
          .set({ sold: sql`${ticketType.sold} + ${line.quantity}` })
          .where(
            and(
              eq(ticketType.id, line.ticketTypeId),
              sql`${ticketType.sold} + ${ticketType.held} + ${line.quantity} <= ${ticketType.capacity}`,
            ),
          )
          .returning({ id: ticketType.id });
        if (claimed.length === 0) {
          stockOk = false;
          break;
        }
      }
      if (stockOk && h.seats.length > 0) {
        // Its seats were let go when it lapsed: they come back only if nobody took them since.
        const back = await tx
          .insert(seatClaim)
          .values(
            h.seats.map((s) => ({
              eventId: h.eventId,
              seatRow: s.row,
              seatColumn: s.column,
              ticketTypeId: s.ticketTypeId,
              holdId: h.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ row: seatClaim.seatRow });
        stockOk = back.length === h.seats.length;
      }
    }
    // A code counts once per completed order. A hold that lapsed (swept or not) stopped counting
    // towards the code's limit, so its use is claimed again, as its stock is: the uses and the live
    // holds of others must leave room for it (the claim counts under the same row lock).
    if (stockOk && d) {
      const used = await tx
        .update(discount)
        .set({ uses: sql`${discount.uses} + 1` })
        .where(
          and(
            eq(discount.id, d.id),
            sql`(${discount.maxUses} is null or ${discount.uses} + 1 + (
              select count(*) from hold o
              where o.discount_id = ${d.id} and o.status = 'active' and o.expires_at > ${input.now} and o.id <> ${h.id}
            ) <= ${discount.maxUses})`,
          ),
        )
        .returning({ id: discount.id });
      stockOk = used.length > 0;
    }
    // The event may have left sale since the hold was made. Moving its stock above updated the
    // event's totals, which locks its row until this commits: what is read now stands, and a change
    // of status waits for this sale (and then finds the tickets sold, see change-event-status.ts).
    let offSale = false;
    if (stockOk) {
      const [current] = await tx
        .select({ status: event.status, isCancelled: event.isCancelled })
        .from(event)
        .where(eq(event.id, h.eventId));
      offSale = !onSale(current!);
      if (offSale && !input.payment)
        throw new AppError("conflict", "This event is no longer on sale.", { reason: "off_sale" });
      stockOk = !offSale;
    }
    if (!stockOk) {
      await tx.execute(sql`rollback to savepoint reclaim`);
      // A hold still active keeps stock and seats aside: they go back, since it ends here.
      if (h.status === "active") {
        for (const { line } of lines)
          await tx
            .update(ticketType)
            .set({ held: sql`${ticketType.held} - ${line.quantity}` })
            .where(eq(ticketType.id, line.ticketTypeId));
        await tx.delete(seatClaim).where(and(eq(seatClaim.holdId, h.id), isNull(seatClaim.ticketId)));
      }
    }

    const answers = input.answers ?? h.answers;
    const reference = newReference();
    const [o] = await tx
      .insert(order)
      .values({
        reference,
        eventId: h.eventId,
        hostId: e!.event.hostId,
        userId: input.buyer.userId,
        holdId: h.id,
        buyerEmail: input.buyer.email,
        buyerName: input.buyer.name,
        status: !stockOk ? "refunded" : breakdown.totalPence === 0 ? "free" : "paid",
        currency: e!.event.currency,
        subtotalPence: breakdown.subtotalPence,
        discountPence: breakdown.discountPence,
        bookingFeePence: breakdown.bookingFeePence,
        totalPence: breakdown.totalPence,
        platformFeePence: platformFeeOf(breakdown),
        discountId: d?.id ?? null,
        discountCode: d?.code ?? null,
        provider: input.payment?.provider ?? null,
        providerPaymentId: input.payment?.providerPaymentId ?? null,
        answers,
        // What each answer answered, as it read then (the survey may change later).
        questions: answeredQuestions(h.questions.length > 0 ? h.questions : e!.event.questions, answers),
        // The snapshot taken when the buyer chose to share at checkout, not their profile as it is now.
        accessNeeds: h.accessNeeds,
        // The tracking link the buyer came through, if any (decision 0039).
        trackingLinkId: h.trackingLinkId,
        paidAt: input.payment ? input.now : null,
        createdAt: input.now,
      })
      .returning({ id: order.id });
    await tx.update(hold).set({ status: "converted" }).where(eq(hold.id, h.id));
    if (!stockOk)
      return {
        outcome: "refund" as const,
        orderId: o!.id,
        reference,
        created: true,
        reason: offSale ? ("off_sale" as const) : ("sold_out" as const),
      };
    // A waitlist offer bought: that person's wait is over, unless it held fewer places than they
    // asked for, when they go back to the head of the line (their first place in it) for the rest.
    // Companion tickets (decision 0031) came with the offer's places, not in their stead.
    const count = lines.reduce((n, { line }) => (line.companion ? n : n + line.quantity), 0);
    const more = sql`(${waitlistEntry.status} = 'offered' and ${waitlistEntry.quantity} > ${count})`;
    const bought = await tx
      .update(waitlistEntry)
      .set({
        status: sql`case when ${more} then 'waiting' else 'purchased' end`,
        quantity: sql`case when ${more} then ${waitlistEntry.quantity} - ${count} else ${waitlistEntry.quantity} end`,
        holdId: sql`case when ${more} then null else ${waitlistEntry.holdId} end`,
        offeredAt: sql`case when ${more} then null else ${waitlistEntry.offeredAt} end`,
        updatedAt: input.now,
      })
      .where(and(eq(waitlistEntry.holdId, h.id), inArray(waitlistEntry.status, ["offered", "lapsed"])))
      .returning({ userId: waitlistEntry.userId });
    await syncWaitlistFlags(
      tx,
      bought.map((b) => b.userId),
    );

    await tx.insert(orderLine).values(
      lines.map(({ line, name }) => ({
        orderId: o!.id,
        ticketTypeId: line.ticketTypeId,
        name,
        quantity: line.quantity,
        unitPricePence: line.unitPricePence,
        companion: line.companion,
      })),
    );

    // Seats held by this hold (re-claimed for a lapsed hold: its claims were let go).
    let seats = await tx
      .select()
      .from(seatClaim)
      .where(and(eq(seatClaim.holdId, h.id), isNull(seatClaim.ticketId)));
    const rows = lines.flatMap(({ line }) =>
      Array.from({ length: line.quantity }, () => ({
        id: randomUUID(),
        ticketTypeId: line.ticketTypeId,
        companion: line.companion,
      })),
    );
    for (const row of rows) tickets.push({ id: row.id, eventId: h.eventId });
    const codes = await Promise.all(rows.map((r) => input.sign(h.eventId, r.id)));
    await tx.insert(ticket).values(
      rows.map((r, i) => {
        // Companions come only where nobody has a seat (decision 0031): they never take a booked seat.
        const seat = r.companion ? undefined : seats.find((s) => s.ticketTypeId === r.ticketTypeId);
        if (seat) seats = seats.filter((s) => s !== seat);
        return {
          id: r.id,
          orderId: o!.id,
          eventId: h.eventId,
          ticketTypeId: r.ticketTypeId,
          code: codes[i]!,
          companion: r.companion,
          seatRow: seat?.seatRow ?? null,
          seatColumn: seat?.seatColumn ?? null,
          holderName: input.buyer.name,
          holderUserId: input.buyer.userId,
          createdAt: input.now,
        };
      }),
    );
    // Seats now belong to their tickets.
    for (const t of await tx
      .select({ id: ticket.id, seatRow: ticket.seatRow, seatColumn: ticket.seatColumn })
      .from(ticket)
      .where(eq(ticket.orderId, o!.id))) {
      if (t.seatRow === null) continue;
      await tx
        .update(seatClaim)
        .set({ ticketId: t.id, holdId: null })
        .where(
          and(
            eq(seatClaim.eventId, h.eventId),
            eq(seatClaim.seatRow, t.seatRow),
            eq(seatClaim.seatColumn, t.seatColumn!),
          ),
        );
    }
    // The buyer's confirmation, with their tickets: sent once this order is committed.
    await afterCommit(tx, { kind: "order-confirmation", orderId: o!.id });
    return { outcome: "fulfilled" as const, orderId: o!.id, reference, created: true };
  });
  return result;
}

async function findOrder(db: Db, input: Pick<CompleteInput, "holdId" | "payment">): Promise<CompleteResult | null> {
  const [found] = await db
    .select({ id: order.id, reference: order.reference, status: order.status })
    .from(order)
    .where(
      input.payment ? eq(order.providerPaymentId, input.payment.providerPaymentId) : eq(order.holdId, input.holdId),
    )
    .limit(1);
  if (!found) return null;
  return {
    outcome: found.status === "refunded" ? "refund" : "fulfilled",
    orderId: found.id,
    reference: found.reference,
    created: false,
  };
}

/** The ids of tickets issued for orders, for emails and pages. */
export async function ticketsOfOrder(db: Db, orderId: string) {
  return db
    .select()
    .from(ticket)
    .where(inArray(ticket.orderId, [orderId]));
}

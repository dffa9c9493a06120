import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, order, payment, paymentDestination, user, type PaymentRefundReason } from "~/db/schema";
import { platformFeeOf } from "~/domain/pricing";
import { AppError, isAppError } from "~/lib/app-error";
import { personName } from "~/lib/person-name";
import { RefundRefusedError, type PaymentProvider, type SessionState } from "./payment-provider";
import { afterCommit } from "./after-commit";
import { completeOrder, type CompleteResult, type TicketSigner } from "./complete-order";
import { describeHold } from "./describe-hold";
import { checkoutDestination, paidToHostAccount } from "./host-payouts";

type PaymentRow = typeof payment.$inferSelect;

/** How many times Pay looks again after losing a race to another press of Pay for the same hold. */
const START_ATTEMPTS = 3;

/**
 * Starts paying for a hold and answers where to send the buyer. A hold has at most one open
 * provider session (a unique index on its pending payment): pressing Pay again reuses it while it
 * is open for the same total; a session for another total (a discount changed) is expired at the
 * provider first. Two presses at the same moment both land on one session: the one whose payment
 * row is written second expires its own, unused session and takes the other. A session the buyer
 * paid meanwhile sends them to the return page, which turns it into an order (or refunds it).
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { holdId: string; userId: string; email: string; publicUrl: string; now: Date },
): Promise<{ paymentId: string; redirectUrl: string }> {
  const base = input.publicUrl.replace(/\/$/, "");
  const returnUrl = (paymentId: string) => `${base}/checkout/${input.holdId}/return?payment=${paymentId}`;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const due = await payableHold(db, input);
    const unsettled = await db
      .select()
      .from(payment)
      .where(and(eq(payment.holdId, input.holdId), inArray(payment.status, ["pending", "closing"])))
      .orderBy(asc(payment.createdAt));
    let blocked = false;
    for (const p of unsettled) {
      if (p.provider !== provider.name) {
        // Opened with a provider this instance no longer uses: it cannot be asked about here, and
        // must not keep the hold's one open place.
        await db
          .update(payment)
          .set({ status: "closing", updatedAt: input.now })
          .where(and(eq(payment.id, p.id), eq(payment.status, "pending")));
        continue;
      }
      const state = await provider.retrieveSession(p.providerSessionId);
      if (state.status === "succeeded") return { paymentId: p.id, redirectUrl: returnUrl(p.id) };
      const open = state.status === "pending" || state.status === "declined";
      if (
        p.status === "pending" &&
        open &&
        state.redirectUrl &&
        p.amountPence === due.totalPence &&
        p.currency === due.currency
      ) {
        return { paymentId: p.id, redirectUrl: state.redirectUrl };
      }
      const closed = open ? await closeSession(db, provider, p, input.now) : state;
      if (closed.status === "succeeded") return { paymentId: p.id, redirectUrl: returnUrl(p.id) };
      if (closed.status === "abandoned") await markExpired(db, p.id, input.now);
      else blocked = true;
    }
    if (blocked) break;

    const paymentId = crypto.randomUUID();
    // With a connected account that takes charges, the sale goes to the host and our fee stays
    // with us as the application fee (decision 0041); otherwise we collect it as before.
    const accountId = await checkoutDestination(db, { hostId: due.hostId, provider: provider.name });
    const destination = accountId ? { accountId, applicationFeePence: platformFeeOf(due) } : undefined;
    const session = await provider.createCheckout({
      paymentId,
      amountPence: due.totalPence,
      currency: due.currency,
      description: `${due.count} ${due.count === 1 ? "ticket" : "tickets"}: ${due.eventName}`,
      customerEmail: input.email,
      successUrl: returnUrl(paymentId),
      cancelUrl: `${base}/checkout/${input.holdId}?cancelled=1`,
      expiresAt: due.expiresAt,
      ...(destination ? { destination } : {}),
    });
    const row = {
      id: paymentId,
      holdId: input.holdId,
      provider: provider.name,
      providerSessionId: session.sessionId,
      amountPence: due.totalPence,
      currency: due.currency,
    };
    // The payment and where its money goes are written together: a routed sale is never taken for one we collected.
    const recordDestination = async (tx: Pick<Db, "insert">) => {
      if (destination) await tx.insert(paymentDestination).values({ paymentId, ...destination });
    };
    const created = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(payment).values(row).onConflictDoNothing().returning({ id: payment.id });
      if (inserted) await recordDestination(tx);
      return inserted;
    });
    if (created) return { paymentId, redirectUrl: session.redirectUrl };
    // Another press opened the hold's session at the same moment. Ours was never shown to anyone:
    // it is recorded (so nothing at the provider goes untracked), closed, and the loop takes theirs.
    await db.transaction(async (tx) => {
      await tx.insert(payment).values({ ...row, status: "closing" });
      await recordDestination(tx);
    });
    const closed = await closeSession(db, provider, row, input.now);
    if (closed.status === "abandoned") await markExpired(db, paymentId, input.now);
  }
  throw new AppError("conflict", "Please try again in a few minutes!", { reason: "payment_busy" });
}

/** The hold, still the buyer's and active, with what is due for it now. */
async function payableHold(db: Db, input: { holdId: string; userId: string; now: Date }) {
  const [h] = await db
    .select({ hold, eventName: event.name, currency: event.currency, hostId: event.hostId })
    .from(hold)
    .innerJoin(event, eq(event.id, hold.eventId))
    .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)))
    .limit(1);
  if (!h) throw new AppError("not_found", "That checkout isn't yours, or no longer exists.");
  if (h.hold.status !== "active" || h.hold.expiresAt <= input.now)
    throw new AppError("conflict", "You ran out of time. Refreshing page in 5 seconds", { reason: "hold_expired" });
  const { breakdown } = await describeHold(db, input.holdId);
  if (breakdown.totalPence === 0)
    throw new AppError("conflict", "You are eligible for free tickets", { reason: "free" });
  const count =
    (
      await db
        .select({ n: sql<number>`sum(${holdLine.quantity})::int` })
        .from(holdLine)
        .where(eq(holdLine.holdId, input.holdId))
    )[0]?.n ?? 0;
  return {
    totalPence: breakdown.totalPence,
    hostPence: breakdown.hostPence,
    hostId: h.hostId,
    currency: h.currency,
    eventName: h.eventName,
    count: Number(count),
    expiresAt: h.hold.expiresAt,
  };
}

/** Marks a payment as closing (a newer session replaces it) and expires its session at the provider. */
async function closeSession(
  db: Db,
  provider: PaymentProvider,
  p: Pick<PaymentRow, "id" | "providerSessionId">,
  now: Date,
): Promise<SessionState> {
  await db
    .update(payment)
    .set({ status: "closing", updatedAt: now })
    .where(and(eq(payment.id, p.id), eq(payment.status, "pending")));
  return provider.expireCheckout(p.providerSessionId);
}

async function markExpired(db: Db, paymentId: string, now: Date) {
  await db
    .update(payment)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(payment.id, paymentId), inArray(payment.status, ["pending", "closing"])));
}

export type SettleResult =
  | { state: "paid"; order: CompleteResult }
  /** Captured, but it could not become an order: given back. `orderReference` is the hold's order, if it has one. */
  | {
      state: "refunded";
      paymentId: string;
      reason: PaymentRefundReason;
      orderReference: string | null;
      created: boolean;
    }
  /** Being refunded: the provider has not answered yet, and is asked again with the same key. */
  | { state: "refunding"; paymentId: string }
  /** The provider refused the refund: a person must act (logged by the caller). */
  | { state: "refund_refused"; paymentId: string }
  | { state: "pending" }
  | { state: "declined" }
  | { state: "expired" };

export interface SettleInput {
  sessionId: string;
  now: Date;
  sign: TicketSigner;
}

/**
 * Finds out what happened to a payment and ends it in a final state, however often and however
 * concurrently it is asked (the return page, each webhook delivery, the reconciliation job):
 * - paid, and the hold can become an order: an order, exactly once (see completeOrder);
 * - paid, but it cannot (the hold lapsed and the places went; the hold was already paid for by
 *   another session; the amount no longer matches the hold): refunded in full, once. The move to
 *   `refunding` is one conditional update, so of two settles at once only one asks the provider,
 *   with an idempotency key made from the payment, and only one tells the buyer;
 * - expired or given up at the provider: `expired`. A replaced session still open is expired there.
 */
export async function settlePayment(db: Db, provider: PaymentProvider, input: SettleInput): Promise<SettleResult> {
  const [p] = await db.select().from(payment).where(eq(payment.providerSessionId, input.sessionId)).limit(1);
  if (!p) throw new AppError("not_found", "No such payment.");
  if (p.status === "refunding") return refundPayment(db, provider, p, input);
  if (p.status !== "pending" && p.status !== "closing") return recorded(db, p);

  let state: SessionState;
  try {
    state = await provider.retrieveSession(input.sessionId);
    if (p.status === "closing" && (state.status === "pending" || state.status === "declined"))
      state = await provider.expireCheckout(input.sessionId);
  } catch (error) {
    // The provider has no such session (it was never opened there): nothing can be paid through it.
    if (!(isAppError(error) && error.code === "not_found")) throw error;
    await markExpired(db, p.id, input.now);
    return { state: "expired" };
  }
  if (state.status === "pending" || state.status === "declined") return { state: state.status };
  if (state.status === "abandoned") {
    await markExpired(db, p.id, input.now);
    return recorded(db, (await paymentById(db, p.id))!);
  }
  if (!state.providerPaymentId) throw new AppError("internal", "The provider reported a payment without an id.");

  const buyer = await buyerOf(db, p.holdId);
  let refund: { reason: PaymentRefundReason; orderId: string | null };
  try {
    const result = await completeOrder(db, {
      holdId: p.holdId,
      buyer,
      payment: { provider: provider.name, providerPaymentId: state.providerPaymentId, amountPence: state.amountPence },
      now: input.now,
      sign: input.sign,
    });
    if (result.outcome === "fulfilled") {
      await db
        .update(payment)
        .set({
          status: "paid",
          providerPaymentId: state.providerPaymentId,
          amountPence: state.amountPence,
          orderId: result.orderId,
          updatedAt: input.now,
        })
        .where(and(eq(payment.id, p.id), inArray(payment.status, ["pending", "closing"])));
      return { state: "paid", order: result };
    }
    refund = { reason: result.reason === "off_sale" ? "event_closed" : "sold_out", orderId: result.orderId };
  } catch (error) {
    const reason = isAppError(error) && error.code === "conflict" ? error.details?.reason : undefined;
    if (reason === "hold_converted") refund = { reason: "already_paid", orderId: null };
    else if (reason === "amount_mismatch") refund = { reason: "amount_changed", orderId: null };
    else throw error;
  }

  // The money cannot stay: claim its refund (only one settle can) and make it.
  const [claimed] = await db
    .update(payment)
    .set({
      status: "refunding",
      refundReason: refund.reason,
      providerPaymentId: state.providerPaymentId,
      amountPence: state.amountPence,
      orderId: refund.orderId,
      updatedAt: input.now,
    })
    .where(and(eq(payment.id, p.id), inArray(payment.status, ["pending", "closing"])))
    .returning();
  if (claimed) return refundPayment(db, provider, claimed, input);
  const now = (await paymentById(db, p.id))!;
  return now.status === "refunding" ? { state: "refunding", paymentId: now.id } : recorded(db, now);
}

/**
 * Refunds a payment in `refunding` in full. The key is the payment's own, so asking again (after
 * a timeout, or from the reconciliation job) returns the first refund instead of making another.
 * An unknown outcome leaves it `refunding` to be asked again; a refusal is final and needs a person.
 */
async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  p: PaymentRow,
  input: Pick<SettleInput, "now">,
): Promise<SettleResult> {
  try {
    const { refundId } = await provider.refund({
      providerPaymentId: p.providerPaymentId!,
      amountPence: p.amountPence,
      idempotencyKey: `payment-refund-${p.id}`,
      reverseTransfer: await paidToHostAccount(db, p.providerPaymentId!),
    });
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(payment)
        .set({ status: "refunded", refundId, updatedAt: input.now })
        .where(and(eq(payment.id, p.id), eq(payment.status, "refunding")))
        .returning();
      // Whichever settle recorded the refund tells the buyer, once it is committed.
      if (row) await afterCommit(tx, { kind: "payment-refunded", paymentId: p.id });
      return row;
    });
    return refunded(db, done ?? (await paymentById(db, p.id))!, Boolean(done));
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    await db
      .update(payment)
      .set({ status: "refund_refused", updatedAt: input.now })
      .where(and(eq(payment.id, p.id), eq(payment.status, "refunding")));
    return { state: "refund_refused", paymentId: p.id };
  }
}

/** What a payment already settled came to. */
async function recorded(db: Db, p: PaymentRow): Promise<SettleResult> {
  switch (p.status) {
    case "paid": {
      const [o] = await db
        .select({ id: order.id, reference: order.reference })
        .from(order)
        .where(eq(order.id, p.orderId ?? "00000000-0000-0000-0000-000000000000"));
      if (!o) throw new AppError("internal", "A paid payment has lost its order.", { paymentId: p.id });
      return { state: "paid", order: { outcome: "fulfilled", orderId: o.id, reference: o.reference, created: false } };
    }
    case "refunded":
      return refunded(db, p, false);
    case "refunding":
      return { state: "refunding", paymentId: p.id };
    case "refund_refused":
      return { state: "refund_refused", paymentId: p.id };
    case "expired":
      return { state: "expired" };
    default:
      return { state: "pending" };
  }
}

async function refunded(db: Db, p: PaymentRow, created: boolean): Promise<SettleResult> {
  const [o] = await db.select({ reference: order.reference }).from(order).where(eq(order.holdId, p.holdId));
  return {
    state: "refunded",
    paymentId: p.id,
    reason: p.refundReason ?? "sold_out",
    orderReference: o?.reference ?? null,
    created,
  };
}

async function paymentById(db: Db, id: string) {
  return (await db.select().from(payment).where(eq(payment.id, id)))[0];
}

async function buyerOf(db: Db, holdId: string) {
  const [owner] = await db
    .select({
      userId: hold.userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
    })
    .from(hold)
    .leftJoin(user, eq(user.id, hold.userId))
    .where(eq(hold.id, holdId));
  return { userId: owner?.userId ?? null, email: owner?.email ?? "", name: personName(owner ?? {}) || "Ticket holder" };
}

/**
 * Payments not yet in a final state after a while, for the reconciliation job to settle: sessions
 * still pending, replaced sessions still closing, and refunds whose answer never came. Only this
 * provider's: another provider's sessions cannot be asked about here.
 */
export async function unsettledPayments(db: Db, input: { olderThan: Date; provider: string }): Promise<string[]> {
  const rows = await db
    .select({ sessionId: payment.providerSessionId })
    .from(payment)
    .where(
      and(
        inArray(payment.status, ["pending", "closing", "refunding"]),
        lt(payment.createdAt, input.olderThan),
        eq(payment.provider, input.provider),
      ),
    )
    .orderBy(asc(payment.createdAt))
    .limit(200);
  return rows.map((r) => r.sessionId);
}

/** Who a refunded payment's email goes to, and what it says. */
export async function describeRefundedPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      payment,
      eventName: event.name,
      eventSlug: event.slug,
      userId: hold.userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
    })
    .from(payment)
    .innerJoin(hold, eq(hold.id, payment.holdId))
    .innerJoin(event, eq(event.id, hold.eventId))
    .leftJoin(user, eq(user.id, hold.userId))
    .where(eq(payment.id, paymentId));
  if (!row || row.payment.status !== "refunded") return null;
  const [o] = await db
    .select({ reference: order.reference, buyerEmail: order.buyerEmail })
    .from(order)
    .where(eq(order.holdId, row.payment.holdId));
  const to = row.email ?? o?.buyerEmail;
  if (!to) return null;
  return {
    to,
    userId: row.userId,
    firstName: personName(row).split(" ")[0] ?? "",
    reason: row.payment.refundReason ?? "sold_out",
    orderReference: o?.reference ?? null,
    amountPence: row.payment.amountPence,
    currency: row.payment.currency,
    eventName: row.eventName,
    eventSlug: row.eventSlug,
  };
}

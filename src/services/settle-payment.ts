import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, payment, user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { personName } from "~/lib/person-name";
import type { PaymentProvider } from "./payment-provider";
import { completeOrder, type CompleteResult, type TicketSigner } from "./complete-order";
import { describeHold } from "./hold-tickets";

/**
 * Starts paying for a hold: records a payment and opens the provider's hosted checkout, which
 * the buyer is then sent to. The hold must be the buyer's own and still active.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { holdId: string; userId: string; email: string; publicUrl: string; now: Date },
): Promise<{ paymentId: string; redirectUrl: string }> {
  const [h] = await db
    .select({ hold, eventName: event.name, currency: event.currency })
    .from(hold)
    .innerJoin(event, eq(event.id, hold.eventId))
    .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)))
    .limit(1);
  if (!h) throw new AppError("not_found", "That checkout isn't yours, or no longer exists.");
  if (h.hold.status !== "active" || h.hold.expiresAt <= input.now) throw new AppError("conflict", "You ran out of time. Refreshing page in 5 seconds", { reason: "hold_expired" });
  const { breakdown } = await describeHold(db, input.holdId);
  if (breakdown.totalPence === 0) throw new AppError("conflict", "You are eligible for free tickets", { reason: "free" });
  const count = (await db.select({ n: sql<number>`sum(${holdLine.quantity})::int` }).from(holdLine).where(eq(holdLine.holdId, input.holdId)))[0]?.n ?? 0;

  const [created] = await db
    .insert(payment)
    .values({ holdId: input.holdId, provider: provider.name, providerSessionId: `pending:${crypto.randomUUID()}`, amountPence: breakdown.totalPence, currency: h.currency })
    .returning({ id: payment.id });
  const base = input.publicUrl.replace(/\/$/, "");
  const session = await provider.createCheckout({
    paymentId: created!.id,
    amountPence: breakdown.totalPence,
    currency: h.currency,
    description: `${count} ${Number(count) === 1 ? "ticket" : "tickets"}: ${h.eventName}`,
    customerEmail: input.email,
    successUrl: `${base}/checkout/${input.holdId}/return?payment=${created!.id}`,
    cancelUrl: `${base}/checkout/${input.holdId}?cancelled=1`,
    expiresAt: h.hold.expiresAt,
  });
  await db.update(payment).set({ providerSessionId: session.sessionId }).where(eq(payment.id, created!.id));
  return { paymentId: created!.id, redirectUrl: session.redirectUrl };
}

export type SettleResult =
  | { state: "paid"; order: CompleteResult }
  | { state: "refunded"; order: CompleteResult }
  | { state: "pending" }
  | { state: "declined" }
  | { state: "abandoned" };

/**
 * Finds out what happened to a payment and acts on it, however often it is asked (the return
 * page, each webhook delivery, the reconciliation job): a success becomes an order exactly once
 * (see completeOrder); a payment that lapsed with its stock gone is refunded.
 */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  input: { sessionId: string; now: Date; sign: TicketSigner; onRefunded?: (order: CompleteResult, buyerEmail: string) => Promise<void> },
): Promise<SettleResult> {
  const [p] = await db.select().from(payment).where(eq(payment.providerSessionId, input.sessionId)).limit(1);
  if (!p) throw new AppError("not_found", "No such payment.");
  const state = await provider.retrieveSession(input.sessionId);
  if (state.status === "pending") return { state: "pending" };
  if (state.status === "declined" || state.status === "abandoned") {
    await db.update(payment).set({ status: state.status }).where(and(eq(payment.id, p.id), eq(payment.status, "pending")));
    return { state: state.status };
  }
  if (!state.providerPaymentId) throw new AppError("internal", "The provider reported a payment without an id.");

  const [owner] = await db
    .select({ userId: hold.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, name: user.name })
    .from(hold)
    .leftJoin(user, eq(user.id, hold.userId))
    .where(eq(hold.id, p.holdId));
  const buyer = {
    userId: owner?.userId ?? null,
    email: owner?.email ?? "",
    name: personName(owner ?? {}) || "Ticket holder",
  };
  const result = await completeOrder(db, {
    holdId: p.holdId,
    buyer,
    payment: { provider: provider.name, providerPaymentId: state.providerPaymentId, amountPence: state.amountPence },
    now: input.now,
    sign: input.sign,
  });
  await db
    .update(payment)
    .set({ status: result.outcome === "refund" ? "refunded" : "succeeded", providerPaymentId: state.providerPaymentId, orderId: result.orderId })
    .where(eq(payment.id, p.id));
  if (result.outcome === "refund") {
    // Idempotent at the provider: a second settle asks for the same refund, which it ignores.
    await provider.refund({ providerPaymentId: state.providerPaymentId, amountPence: state.amountPence, idempotencyKey: `late-${state.providerPaymentId}` });
    if (result.created) await input.onRefunded?.(result, buyer.email);
    return { state: "refunded", order: result };
  }
  return { state: "paid", order: result };
}

/** Payments still pending after a while: the reconciliation job asks the provider about each. */
export async function pendingPayments(db: Db, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ sessionId: payment.providerSessionId })
    .from(payment)
    .where(and(eq(payment.status, "pending"), sql`${payment.createdAt} < ${olderThan}`, sql`${payment.providerSessionId} not like 'pending:%'`))
    .limit(200);
  return rows.map((r) => r.sessionId);
}

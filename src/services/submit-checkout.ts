import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { countFreeCheckout } from "./booking-limits";
import { chooseCompanions } from "./companion-tickets";
import { completeOrder, type TicketSigner } from "./complete-order";
import { getCheckout, saveCheckoutAnswers } from "./get-checkout";
import type { PaymentProvider } from "./payment-provider";
import type { SessionUser } from "./session-user";
import { startPayment } from "./settle-payment";
import type { Throttle } from "./throttle";

export interface SubmitCheckoutDeps {
  db: Db;
  throttle: Throttle;
  payments: PaymentProvider;
  sign: TicketSigner;
  publicUrl: string;
}

/**
 * The buyer presses the checkout's button on their hold. Their answers to the host's questions are
 * kept on the hold first (so nothing typed is lost, even when time is up), with the snapshot of
 * their access needs when they chose to share them, then any free companion tickets they asked
 * for are claimed (or given back) on the hold (`chooseCompanions`). A hold that is not theirs
 * is not found; one no longer running answers `expired`. Free places become an order at once
 * (throttled per person and per address, as taking them costs nothing); the buyer's confirmation is
 * recorded in the order's own transaction and sent after it commits. Paid places start (or resume)
 * a payment at the provider, at the total the hold holds. Answers where the buyer goes next.
 */
export async function submitCheckout(
  deps: SubmitCheckoutDeps,
  input: {
    holdId: string;
    buyer: Pick<SessionUser, "id" | "email">;
    buyerName: string;
    /** Each answered question's answer, by question id (empty answers left out). */
    answers: Record<string, string>;
    /** The buyer ticked "Share my access needs with the host for this order". */
    shareAccessNeeds?: boolean;
    /** Free companion tickets asked for (decision 0031): 0 or absent for none. */
    companions?: number;
    ip: string;
    now: Date;
  },
): Promise<{ kind: "order"; reference: string } | { kind: "payment"; redirectUrl: string } | { kind: "expired" }> {
  const { db } = deps;
  const { now } = input;
  const checkout = await getCheckout(db, { holdId: input.holdId, userId: input.buyer.id });
  if (!checkout) throw new AppError("not_found");
  await saveCheckoutAnswers(db, {
    holdId: input.holdId,
    userId: input.buyer.id,
    answers: input.answers,
    shareAccessNeeds: input.shareAccessNeeds ?? false,
  });
  if (checkout.status !== "active" || checkout.expiresAt <= now) return { kind: "expired" };
  // Companions are claimed (or given back) on the hold before anything is paid for or ordered; they
  // add nothing to the total, so a payment already opened for this hold stays right.
  const companions = input.companions ?? 0;
  if (companions !== 0 || checkout.companions.chosen !== 0)
    await chooseCompanions(db, { holdId: input.holdId, userId: input.buyer.id, requested: companions, now });
  if (checkout.breakdown.totalPence === 0) {
    // Each order also counts towards the person's share of the event, which the claim enforces.
    await countFreeCheckout(deps.throttle, { ip: input.ip, userId: input.buyer.id }, now);
    const done = await completeOrder(db, {
      holdId: input.holdId,
      buyer: { userId: input.buyer.id, email: input.buyer.email, name: input.buyerName },
      payment: null,
      now,
      sign: deps.sign,
    });
    return { kind: "order", reference: done.reference };
  }
  const started = await startPayment(db, deps.payments, {
    holdId: input.holdId,
    userId: input.buyer.id,
    email: input.buyer.email,
    publicUrl: deps.publicUrl,
    now,
  });
  return { kind: "payment", redirectUrl: started.redirectUrl };
}

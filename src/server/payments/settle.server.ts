import type { Db } from "~/db/client.server";
import type { TicketSigner } from "~/services/complete-order";
import type { PaymentProvider } from "~/services/payment-provider";
import { settlePayment, type SettleResult } from "~/services/settle-payment";
import type { Mailer } from "../email/mailer";
import { sendOrderConfirmation, sendPaymentRefunded } from "../email/order-emails.server";

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  sign: TicketSigner;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Settles a payment session and tells the buyer: the confirmation with their tickets when it
 * became an order, or the refund notice when the payment could not become one (the places had
 * gone, the hold was already paid for, or the total had changed). Used by the
 * return page, the Stripe webhook and the reconciliation job; whichever arrives first sends the
 * email, and the others find the order already made and send nothing.
 */
export async function settleAndNotify(deps: SettleDeps, sessionId: string, now: Date): Promise<SettleResult> {
  const { db, mailer, publicUrl } = deps;
  const result = await settlePayment(db, deps.provider, {
    sessionId,
    now,
    sign: deps.sign,
    onRefunded: (paymentId) => sendPaymentRefunded({ db, mailer, publicUrl, paymentId }),
  });
  if (result.state === "paid" && result.order.created) await sendOrderConfirmation({ db, mailer, publicUrl, orderId: result.order.orderId });
  return result;
}

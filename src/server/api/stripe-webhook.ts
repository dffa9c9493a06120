import { Hono } from "hono";
import { AppError, isAppError } from "~/lib/app-error";
import { WebhookSignatureError, type PaymentProvider, type WebhookEvent } from "~/services/payment-provider";
import type { SettleResult } from "~/services/settle-payment";
import { errorResponse } from "../errors";

export interface StripeWebhookDeps {
  /** The Stripe provider: it verifies the signature. */
  provider: Required<Pick<PaymentProvider, "verifyWebhook">>;
  /**
   * Settles a session by asking the provider about it (the app's is settlePayment, whose transactions record the
   * buyer's email).
   */
  settle: (sessionId: string, now: Date) => Promise<SettleResult>;
  /** Asks Stripe how a host's connected account stands now and keeps it (`account.updated`). */
  accountUpdated?: (accountId: string, now: Date) => Promise<void>;
}

/**
 * `POST /api/webhooks/stripe`: Stripe's signed events. Only a genuine event (signature over the
 * raw body, timestamp under five minutes old) is acted on; a forged one gets 400 and changes
 * nothing. The event itself is only a nudge: settlePayment asks Stripe for the session's state,
 * so a replayed or out-of-order event cannot make anything true that is not, and delivering the
 * same event again (Stripe retries, and may send it twice at once) makes no second order.
 *
 * Answers 200 once handled; any failure throws to the app's error handler (500, logged), so Stripe
 * retries the delivery later.
 */
export function stripeWebhookRoutes(deps: StripeWebhookDeps) {
  return new Hono().post("/", async (c) => {
    // The raw text exactly as sent: a parsed and re-serialised body would not match the signature.
    const rawBody = await c.req.text();
    let event: WebhookEvent;
    try {
      event = deps.provider.verifyWebhook(rawBody, c.req.header("stripe-signature"), new Date());
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        return errorResponse(c, new AppError("bad_request", "Invalid signature"));
      throw error;
    }

    // An expired session is settled too: its payment is marked expired straight away.
    if ((event.kind === "session_completed" || event.kind === "session_expired") && event.sessionId) {
      try {
        await deps.settle(event.sessionId, new Date());
      } catch (error) {
        // A session we never started (another integration on the same Stripe account): retrying
        // cannot change that, so it is acknowledged rather than retried for days.
        if (isAppError(error) && error.code === "not_found")
          return c.json({ received: true, ignored: "unknown_session" });
        // Anything else may pass on a retry (a database hiccup, Stripe briefly unreachable). A plain
        // error, whatever its cause, becomes a 500: Stripe retries any failure, and logs show the cause.
        throw new Error(`Stripe webhook ${event.id} (${event.kind}, ${event.sessionId}) could not be settled`, {
          cause: error,
        });
      }
    }
    // A connected account changed (onboarding finished, a requirement came due): only a nudge
    // too; the account's state is asked of Stripe, so events arriving out of order do no harm.
    if (event.kind === "account_updated" && event.account && deps.accountUpdated)
      await deps.accountUpdated(event.account.accountId, new Date());
    return c.json({ received: true });
  });
}

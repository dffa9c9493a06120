import Stripe from "stripe";
import { AppError } from "~/lib/app-error";
import { isStripeTestKey } from "../config.server";
import {
  type ConnectedAccountState,
  RefundRefusedError,
  WebhookSignatureError,
  type PaymentProvider,
  type SessionState,
  type WebhookEvent,
} from "~/services/payment-provider";

/**
 * Stripe Checkout: the buyer pays on Stripe's hosted page (card data never reaches us), and
 * Stripe tells us with signed webhooks; the return page and the reconciliation job ask too.
 */
export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`). Without it no webhook can be verified, so every one is refused. */
  webhookSecret: string | undefined;
  /** Another API base URL (tests point this at a fake Stripe), e.g. `http://127.0.0.1:4242`. */
  apiHost?: string;
}

export type StripeProvider = PaymentProvider & Required<Pick<PaymentProvider, "verifyWebhook" | "connect">>;

/** Stripe keeps a Checkout Session open for 30 minutes at least and 24 hours at most. */
const MIN_SESSION_MS = 30 * 60_000;
const MAX_SESSION_MS = 24 * 60 * 60_000;
/** Room for the trip to Stripe and for its clock being ahead of ours, so the minimum is still met there. */
const CLOCK_SLACK_MS = 60_000;
/** How old a webhook's signed timestamp may be (Stripe's own default): older ones may be replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const api = options.apiHost ? new URL(options.apiHost) : undefined;
  const stripe = new Stripe(options.secretKey, {
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "http:" ? 80 : 443),
      protocol: api.protocol === "http:" ? "http" : "https",
    }),
    // The buyer is waiting on a redirect: fail in seconds rather than Stripe's default 80.
    timeout: 20_000,
    // Retries of POSTs are safe: the SDK gives each request an idempotency key.
    maxNetworkRetries: 2,
    appInfo: { name: "Ticketyboo" },
  });

  const retrieveSession = async (sessionId: string): Promise<SessionState> =>
    sessionState(await call(() => stripe.checkout.sessions.retrieve(sessionId)));

  return {
    name: "stripe",
    movesMoney: !isStripeTestKey(options.secretKey),

    async createCheckout(request) {
      const now = Date.now();
      // Stripe refuses an expiry under 30 minutes away, and our hold usually lapses sooner (10
      // minutes). That is fine: the hold's own expiry still governs the stock. A payment that
      // lands after the hold lapsed is honoured only if the stock can be claimed again, and
      // refunded otherwise (see completeOrder), so the session may outlive the hold safely.
      const expiresAt = Math.min(
        Math.max(request.expiresAt.getTime(), now + MIN_SESSION_MS + CLOCK_SLACK_MS),
        now + MAX_SESSION_MS - CLOCK_SLACK_MS,
      );
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountPence,
                product_data: { name: request.description },
              },
            },
          ],
          // Cards (with Apple Pay and Google Pay) settle at once. Methods that settle days later
          // (bank debits) would land long after the ten-minute hold, most often as refunds.
          allowed_payment_method_types: ["card"],
          submit_type: "book",
          locale: "en-GB",
          customer_email: request.customerEmail,
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          // On the PaymentIntent too, so a refund or dispute in Stripe's dashboard leads back to us.
          payment_intent_data: {
            metadata: { paymentId: request.paymentId },
            description: request.description,
            // A destination charge: the host's connected account receives the payment less our
            // fee, taken as the application fee (decision 0041). Without one, we collect it.
            ...(request.destination && {
              application_fee_amount: request.destination.applicationFeePence,
              transfer_data: { destination: request.destination.accountId },
            }),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil(expiresAt / 1000),
        }),
      );
      if (!session.url)
        throw new AppError("internal", "Stripe returned a Checkout Session without a URL.", {
          provider: "stripe",
          sessionId: session.id,
        });
      return { sessionId: session.id, redirectUrl: session.url };
    },

    retrieveSession,

    async expireCheckout(sessionId): Promise<SessionState> {
      try {
        return sessionState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe expires only open sessions: one already paid or expired is answered as it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== "resource_missing")
          return retrieveSession(sessionId);
        return call(() => Promise.reject(error));
      }
    },

    async refund({ providerPaymentId, amountPence, idempotencyKey, reverseTransfer }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: providerPaymentId,
            amount: amountPence,
            // A destination charge's refund takes back the host's transfer and our fee in proportion.
            ...(reverseTransfer && { reverse_transfer: true, refund_application_fee: true }),
          },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        // A 4xx answer (already refunded, amount too large, no such payment) is a definite no; a
        // timeout or 5xx may have refunded, and is asked again later with the same key.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          throw new RefundRefusedError(`Stripe: ${error.message}`);
        return call(() => Promise.reject(error));
      }
    },

    verifyWebhook(rawBody, signatureHeader, now): WebhookEvent {
      if (!options.webhookSecret)
        throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set, so no webhook can be verified");
      if (!signatureHeader) throw new WebhookSignatureError("The Stripe-Signature header is missing");
      let event: Stripe.Event;
      try {
        // The signature covers the exact bytes Stripe sent, so this must be the raw body. The
        // timestamp's age is measured from `now` (receivedAt, in ms) rather than the real clock.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        // A bad signature, an old timestamp, or a body that is not JSON: nothing we can act on.
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const object = event.data.object as { object?: string; id?: string };
      if (event.type === "account.updated" && object.object === "account")
        return {
          id: event.id,
          kind: "account_updated",
          sessionId: null,
          account: accountState(object as Stripe.Account),
        };
      return {
        id: event.id,
        kind: webhookKind(event.type),
        sessionId: object.object === "checkout.session" && typeof object.id === "string" ? object.id : null,
      };
    },

    // Stripe Connect (Express): Stripe's own onboarding collects identity and bank details.
    connect: {
      async createAccount({ hostId, email, businessName, idempotencyKey }) {
        const account = await call(() =>
          stripe.accounts.create(
            {
              type: "express",
              country: "GB",
              email,
              business_profile: { name: businessName },
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { hostId },
            },
            { idempotencyKey },
          ),
        );
        return accountState(account);
      },
      async onboardingLink({ accountId, returnUrl, refreshUrl }) {
        const link = await call(() =>
          stripe.accountLinks.create({
            account: accountId,
            type: "account_onboarding",
            return_url: returnUrl,
            refresh_url: refreshUrl,
          }),
        );
        return { url: link.url };
      },
      async retrieveAccount(accountId) {
        return accountState(await call(() => stripe.accounts.retrieve(accountId)));
      },
      async transfer({ accountId, amountPence, currency, description, idempotencyKey }) {
        const transfer = await call(() =>
          stripe.transfers.create(
            { amount: amountPence, currency: currency.toLowerCase(), destination: accountId, description },
            { idempotencyKey },
          ),
        );
        return { transferId: transfer.id };
      },
    },
  };
}

/** What we keep of a Stripe account: its id and whether it can be charged for and paid. */
function accountState(account: Stripe.Account): ConnectedAccountState {
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}

function sessionState(session: Stripe.Checkout.Session): SessionState {
  const paymentIntent =
    typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const status = sessionStatus(session);
  return {
    sessionId: session.id,
    status,
    redirectUrl: status === "pending" ? session.url : null,
    providerPaymentId: paymentIntent,
    amountPence: session.amount_total ?? 0,
    paymentId: session.client_reference_id ?? session.metadata?.paymentId ?? null,
  };
}

/**
 * Stripe's session states in ours. A declined card leaves the session open (the buyer can try
 * another on Stripe's page), so a session is only ever finished by paying or by expiring. A
 * session that is complete but not yet paid is a delayed payment method still clearing.
 */
function sessionStatus(session: Stripe.Checkout.Session): SessionState["status"] {
  if (session.status === "complete" && session.payment_status === "paid") return "succeeded";
  if (session.status === "expired") return "abandoned";
  return "pending";
}

function webhookKind(type: string): WebhookEvent["kind"] {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return "session_completed";
    case "checkout.session.expired":
      return "session_expired";
    default:
      return "other";
  }
}

/** Stripe's errors as ours: a missing session is not_found; anything else is our problem, said plainly for the logs. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const details = {
      provider: "stripe",
      type: error.type,
      stripeCode: error.code,
      requestId: error.requestId,
      statusCode: error.statusCode,
    };
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      throw new AppError(
        "internal",
        `Stripe refused our secret key: check STRIPE_SECRET_KEY (${error.message})`,
        details,
      );
    }
    if (error.code === "resource_missing") throw new AppError("not_found", `Stripe: ${error.message}`, details);
    throw new AppError("internal", `Stripe: ${error.message}`, details);
  }
}

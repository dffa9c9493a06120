/**
 * Card payments go through a provider's own hosted checkout page, so card data never touches our
 * pages (SAQ-A). Two providers implement this: the built-in test provider (default; its hosted
 * page is ours, at /pay/test/{session}) and Stripe Checkout (when STRIPE_SECRET_KEY is set).
 */
export type ProviderName = "test" | "stripe";

export interface CheckoutRequest {
  /** Our payment row's id, echoed back by the provider (metadata / client reference). */
  paymentId: string;
  amountPence: number;
  currency: "GBP" | "EUR";
  /** What the buyer sees on the provider's page, e.g. "2 tickets: Kelham Island Pub Quiz". */
  description: string;
  customerEmail: string;
  /** Where the provider sends the buyer after paying (we add nothing to it). */
  successUrl: string;
  /** Where the provider sends the buyer who gives up. */
  cancelUrl: string;
  /** When the provider should stop accepting this payment (our hold's expiry, or later). */
  expiresAt: Date;
  /**
   * The host's connected account, when they have one that can take charges: the payment goes to
   * it and Ticketyboo keeps `applicationFeePence` (decision 0041). Absent: Ticketyboo collects it.
   */
  destination?: { accountId: string; applicationFeePence: number };
}

export interface CheckoutSession {
  sessionId: string;
  /** The provider's hosted page to send the buyer to. */
  redirectUrl: string;
}

/**
 * What the provider says about a session now. `pending`: open, not paid; `declined`: open, the
 * last card was declined (the buyer may try another); `succeeded`: paid; `abandoned`: expired or
 * given up, and it can no longer be paid.
 */
export interface SessionState {
  sessionId: string;
  status: "pending" | "succeeded" | "declined" | "abandoned";
  /** The hosted page to send the buyer to, while the session is open. */
  redirectUrl: string | null;
  /** The provider's id for the money once paid (Stripe: the PaymentIntent); unique per payment. */
  providerPaymentId: string | null;
  amountPence: number;
  /** Our payment id, as given at creation. */
  paymentId: string | null;
}

/** A provider's event, from a verified webhook. */
export interface WebhookEvent {
  id: string;
  kind: "session_completed" | "session_expired" | "account_updated" | "other";
  sessionId: string | null;
  /** For `account_updated`: the connected account as the event carried it. */
  account?: ConnectedAccountState;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** False while payments move no real money (the test provider, Stripe in test mode): checkout says so. */
  readonly movesMoney: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /**
   * Closes an open session so it can no longer be paid, and says what it is now: `abandoned`, or
   * `succeeded` when the buyer paid before it could be closed. Safe to repeat.
   */
  expireCheckout(sessionId: string): Promise<SessionState>;
  /**
   * Refunds all or part of a payment; safe to repeat with the same idempotency key. Throws
   * RefundRefusedError when the provider declined (nothing was refunded); any other error leaves
   * the outcome unknown, to be asked again with the same key.
   */
  refund(input: {
    providerPaymentId: string;
    amountPence: number;
    idempotencyKey: string;
    /**
     * The payment went to the host's connected account (decision 0041): the refund takes back
     * what was transferred to it and our application fee in proportion, so the host bears it.
     */
    reverseTransfer?: boolean;
  }): Promise<{ refundId: string }>;
  /**
   * Verifies a webhook's signature over the raw body (with a tolerance for the timestamp) and
   * reads it; throws WebhookSignatureError when it is not genuine.
   */
  verifyWebhook?(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent;
  /** Hosts' payout accounts (Stripe Connect, or the test provider's simulated accounts). */
  readonly connect?: ConnectedAccounts;
}

/** What the provider says of a host's connected account: never bank details, only whether it can be paid. */
export interface ConnectedAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/**
 * Payout accounts for hosts (Stripe Connect Express: the provider's own onboarding pages collect
 * identity and bank details, and we keep only the account's id and state).
 */
export interface ConnectedAccounts {
  /** Opens an account for a host; the same `idempotencyKey` answers the same account. */
  createAccount(input: {
    hostId: string;
    email: string;
    businessName: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccountState>;
  /** A single-use link to the provider's onboarding, coming back to `returnUrl` (or `refreshUrl` once stale). */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
  /**
   * Sends money Ticketyboo collected to a connected account (Stripe: a transfer from our balance).
   * The same `idempotencyKey` is the same transfer, however often asked.
   */
  transfer(input: {
    accountId: string;
    amountPence: number;
    currency: "GBP" | "EUR";
    description: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
}

/**
 * The provider answered, and the answer is no (the payment can't be refunded, the amount is
 * wrong): nothing happened there. Anything else thrown from `refund` may have happened or not.
 */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = "Webhook signature could not be verified") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The card fee for the provider in use (spec §9: the active one 1% + 0; the other 1.5% + 20p). */
export const PROVIDER_FEES = {
  test: { basisPoints: 100, fixedMinor: 0 },
  stripe: { basisPoints: 100, fixedMinor: 0 },
} as const;

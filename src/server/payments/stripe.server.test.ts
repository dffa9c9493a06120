import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "~/lib/app-error";
import { WebhookSignatureError, type CheckoutRequest } from "~/services/payment-provider";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe";
import { createStripeProvider, type StripeProvider } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_provider_secret";
let fake: FakeStripe;
let provider: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: fake.apiKey, webhookSecret: WEBHOOK_SECRET, apiHost: fake.url });
});

afterAll(async () => {
  await fake.close();
});

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: crypto.randomUUID(),
  amountPence: 2020,
  currency: "GBP",
  description: "2 tickets: Kelham Island Pub Quiz",
  customerEmail: "bea@example.com",
  successUrl: "https://tickets.example/checkout/h1/return?payment=p1",
  cancelUrl: "https://tickets.example/checkout/h1?cancelled=1",
  expiresAt: new Date(Date.now() + 10 * 60_000),
  ...overrides,
});

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

describe("Stripe Checkout through the SDK", () => {
  it("opens a one-line payment session, which once paid reads as succeeded with its PaymentIntent", async () => {
    const asked = request();
    const before = Math.floor(Date.now() / 1000);
    const created = await provider.createCheckout(asked);
    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.redirectUrl).toBe(`${fake.url}/c/pay/${created.sessionId}`);

    const session = fake.session(created.sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      status: "open",
      amount_total: 2020,
      currency: "gbp",
      customer_email: "bea@example.com",
      client_reference_id: asked.paymentId,
      metadata: { paymentId: asked.paymentId },
      success_url: asked.successUrl,
      cancel_url: asked.cancelUrl,
    });
    expect(fake.lineItems(created.sessionId)).toEqual([
      {
        description: "2 tickets: Kelham Island Pub Quiz",
        quantity: 1,
        currency: "gbp",
        amount_total: 2020,
        price: { unit_amount: 2020, currency: "gbp", product_name: "2 tickets: Kelham Island Pub Quiz" },
      },
    ]);
    // The hold lapses in ten minutes, but Stripe wants at least thirty: the session is clamped.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(session.expires_at).toBeLessThanOrEqual(before + 32 * 60);

    expect(await provider.retrieveSession(created.sessionId)).toEqual({
      sessionId: created.sessionId,
      status: "pending",
      redirectUrl: created.redirectUrl,
      providerPaymentId: null,
      amountPence: 2020,
      paymentId: asked.paymentId,
    });
    const paid = fake.completeSession(created.sessionId);
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect(await provider.retrieveSession(created.sessionId)).toEqual({
      sessionId: created.sessionId,
      status: "succeeded",
      redirectUrl: null,
      providerPaymentId: paid.payment_intent,
      amountPence: 2020,
      paymentId: asked.paymentId,
    });
  });

  it("keeps an expiry more than thirty minutes away as given, and sends EUR lower-cased", async () => {
    const inTwoHours = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 60 * 60_000);
    const created = await provider.createCheckout(request({ expiresAt: inTwoHours, currency: "EUR" }));
    expect(fake.session(created.sessionId)).toMatchObject({ expires_at: inTwoHours.getTime() / 1000, currency: "eur" });
  });

  it("leaves a session pending when the card is declined, as Stripe's page lets the buyer try again", async () => {
    const created = await provider.createCheckout(request());
    fake.declineSession(created.sessionId);
    const state = await provider.retrieveSession(created.sessionId);
    expect(state.status).toBe("pending");
    expect(fake.session(created.sessionId)).toMatchObject({ status: "open", payment_status: "unpaid" });
    // The second card works.
    fake.completeSession(created.sessionId);
    expect((await provider.retrieveSession(created.sessionId)).status).toBe("succeeded");
  });

  it("reads an expired session as abandoned", async () => {
    const created = await provider.createCheckout(request());
    const sdk = new Stripe(fake.apiKey, { host: "127.0.0.1", port: fake.port, protocol: "http" });
    await sdk.checkout.sessions.expire(created.sessionId);
    expect(await provider.retrieveSession(created.sessionId)).toMatchObject({
      status: "abandoned",
      providerPaymentId: null,
    });
  });

  it("expires an open session so it can no longer be paid, and answers a paid one as paid", async () => {
    const open = await provider.createCheckout(request());
    expect(await provider.retrieveSession(open.sessionId)).toMatchObject({
      status: "pending",
      redirectUrl: open.redirectUrl,
    });
    expect(await provider.expireCheckout(open.sessionId)).toMatchObject({
      status: "abandoned",
      redirectUrl: null,
      providerPaymentId: null,
    });
    expect(fake.session(open.sessionId)).toMatchObject({ status: "expired", url: null });
    expect(() => fake.completeSession(open.sessionId)).toThrow("is expired, not open");
    // Asked again: the same answer, not an error.
    expect(await provider.expireCheckout(open.sessionId)).toMatchObject({ status: "abandoned" });

    // The buyer paid a moment before: Stripe refuses to expire it, and the payment is reported.
    const paid = await provider.createCheckout(request());
    const pi = fake.completeSession(paid.sessionId).payment_intent;
    expect(await provider.expireCheckout(paid.sessionId)).toMatchObject({
      status: "succeeded",
      providerPaymentId: pi,
      amountPence: 2020,
    });

    const error = await rejection(provider.expireCheckout("cs_test_nope"));
    expect(isAppError(error) && error.code).toBe("not_found");
  });

  it("says whether its payments move real money: not with a test-mode key", () => {
    expect(provider.movesMoney).toBe(false);
    expect(
      createStripeProvider({ secretKey: "sk_live_0000", webhookSecret: WEBHOOK_SECRET, apiHost: fake.url }).movesMoney,
    ).toBe(true);
  });

  it("says a session Stripe does not know is not found", async () => {
    const error = await rejection(provider.retrieveSession("cs_test_nope"));
    expect(isAppError(error) && error.code).toBe("not_found");
  });

  it("refunds once per idempotency key, however often asked", async () => {
    const created = await provider.createCheckout(request({ amountPence: 3000 }));
    const pi = fake.completeSession(created.sessionId).payment_intent!;
    const before = fake.refunds.length;

    const first = await provider.refund({ providerPaymentId: pi, amountPence: 1000, idempotencyKey: `late-${pi}` });
    const again = await provider.refund({ providerPaymentId: pi, amountPence: 1000, idempotencyKey: `late-${pi}` });
    expect(again.refundId).toBe(first.refundId);
    expect(fake.refunds.slice(before)).toEqual([
      expect.objectContaining({
        id: first.refundId,
        payment_intent: pi,
        amount: 1000,
        currency: "gbp",
        status: "succeeded",
      }),
    ]);

    // A different key is a different refund.
    const other = await provider.refund({ providerPaymentId: pi, amountPence: 500, idempotencyKey: `other-${pi}` });
    expect(other.refundId).not.toBe(first.refundId);
    expect(fake.refunds.slice(before).map((r) => r.amount)).toEqual([1000, 500]);
  });

  it("fails clearly, naming the setting, when Stripe refuses the secret key", async () => {
    const wrong = createStripeProvider({
      secretKey: "sk_test_not_the_right_key_1234",
      webhookSecret: WEBHOOK_SECRET,
      apiHost: fake.url,
    });
    const error = await rejection(wrong.createCheckout(request()));
    expect(isAppError(error)).toBe(true);
    if (isAppError(error)) {
      expect(error.code).toBe("internal");
      expect(error.message).toMatch(
        /^Stripe refused our secret key: check STRIPE_SECRET_KEY \(Invalid API Key provided: sk_test_\*+1234\)$/,
      );
      expect(error.details).toMatchObject({ provider: "stripe", statusCode: 401 });
    }
  });
});

describe("Stripe webhooks", () => {
  // Far from the real clock, so passing shows the tolerance is measured from `now`, not Date.now().
  const now = new Date("2031-03-01T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const session = { id: "cs_test_abc", object: "checkout.session", status: "complete", payment_status: "paid" };

  it("reads genuine checkout events", () => {
    const cases = [
      ["checkout.session.completed", "session_completed"],
      ["checkout.session.async_payment_succeeded", "session_completed"],
      ["checkout.session.expired", "session_expired"],
      ["checkout.session.async_payment_failed", "other"],
    ] as const;
    for (const [type, kind] of cases) {
      const { body, header } = fake.signedWebhook(type, session, { secret: WEBHOOK_SECRET, timestamp: ago(10) });
      const event = provider.verifyWebhook(body, header, now);
      expect(event).toEqual({ id: expect.stringMatching(/^evt_/), kind, sessionId: "cs_test_abc" });
    }
    const { body, header } = fake.signedWebhook(
      "payment_intent.succeeded",
      { id: "pi_1", object: "payment_intent" },
      { secret: WEBHOOK_SECRET, timestamp: now },
    );
    expect(provider.verifyWebhook(body, header, now)).toMatchObject({ kind: "other", sessionId: null });
  });

  it("accepts a timestamp up to five minutes old, and refuses an older one", () => {
    const fresh = fake.signedWebhook("checkout.session.completed", session, {
      secret: WEBHOOK_SECRET,
      timestamp: ago(299),
    });
    expect(provider.verifyWebhook(fresh.body, fresh.header, now).kind).toBe("session_completed");
    const old = fake.signedWebhook("checkout.session.completed", session, {
      secret: WEBHOOK_SECRET,
      timestamp: ago(301),
    });
    expect(() => provider.verifyWebhook(old.body, old.header, now)).toThrow(WebhookSignatureError);
  });

  it("refuses a wrong secret, a missing header, and a body changed after signing", () => {
    const forged = fake.signedWebhook("checkout.session.completed", session, {
      secret: "whsec_someone_else",
      timestamp: now,
    });
    expect(() => provider.verifyWebhook(forged.body, forged.header, now)).toThrow(WebhookSignatureError);
    const genuine = fake.signedWebhook("checkout.session.completed", session, {
      secret: WEBHOOK_SECRET,
      timestamp: now,
    });
    expect(() => provider.verifyWebhook(genuine.body, undefined, now)).toThrow(WebhookSignatureError);
    expect(() =>
      provider.verifyWebhook(genuine.body.replace("cs_test_abc", "cs_test_xyz"), genuine.header, now),
    ).toThrow(WebhookSignatureError);
    // Re-serialised JSON (a parsed body) no longer matches the signed bytes.
    expect(() => provider.verifyWebhook(JSON.stringify(JSON.parse(genuine.body)), genuine.header, now)).toThrow(
      WebhookSignatureError,
    );
  });

  it("refuses every webhook when no webhook secret is configured", () => {
    const unconfigured = createStripeProvider({ secretKey: fake.apiKey, webhookSecret: undefined, apiHost: fake.url });
    const genuine = fake.signedWebhook("checkout.session.completed", session, {
      secret: WEBHOOK_SECRET,
      timestamp: now,
    });
    expect(() => unconfigured.verifyWebhook(genuine.body, genuine.header, now)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe("Stripe Connect payouts", () => {
  it("opens an Express account once per key, links to onboarding, and reads it back once complete", async () => {
    const connect = provider.connect;
    const input = { hostId: "host-1", email: "crown@example.com", businessName: "The Crown", idempotencyKey: "k-1" };
    const created = await connect.createAccount(input);
    expect(created).toMatchObject({ chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false });
    expect(created.accountId).toMatch(/^acct_/);
    // A retry with the same key is the same account, as Stripe replays it.
    expect((await connect.createAccount(input)).accountId).toBe(created.accountId);
    expect(fake.account(created.accountId)).toMatchObject({
      type: "express",
      country: "GB",
      email: "crown@example.com",
      business_profile: { name: "The Crown" },
      metadata: { hostId: "host-1" },
    });

    const link = await connect.onboardingLink({
      accountId: created.accountId,
      returnUrl: "https://tickets.example/h/settings/payouts?from=onboarding",
      refreshUrl: "https://tickets.example/h/settings/payouts/connect",
    });
    expect(link.url).toMatch(new RegExp(`^${fake.url}/setup/e/${created.accountId}/`));
    expect(fake.accountLinks.at(-1)).toMatchObject({
      account: created.accountId,
      return_url: "https://tickets.example/h/settings/payouts?from=onboarding",
    });

    fake.completeOnboarding(created.accountId);
    expect(await connect.retrieveAccount(created.accountId)).toEqual({
      accountId: created.accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    const unknown = await rejection(connect.retrieveAccount("acct_nobody"));
    expect(isAppError(unknown) && unknown.code).toBe("not_found");
  });

  it("sends a sale to the connected account, our fee as the application fee; its refund reverses it", async () => {
    const account = await provider.connect.createAccount({
      hostId: "host-2",
      email: "h2@example.com",
      businessName: "Host Two",
      idempotencyKey: "k-2",
    });
    // Stripe refuses a destination that cannot take charges yet.
    const early = await rejection(
      provider.createCheckout(request({ destination: { accountId: account.accountId, applicationFeePence: 20 } })),
    );
    expect(isAppError(early) && early.code).toBe("internal");

    fake.completeOnboarding(account.accountId);
    const routed = await provider.createCheckout(
      request({ destination: { accountId: account.accountId, applicationFeePence: 20 } }),
    );
    fake.completeSession(routed.sessionId);
    expect(fake.intentOf(routed.sessionId)).toMatchObject({ applicationFee: 20, destination: account.accountId });
    const paid = await provider.retrieveSession(routed.sessionId);
    await provider.refund({
      providerPaymentId: paid.providerPaymentId!,
      amountPence: 2020,
      idempotencyKey: "refund-routed",
      reverseTransfer: true,
    });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 2020, payment_intent: paid.providerPaymentId });

    // Without a destination nothing changes: we collect the payment, and its refund reverses nothing.
    const plain = await provider.createCheckout(request());
    fake.completeSession(plain.sessionId);
    expect(fake.intentOf(plain.sessionId)).toMatchObject({ applicationFee: null, destination: null });
  });

  it("pays collected money to a connected account once per key, and not before onboarding", async () => {
    const account = await provider.connect.createAccount({
      hostId: "host-3",
      email: "h3@example.com",
      businessName: "Host Three",
      idempotencyKey: "k-3",
    });
    const transfer = (key: string) =>
      provider.connect.transfer({
        accountId: account.accountId,
        amountPence: 4321,
        currency: "GBP",
        description: "Ticketyboo payout: Quiz",
        idempotencyKey: key,
      });
    const early = await rejection(transfer("payout-early"));
    expect(isAppError(early) && early.code).toBe("internal");
    fake.completeOnboarding(account.accountId);
    const first = await transfer("payout-e1-GBP");
    expect((await transfer("payout-e1-GBP")).transferId).toBe(first.transferId);
    expect(fake.transfers.filter((t) => t.destination === account.accountId)).toEqual([
      expect.objectContaining({ id: first.transferId, amount: 4321, currency: "gbp" }),
    ]);
  });

  it("reads account.updated webhooks with the account's state", () => {
    const { body, header } = fake.signedWebhook(
      "account.updated",
      { id: "acct_123", object: "account", charges_enabled: true, payouts_enabled: false, details_submitted: true },
      { secret: WEBHOOK_SECRET },
    );
    expect(provider.verifyWebhook(body, header, new Date())).toMatchObject({
      kind: "account_updated",
      account: { accountId: "acct_123", chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true },
    });
  });
});

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, hold, order, payment, paymentDestination, ticket, ticketType } from "~/db/schema";
import { completeOrder } from "~/services/complete-order";
import { payoutAccount, refreshPayoutAccountById, startPayoutOnboarding } from "~/services/host-payouts";
import { holdTickets } from "~/services/hold-tickets";
import { releaseHolds } from "~/services/release-holds";
import { settlePayment, startPayment } from "~/services/settle-payment";
import { recordedWork } from "../../../tests/factories/after-commit";
import { createEvent, createHost } from "../../../tests/factories/events";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { errorResponse } from "../errors";
import { createStripeProvider, type StripeProvider } from "../payments/stripe.server";
import { createTicketCodes } from "../ticket-codes.server";
import { stripeWebhookRoutes } from "./stripe-webhook";
import { createDbThrottle } from "~/services/throttle";

const WEBHOOK_SECRET = "whsec_ticketyboo_webhook_test";
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let fake: FakeStripe;
let provider: StripeProvider;
let app: Hono;
let hostId: string;
let buyerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: fake.apiKey, webhookSecret: WEBHOOK_SECRET, apiHost: fake.url });
  hostId = (await createHost(database.db)).id;
  buyerId = (
    await createHost(database.db, {
      userType: "buyer",
      hostTitle: null,
      email: "bea@example.com",
      firstName: "Bea",
      lastName: "Buyer",
    })
  ).id;
  // Mounted as app.ts mounts it, with the app's error handler.
  app = new Hono();
  app.onError((error, c) => errorResponse(c, error));
  app.route(
    "/api/webhooks/stripe",
    stripeWebhookRoutes({
      provider,
      settle: (sessionId, now) =>
        settlePayment(database.db, provider, {
          sessionId,
          now,
          sign: codes.sign,
        }),
      accountUpdated: async (accountId, now) => {
        await refreshPayoutAccountById(database.db, provider, { accountId, now });
      },
    }),
  );
});

afterAll(async () => {
  await fake.close();
  await database.close();
});

/** An event and a buyer's hold for it, with the buyer sent to a Checkout Session at the fake Stripe. */
async function checkoutFor(capacity: number, quantity: number, now = new Date()) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date(now.getTime() + 14 * 86_400_000) }, [
    { pricePence: 1000, capacity },
  ]);
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const held = await holdTickets(database.db, {
    eventId: e.id,
    userId: buyerId,
    lines: [{ ticketTypeId: type!.id, quantity }],
    now,
  });
  const started = await startPayment(database.db, provider, {
    holdId: held.holdId,
    userId: buyerId,
    email: "bea@example.com",
    publicUrl: "https://tickets.example",
    now,
  });
  const [p] = await database.db.select().from(payment).where(eq(payment.id, started.paymentId));
  return { event: e, ticketTypeId: type!.id, held, paymentId: started.paymentId, sessionId: p!.providerSessionId };
}

const deliver = (webhook: { body: string; header?: string }) =>
  app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(webhook.header !== undefined && { "Stripe-Signature": webhook.header }),
    },
    body: webhook.body,
  });

const ordersFor = (eventId: string) => database.db.select().from(order).where(eq(order.eventId, eventId));
const paymentRow = async (id: string) => (await database.db.select().from(payment).where(eq(payment.id, id)))[0]!;

describe("POST /api/webhooks/stripe", () => {
  it("refuses forged, unsigned and stale deliveries with 400, changing nothing", async () => {
    const { event: e, sessionId, paymentId } = await checkoutFor(10, 2);
    const paid = fake.completeSession(sessionId);
    const deliveries = [
      fake.signedWebhook("checkout.session.completed", paid, { secret: "whsec_not_ours" }),
      { body: fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }).body },
      {
        body: fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }).body,
        header: "t=1,v1=deadbeef",
      },
      fake.signedWebhook("checkout.session.completed", paid, {
        secret: WEBHOOK_SECRET,
        timestamp: new Date(Date.now() - 6 * 60_000),
      }),
    ];
    for (const webhook of deliveries) {
      const res = await deliver(webhook);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "bad_request", message: "Invalid signature" } });
    }
    expect(await ordersFor(e.id)).toHaveLength(0);
    expect((await paymentRow(paymentId)).status).toBe("pending");

    // The genuine delivery of the same event is then acted on.
    const res = await deliver(fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }));
    expect(res.status).toBe(200);
    expect(await ordersFor(e.id)).toHaveLength(1);
  });

  it("makes one order and one set of tickets when the same event arrives five times at once", async () => {
    const { event: e, ticketTypeId, sessionId, paymentId, held } = await checkoutFor(20, 3);
    const paid = fake.completeSession(sessionId);
    const webhook = fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET });

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) expect(await res.json()).toEqual({ received: true });

    const orders = await ordersFor(e.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "paid",
      holdId: held.holdId,
      provider: "stripe",
      providerPaymentId: paid.payment_intent,
      totalPence: held.breakdown.totalPence,
    });
    const tickets = await database.db.select().from(ticket).where(eq(ticket.eventId, e.id));
    expect(tickets).toHaveLength(3);
    for (const t of tickets) expect(await codes.verify(e.id, t.code)).toEqual({ ok: true, ticketId: t.id, version: 0 });
    const [stock] = await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.id, ticketTypeId));
    expect(stock).toEqual({ sold: 3, held: 0 });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: "paid",
      providerPaymentId: paid.payment_intent,
      orderId: orders[0]!.id,
    });
  });

  it("refunds, exactly once, a payment that completes after its hold lapsed and the stock went", async () => {
    const now = new Date();
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const late = await checkoutFor(2, 2, now);
    // The hold lapses, and another buyer takes both places.
    await releaseHolds(database.db, { now: later(11), eventId: late.event.id });
    const other = await holdTickets(database.db, {
      eventId: late.event.id,
      userId: buyerId,
      lines: [{ ticketTypeId: late.ticketTypeId, quantity: 2 }],
      now: later(11),
    });
    await completeOrder(database.db, {
      holdId: other.holdId,
      buyer: { userId: buyerId, email: "bea@example.com", name: "Bea Buyer" },
      payment: { provider: "stripe", providerPaymentId: "pi_other_buyer", amountPence: other.breakdown.totalPence },
      now: later(12),
      sign: codes.sign,
    });
    const refundsBefore = fake.refunds.length;

    // Stripe's session was still open (it lives at least 30 minutes): the first buyer pays.
    const paid = fake.completeSession(late.sessionId);
    const res = await deliver(fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }));
    expect(res.status).toBe(200);
    // Stripe retries, or sends it again: nothing more happens.
    expect(
      (await deliver(fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }))).status,
    ).toBe(200);

    const lateOrder = (await ordersFor(late.event.id)).find((o) => o.holdId === late.held.holdId);
    expect(lateOrder).toMatchObject({ status: "refunded", providerPaymentId: paid.payment_intent });
    expect(await database.db.select().from(ticket).where(eq(ticket.orderId, lateOrder!.id))).toHaveLength(0);
    expect(fake.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ payment_intent: paid.payment_intent, amount: late.held.breakdown.totalPence }),
    ]);
    expect(await paymentRow(late.paymentId)).toMatchObject({
      status: "refunded",
      refundReason: "sold_out",
      orderId: lateOrder!.id,
      refundId: fake.refunds.at(-1)!.id,
    });
    expect(await recordedWork(database.db, "payment-refunded", { paymentId: late.paymentId })).toHaveLength(1);
    const [stock] = await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.id, late.ticketTypeId));
    expect(stock).toEqual({ sold: 2, held: 0 });
  });

  it(
    "expires the first Checkout Session when Pay is pressed again at a new total; one paid at that moment is " +
      "refunded at Stripe",
    async () => {
      const { event: e, held, sessionId: first, paymentId: firstPayment } = await checkoutFor(10, 2);
      const [d] = await database.db
        .insert(discount)
        .values({
          hostId,
          name: "Half price",
          code: `half${crypto.randomUUID().slice(0, 6)}`,
          kind: "percent",
          value: 5000,
        })
        .returning();
      const payAgain = () =>
        startPayment(database.db, provider, {
          holdId: held.holdId,
          userId: buyerId,
          email: "bea@example.com",
          publicUrl: "https://tickets.example",
          now: new Date(),
        });

      // Nothing paid yet: the total changes and Pay again closes the first session at Stripe.
      await database.db.update(hold).set({ discountId: d!.id }).where(eq(hold.id, held.holdId));
      const second = await payAgain();
      expect(fake.session(first)).toMatchObject({ status: "expired" });
      expect(await paymentRow(firstPayment)).toMatchObject({ status: "expired" });
      const secondSession = (await paymentRow(second.paymentId)).providerSessionId;
      expect(fake.session(secondSession)).toMatchObject({ status: "open", amount_total: 1010 });
      expect(second.redirectUrl).toBe(fake.session(secondSession)!.url);

      // The buyer pays the second session just as the discount is taken off again: the money
      // captured no longer matches, so it is refunded, once, with the payment's own key.
      const paid = fake.completeSession(secondSession);
      await database.db.update(hold).set({ discountId: null }).where(eq(hold.id, held.holdId));
      expect(await payAgain()).toEqual({
        paymentId: second.paymentId,
        redirectUrl: `https://tickets.example/checkout/${held.holdId}/return?payment=${second.paymentId}`,
      });
      const refundsBefore = fake.refunds.length;
      const webhook = fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET });
      expect((await Promise.all([deliver(webhook), deliver(webhook)])).map((r) => r.status)).toEqual([200, 200]);
      expect(fake.refunds.slice(refundsBefore)).toEqual([
        expect.objectContaining({ payment_intent: paid.payment_intent, amount: 1010 }),
      ]);
      expect(await paymentRow(second.paymentId)).toMatchObject({
        status: "refunded",
        refundReason: "amount_changed",
        refundId: fake.refunds.at(-1)!.id,
      });
      expect(await ordersFor(e.id)).toHaveLength(0);
    },
  );

  it("marks the payment expired when Stripe says the session expired", async () => {
    const { event: e, sessionId, paymentId } = await checkoutFor(10, 1);
    // The session is expired at Stripe (its timer, or an expire call through the API).
    const sdk = new Stripe(fake.apiKey, { host: "127.0.0.1", port: fake.port, protocol: "http" });
    const expired = await sdk.checkout.sessions.expire(sessionId);
    const res = await deliver(fake.signedWebhook("checkout.session.expired", expired, { secret: WEBHOOK_SECRET }));
    expect(res.status).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe("expired");
    expect(await ordersFor(e.id)).toHaveLength(0);
  });

  it("acknowledges events it has no use for, and sessions that are not ours", async () => {
    const other = await deliver(
      fake.signedWebhook(
        "payment_intent.created",
        { id: "pi_x", object: "payment_intent" },
        { secret: WEBHOOK_SECRET },
      ),
    );
    expect(other.status).toBe(200);
    const stranger = await deliver(
      fake.signedWebhook(
        "checkout.session.completed",
        { id: "cs_test_not_ours", object: "checkout.session" },
        { secret: WEBHOOK_SECRET },
      ),
    );
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual({ received: true, ignored: "unknown_session" });
  });

  it("answers 500, so Stripe retries, when settling fails", async () => {
    const { event: e, sessionId } = await checkoutFor(10, 1);
    const paid = fake.completeSession(sessionId);
    // Stripe refuses our calls (here: a rolled secret key), so the session cannot be checked. Once
    // that is fixed, Stripe's retry of the same event must still make the order.
    const refused = createStripeProvider({
      secretKey: "sk_test_rolled_key_0000",
      webhookSecret: WEBHOOK_SECRET,
      apiHost: fake.url,
    });
    const isolated = new Hono();
    isolated.onError((error, c) => errorResponse(c, error));
    isolated.route(
      "/",
      stripeWebhookRoutes({
        provider: refused,
        settle: (sessionId, now) => settlePayment(database.db, refused, { sessionId, now, sign: codes.sign }),
      }),
    );
    const webhook = fake.signedWebhook("checkout.session.completed", paid, { secret: WEBHOOK_SECRET });
    const res = await isolated.request("/", {
      method: "POST",
      headers: { "Stripe-Signature": webhook.header },
      body: webhook.body,
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("internal");
    expect(await ordersFor(e.id)).toHaveLength(0);
    expect((await deliver(webhook)).status).toBe(200);
    expect(await ordersFor(e.id)).toHaveLength(1);
  });
});

describe("Stripe Connect payouts through the webhook", () => {
  it("keeps an account's state from account.updated, then sends the host's next sale to it with our fee", async () => {
    const db = database.db;
    const { url } = await startPayoutOnboarding(db, provider, {
      hostId,
      role: "owner",
      publicUrl: "https://tickets.example",
      now: new Date(),
      throttle: createDbThrottle(db, { cleanupProbability: 0 }),
    });
    expect(fake.accountLinks.at(-1)).toMatchObject({
      return_url: "https://tickets.example/h/settings/payouts?from=onboarding",
      refresh_url: "https://tickets.example/h/settings/payouts/connect",
    });
    expect(url).toBe(fake.accountLinks.at(-1)!.url);
    const account = await payoutAccount(db, hostId);
    expect(account).toMatchObject({ provider: "stripe", connected: false });

    // Onboarding finished on Stripe's pages; Stripe says so with account.updated, and we ask it.
    const completed = fake.completeOnboarding(account!.accountId);
    const res = await deliver(fake.signedWebhook("account.updated", completed, { secret: WEBHOOK_SECRET }));
    expect(res.status).toBe(200);
    expect(await payoutAccount(db, hostId)).toMatchObject({ connected: true, payoutsEnabled: true });

    const { sessionId, paymentId, held } = await checkoutFor(10, 2);
    const fee = held.breakdown.totalPence - held.breakdown.hostPence;
    const [routed] = await db.select().from(paymentDestination).where(eq(paymentDestination.paymentId, paymentId));
    expect(routed).toMatchObject({ accountId: account!.accountId, applicationFeePence: fee });
    fake.completeSession(sessionId);
    expect(fake.intentOf(sessionId)).toMatchObject({ applicationFee: fee, destination: account!.accountId });
  });
});

describe("the app's webhook endpoint", () => {
  it("is mounted, verifying signatures, only when Stripe is the payment provider", async () => {
    const withStripe = await createTestApp(database, {
      STRIPE_SECRET_KEY: "sk_test_app_wiring",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const withoutStripe = await createTestApp(database);
    try {
      expect(withStripe.payments.name).toBe("stripe");
      expect(withStripe.testPayments).toBeNull();
      const post = (app: { request: Hono["request"] }, webhook: { body: string; header: string }) =>
        app.request("/api/webhooks/stripe", {
          method: "POST",
          headers: { "Stripe-Signature": webhook.header },
          body: webhook.body,
        });
      // An event it has no use for needs no call to Stripe, so the real endpoint can answer it here.
      const genuine = fake.signedWebhook(
        "payment_intent.created",
        { id: "pi_app", object: "payment_intent" },
        { secret: WEBHOOK_SECRET },
      );
      expect((await post(withStripe.app, genuine)).status).toBe(200);
      const forged = fake.signedWebhook(
        "payment_intent.created",
        { id: "pi_app", object: "payment_intent" },
        { secret: "whsec_forged" },
      );
      expect((await post(withStripe.app, forged)).status).toBe(400);
      // With the test provider there is no Stripe endpoint at all.
      expect(withoutStripe.payments.name).toBe("test");
      expect((await post(withoutStripe.app, genuine)).status).toBe(404);
    } finally {
      await withStripe.close();
      await withoutStripe.close();
    }
  });
});

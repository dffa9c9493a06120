import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testConnectedAccount, testPaymentSession, testRefund } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { ConnectedAccountState, PaymentProvider, SessionState } from "~/services/payment-provider";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * The built-in payment provider: a stand-in card processor with its own hosted checkout page
 * (/pay/test/{session}), where a test card can pay, be declined or be abandoned. It behaves like a
 * hosted checkout: sessions expire, a declined card can be retried, refunds are idempotent.
 */
export function createTestProvider(db: Db, publicUrl: string): PaymentProvider & TestProviderPage {
  const base = publicUrl.replace(/\/$/, "");
  const find = async (sessionId: string) => {
    const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
    if (!s) throw new AppError("not_found", "No such test payment session.");
    return s;
  };
  // Like a real provider, an open session that reaches its expiry can no longer be paid.
  const expireIfDue = async (sessionId: string, now: Date) => {
    await db
      .update(testPaymentSession)
      .set({ status: "expired" })
      .where(
        and(
          eq(testPaymentSession.id, sessionId),
          eq(testPaymentSession.status, "open"),
          lte(testPaymentSession.expiresAt, now),
        ),
      );
    return find(sessionId);
  };
  const stateOf = (s: typeof testPaymentSession.$inferSelect) => stateOfSession(s, base);
  const account = async (accountId: string) => {
    const [a] = await db.select().from(testConnectedAccount).where(eq(testConnectedAccount.id, accountId));
    if (!a) throw new AppError("not_found", "No such test payout account.");
    return a;
  };
  return {
    name: "test",
    movesMoney: false,

    async createCheckout(request) {
      const sessionId = id("cs_test");
      await db.insert(testPaymentSession).values({
        id: sessionId,
        clientReference: request.paymentId,
        amountPence: request.amountPence,
        currency: request.currency,
        description: request.description,
        customerEmail: request.customerEmail,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
      });
      return { sessionId, redirectUrl: `${pageOrigin(request.successUrl, base)}/pay/test/${sessionId}` };
    },

    async retrieveSession(sessionId): Promise<SessionState> {
      return stateOf(await expireIfDue(sessionId, new Date()));
    },

    async expireCheckout(sessionId): Promise<SessionState> {
      await db
        .update(testPaymentSession)
        .set({ status: "expired" })
        .where(and(eq(testPaymentSession.id, sessionId), eq(testPaymentSession.status, "open")));
      return stateOf(await find(sessionId));
    },

    async refund({ providerPaymentId, amountPence, idempotencyKey }) {
      const [existing] = await db.select().from(testRefund).where(eq(testRefund.idempotencyKey, idempotencyKey));
      if (existing) return { refundId: existing.id };
      const refundId = id("re_test");
      await db
        .insert(testRefund)
        .values({ id: refundId, idempotencyKey, paymentIntentId: providerPaymentId, amountPence })
        .onConflictDoNothing();
      const [row] = await db.select().from(testRefund).where(eq(testRefund.idempotencyKey, idempotencyKey));
      return { refundId: row!.id };
    },

    // Simulated connected accounts: onboarding is our own page, where the host "completes" it.
    connect: {
      async createAccount({ email, businessName, idempotencyKey }) {
        await db
          .insert(testConnectedAccount)
          .values({ id: id("acct_test"), idempotencyKey, email, businessName })
          .onConflictDoNothing();
        const [a] = await db
          .select()
          .from(testConnectedAccount)
          .where(eq(testConnectedAccount.idempotencyKey, idempotencyKey));
        return accountStateOf(a!);
      },
      async onboardingLink({ accountId, returnUrl, refreshUrl }) {
        const updated = await db
          .update(testConnectedAccount)
          .set({ returnUrl, refreshUrl })
          .where(eq(testConnectedAccount.id, accountId))
          .returning({ id: testConnectedAccount.id });
        if (updated.length === 0) throw new AppError("not_found", "No such test payout account.");
        return { url: `${base}/pay/test/connect/${accountId}` };
      },
      async retrieveAccount(accountId) {
        return accountStateOf(await account(accountId));
      },
      // A simulated transfer moves nothing; the same key answers the same id, as a real one would.
      async transfer({ accountId, idempotencyKey }) {
        const a = await account(accountId);
        if (!a.detailsSubmitted) throw new AppError("conflict", "This test payout account can't be paid yet.");
        return { transferId: `tr_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}` };
      },
    },

    async connectedAccount(accountId) {
      const [a] = await db.select().from(testConnectedAccount).where(eq(testConnectedAccount.id, accountId));
      return a ?? null;
    },

    async finishOnboarding(accountId, complete) {
      if (complete)
        await db
          .update(testConnectedAccount)
          .set({ detailsSubmitted: true })
          .where(eq(testConnectedAccount.id, accountId));
      const a = await account(accountId);
      return (complete ? a.returnUrl : a.refreshUrl) ?? a.returnUrl ?? `${base}/h/settings/payouts`;
    },

    async session(sessionId) {
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      return s ?? null;
    },

    async pay(sessionId, card, now) {
      const s = await expireIfDue(sessionId, now);
      if (s.status !== "open")
        return s.status === "complete"
          ? { outcome: "paid", redirect: s.successUrl }
          : { outcome: "expired", redirect: s.cancelUrl };
      if (card === "decline") {
        await db
          .update(testPaymentSession)
          .set({ lastError: "Your card was declined." })
          .where(and(eq(testPaymentSession.id, sessionId), eq(testPaymentSession.status, "open")));
        return { outcome: "declined", redirect: null };
      }
      // Exactly one payment per session, however often "Pay" is pressed, and none once the
      // session is closed (expired, or replaced by a newer one) at the same moment.
      const [paid] = await db
        .update(testPaymentSession)
        .set({
          status: "complete",
          lastError: null,
          paymentIntentId: sql`coalesce(${testPaymentSession.paymentIntentId}, ${id("pi_test")})`,
        })
        .where(and(eq(testPaymentSession.id, sessionId), inArray(testPaymentSession.status, ["open", "complete"])))
        .returning();
      return paid ? { outcome: "paid", redirect: s.successUrl } : { outcome: "expired", redirect: s.cancelUrl };
    },

    async abandon(sessionId) {
      await db
        .update(testPaymentSession)
        .set({ status: "expired" })
        .where(and(eq(testPaymentSession.id, sessionId), eq(testPaymentSession.status, "open")));
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      if (!s) throw new AppError("not_found", "No such test payment session.");
      return s.status === "complete" ? s.successUrl : s.cancelUrl;
    },
  };
}

/** The provider's answer about a session. */
function stateOfSession(s: typeof testPaymentSession.$inferSelect, base: string): SessionState {
  const status =
    s.status === "complete" ? "succeeded" : s.status === "expired" ? "abandoned" : s.lastError ? "declined" : "pending";
  return {
    sessionId: s.id,
    status,
    redirectUrl: s.status === "open" ? `${pageOrigin(s.successUrl, base)}/pay/test/${s.id}` : null,
    providerPaymentId: s.paymentIntentId,
    amountPence: s.amountPence,
    paymentId: s.clientReference,
  };
}

/**
 * Where the checkout page is served: at the address the buyer comes back to, as a hosted checkout
 * sends them back where they came from (without PUBLIC_URL, that may be 127.0.0.1 rather than localhost).
 */
function pageOrigin(successUrl: string, base: string): string {
  try {
    return new URL(successUrl).origin;
  } catch {
    return base;
  }
}

/** A simulated account can take charges and be paid once its (pretend) details are in. */
function accountStateOf(a: typeof testConnectedAccount.$inferSelect): ConnectedAccountState {
  return {
    accountId: a.id,
    chargesEnabled: a.detailsSubmitted,
    payoutsEnabled: a.detailsSubmitted,
    detailsSubmitted: a.detailsSubmitted,
  };
}

/** What the test provider's own hosted pages need. */
export interface TestProviderPage {
  connectedAccount(accountId: string): Promise<typeof testConnectedAccount.$inferSelect | null>;
  /** Completes onboarding (or leaves it), answering where the account link said to go back to. */
  finishOnboarding(accountId: string, complete: boolean): Promise<string>;
  session(sessionId: string): Promise<typeof testPaymentSession.$inferSelect | null>;
  pay(
    sessionId: string,
    card: "success" | "decline",
    now: Date,
  ): Promise<{ outcome: "paid" | "declined" | "expired"; redirect: string | null }>;
  abandon(sessionId: string): Promise<string>;
}

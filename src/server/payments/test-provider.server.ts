import { randomBytes } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testPaymentSession, testRefund } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { PaymentProvider, SessionState } from "~/services/payment-provider";

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
      return { sessionId, redirectUrl: `${base}/pay/test/${sessionId}` };
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
    redirectUrl: s.status === "open" ? `${base}/pay/test/${s.id}` : null,
    providerPaymentId: s.paymentIntentId,
    amountPence: s.amountPence,
    paymentId: s.clientReference,
  };
}

/** What the test provider's own hosted page needs. */
export interface TestProviderPage {
  session(sessionId: string): Promise<typeof testPaymentSession.$inferSelect | null>;
  pay(
    sessionId: string,
    card: "success" | "decline",
    now: Date,
  ): Promise<{ outcome: "paid" | "declined" | "expired"; redirect: string | null }>;
  abandon(sessionId: string): Promise<string>;
}

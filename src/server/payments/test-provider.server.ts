import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
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
  return {
    name: "test",

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
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      if (!s) throw new AppError("not_found", "No such test payment session.");
      return {
        sessionId,
        status: s.status === "complete" ? "succeeded" : s.status === "expired" ? "abandoned" : s.lastError ? "declined" : "pending",
        providerPaymentId: s.paymentIntentId,
        amountPence: s.amountPence,
        paymentId: s.clientReference,
      };
    },

    async refund({ providerPaymentId, amountPence, idempotencyKey }) {
      const [existing] = await db.select().from(testRefund).where(eq(testRefund.idempotencyKey, idempotencyKey));
      if (existing) return { refundId: existing.id };
      const refundId = id("re_test");
      await db.insert(testRefund).values({ id: refundId, idempotencyKey, paymentIntentId: providerPaymentId, amountPence }).onConflictDoNothing();
      const [row] = await db.select().from(testRefund).where(eq(testRefund.idempotencyKey, idempotencyKey));
      return { refundId: row!.id };
    },

    async session(sessionId) {
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      return s ?? null;
    },

    async pay(sessionId, card, now) {
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      if (!s) throw new AppError("not_found", "No such test payment session.");
      if (s.status !== "open") return s.status === "complete" ? { outcome: "paid", redirect: s.successUrl } : { outcome: "expired", redirect: s.cancelUrl };
      if (now >= s.expiresAt) {
        await db.update(testPaymentSession).set({ status: "expired" }).where(eq(testPaymentSession.id, sessionId));
        return { outcome: "expired", redirect: s.cancelUrl };
      }
      if (card === "decline") {
        await db.update(testPaymentSession).set({ lastError: "Your card was declined." }).where(eq(testPaymentSession.id, sessionId));
        return { outcome: "declined", redirect: null };
      }
      // Exactly one payment per session, however often "Pay" is pressed.
      await db
        .update(testPaymentSession)
        .set({ status: "complete", lastError: null, paymentIntentId: sql`coalesce(${testPaymentSession.paymentIntentId}, ${id("pi_test")})` })
        .where(eq(testPaymentSession.id, sessionId));
      return { outcome: "paid", redirect: s.successUrl };
    },

    async abandon(sessionId) {
      await db.update(testPaymentSession).set({ status: "expired" }).where(and(eq(testPaymentSession.id, sessionId), eq(testPaymentSession.status, "open")));
      const [s] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
      if (!s) throw new AppError("not_found", "No such test payment session.");
      return s.status === "complete" ? s.successUrl : s.cancelUrl;
    },
  };
}

/** What the test provider's own hosted page needs. */
export interface TestProviderPage {
  session(sessionId: string): Promise<typeof testPaymentSession.$inferSelect | null>;
  pay(sessionId: string, card: "success" | "decline", now: Date): Promise<{ outcome: "paid" | "declined" | "expired"; redirect: string | null }>;
  abandon(sessionId: string): Promise<string>;
}

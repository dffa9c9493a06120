import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { isAppError } from "~/lib/app-error";
import { paymentSessionOf } from "~/services/get-checkout";
import { settlePayment } from "~/services/settle-payment";
import { setFlash } from "~/web/lib/flash.server";
import { TestPaymentsNotice } from "~/web/components/booking/test-payments-notice";
import { uuidParam } from "~/web/lib/route-params";
import { requireUser } from "~/web/lib/signed-in.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/checkout.$holdId.return";

export const handle = { title: "Checkout" };
export const meta: Route.MetaFunction = () => [
  { title: "Confirming your payment · Ticketyboo" },
  { name: "description", content: "Confirming your payment and issuing your tickets." },
  { name: "robots", content: "noindex" },
];

/**
 * Where the payment provider sends the buyer back. It asks the provider what happened (the
 * webhook may not have arrived yet) and settles the payment; settling is idempotent, so this page,
 * webhooks and the reconciliation job can all arrive in any order.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const holdId = uuidParam(params.holdId);
  const db = context.database.db;
  const paymentId = new URL(request.url).searchParams.get("payment") ?? "";
  const sessionId = await paymentSessionOf(db, { paymentId, holdId, userId: user.id });
  if (!sessionId) throw data(null, { status: 404 });
  const testPayments = !context.payments.movesMoney;
  try {
    const result = await settlePayment(db, context.payments, {
      sessionId,
      now: new Date(),
      sign: context.ticketCodes.sign,
    });
    if (result.state === "paid") {
      throw redirect(`/orders/${result.order.reference}`, {
        headers: setFlash(new Headers(), { tone: "success", text: messages.informational.paymentSuccessful }),
      });
    }
    if (result.state === "refunded") {
      // Already paid: their tickets stand, and the second payment went back. Sold out: the
      // refunded order says so. The total changed: back to checkout, to pay the new total.
      if (result.reason === "already_paid" && result.orderReference) {
        throw redirect(`/orders/${result.orderReference}`, {
          headers: setFlash(new Headers(), { tone: "success", text: messages.buyer.paidTwiceRefunded }),
        });
      }
      if (result.orderReference) throw redirect(`/orders/${result.orderReference}`);
      throw redirect(`/checkout/${holdId}`, {
        headers: setFlash(new Headers(), { tone: "error", text: messages.buyer.totalChangedRefunded }),
      });
    }
    if (result.state === "refunding" || result.state === "refund_refused")
      return { state: "refunding" as const, holdId: holdId, testPayments };
    if (result.state === "declined" || result.state === "expired") {
      throw redirect(`/checkout/${holdId}`, {
        headers: setFlash(new Headers(), { tone: "error", text: messages.buyer.purchaseFailed }),
      });
    }
    return { state: "pending" as const, holdId: holdId, testPayments };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isAppError(error))
      return {
        state: "error" as const,
        holdId: holdId,
        testPayments,
        message: error.code === "internal" ? messages.buyer.ticketsError : messages.buyer.paymentError,
      };
    throw error;
  }
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Still pending at the provider: ask again shortly.
  useEffect(() => {
    if (loaderData.state !== "pending") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), 2000);
    return () => window.clearTimeout(timer);
  }, [loaderData, revalidator]);

  return (
    <div className="container-page grid min-h-[50dvh] max-w-xl place-items-center py-12 text-center">
      {loaderData.testPayments ? <TestPaymentsNotice className="text-left" /> : null}
      {loaderData.state === "pending" ? (
        <div role="status">
          <Loader2 aria-hidden className="mx-auto size-8 animate-spin text-brand" />
          <h1 className="mt-4 text-2xl font-bold">Confirming your payment…</h1>
          <p className="mt-2 text-fg-muted">This usually takes a few seconds. Please keep this page open.</p>
        </div>
      ) : loaderData.state === "refunding" ? (
        <div role="status">
          <h1 className="text-2xl font-bold">{messages.buyer.refundingPayment}</h1>
          <p className="mt-2 text-fg-muted">
            We'll email you when the refund is on its way. Nothing more to do on your side.
          </p>
          <Link to={`/checkout/${loaderData.holdId}`} className="btn-primary mt-5">
            Back to checkout
          </Link>
        </div>
      ) : (
        <div role="alert">
          <h1 className="text-2xl font-bold">{loaderData.message}</h1>
          <p className="mt-2 text-fg-muted">
            If money left your account, we'll sort it out: it is never kept without tickets. Try again, or contact
            support.
          </p>
          <Link to={`/checkout/${loaderData.holdId}`} className="btn-primary mt-5">
            Back to checkout
          </Link>
        </div>
      )}
    </div>
  );
}

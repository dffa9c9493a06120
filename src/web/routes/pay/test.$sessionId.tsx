import { CreditCard, XCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { actionError } from "~/web/lib/action-error";
import { formatMoney } from "~/lib/format";
import { TestPaymentsNotice } from "~/web/components/booking/test-payments-notice";
import type { Route } from "./+types/test.$sessionId";

export const meta: Route.MetaFunction = () => [
  { title: "Test payment · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/**
 * The built-in test provider's hosted checkout: the stand-in for a card processor's own page. Only
 * mounted while the test provider is in use; no card numbers are ever asked for or stored.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.testPayments) throw data(null, { status: 404 });
  const session = await context.testPayments.session(params.sessionId);
  if (!session) throw data(null, { status: 404 });
  return {
    amount: formatMoney(session.amountPence, session.currency),
    description: session.description,
    email: session.customerEmail,
    status: session.status,
    lastError: session.lastError,
  };
}

const TestPaymentForm = z.object({ intent: field.text() });

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!context.testPayments) throw data(null, { status: 404 });
  if (!(await context.testPayments.session(params.sessionId))) throw data(null, { status: 404 });
  const form = await readForm(request, TestPaymentForm);
  if (!form.ok) return actionError(form.error);
  const intent = form.data.intent;
  if (intent === "cancel") throw redirect(await context.testPayments.abandon(params.sessionId));
  const result = await context.testPayments.pay(
    params.sessionId,
    intent === "decline" ? "decline" : "success",
    new Date(),
  );
  if (result.redirect) throw redirect(result.redirect);
  return { declined: true };
}

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const declined = Boolean((actionData && "declined" in actionData) || loaderData.lastError);
  return (
    <div className="container-page grid min-h-[70dvh] max-w-md place-items-center py-10">
      <div className="card w-full p-6">
        <TestPaymentsNotice />
        <h1 className="mt-4 text-2xl font-bold">Pay {loaderData.amount}</h1>
        <p className="mt-1 text-sm text-fg-muted">{loaderData.description}</p>
        <p className="text-sm text-fg-muted">Receipt to {loaderData.email}</p>
        {loaderData.status !== "open" ? (
          <p role="status" className="mt-5 text-sm font-medium">
            This payment is {loaderData.status === "complete" ? "already complete" : "no longer open"}.
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-3">
            {declined ? (
              <p
                role="alert"
                className="flex items-center gap-2 rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
              >
                <XCircle aria-hidden className="size-4" /> Your card was declined. Try another card.
              </p>
            ) : null}
            <button type="submit" name="intent" value="success" className="btn-primary w-full" disabled={busy}>
              <CreditCard aria-hidden className="size-4" /> Pay {loaderData.amount} with a test card that works
            </button>
            <button type="submit" name="intent" value="decline" className="btn-secondary w-full" disabled={busy}>
              Use a test card that is declined
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-ghost w-full" disabled={busy}>
              Cancel and go back
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}

import { CheckCircle2, Inbox, XCircle } from "lucide-react";
import { Form } from "react-router";
import { parseRefund } from "~/domain/cancellation";
import { poundsForInput } from "~/domain/money";
import { currencySymbol, formatEventDateTime, formatLondonTime, formatMoney, formatShortDate } from "~/lib/format";
import type { hostCancellationRequests } from "~/services/decide-cancellation";
import { FormMessage } from "~/web/components/ui/field";
import { useAskFirst } from "~/web/lib/use-ask-first";

type Requests = Awaited<ReturnType<typeof hostCancellationRequests>>;

/**
 * The sales desk's cancellation requests (/h/tickets?view=requests): each pending one with the
 * buyer's reason, a refund to approve (asked once, in words, before money moves) or a note to
 * decline with; then the latest decided. `errorFor` is the action's refusal for one request.
 */
export function CancellationRequests({
  requests,
  busy,
  errorFor,
}: {
  requests: Requests;
  busy: boolean;
  errorFor: (target: string) => string | null;
}) {
  const askFirst = useAskFirst();
  return (
    <section aria-labelledby="requests-heading" className="mt-8">
      <h2 id="requests-heading" className="flex items-center gap-2 text-xl font-bold">
        <Inbox aria-hidden className="size-5 text-brand" /> Cancellation requests
        {requests.pending.length > 0 ? (
          <span className="rounded-full bg-brand-strong px-2 py-0.5 text-xs font-bold text-on-brand">
            {requests.pending.length}
          </span>
        ) : null}
      </h2>
      {requests.pending.length === 0 ? (
        <p className="card mt-4 p-6 text-center text-sm text-fg-muted">
          No requests waiting. When a buyer asks to cancel a paid order, it appears here and we email you.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 laptop:grid-cols-2">
          {requests.pending.map((r) => {
            const refundable = r.order.totalPence - r.order.refundedPence;
            return (
              <li key={r.id} className="card p-5">
                <p className="text-xs font-semibold text-fg-muted uppercase">
                  {r.event.name} · {formatEventDateTime(r.event.startsAt)}
                </p>
                <h3 className="mt-1 text-lg font-bold">
                  {r.order.buyerName} · {r.order.reference}
                </h3>
                <p className="text-sm break-words text-fg-muted">{r.order.buyerEmail}</p>
                <p className="mt-2 text-sm">
                  {r.tickets} · paid {formatMoney(r.order.totalPence, r.order.currency)}
                </p>
                <blockquote className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm">
                  <span className="sr-only">Their reason: </span>“{r.reason}”
                </blockquote>
                <p className="mt-1 text-xs text-fg-muted">
                  Asked {formatShortDate(r.createdAt)} at {formatLondonTime(r.createdAt)}
                </p>
                <FormMessage id={`request-error-${r.id}`} className="mt-3">
                  {errorFor(r.id)}
                </FormMessage>
                {r.status === "refunding" ? (
                  <p className="mt-3 text-sm font-medium">Refund in progress…</p>
                ) : (
                  <div className="mt-4 grid gap-4 tablet:grid-cols-2">
                    <Form
                      method="post"
                      className="space-y-2"
                      // Money moves: ask once, in words, before it does.
                      onSubmit={askFirst((form) => {
                        // The same rule as the server's: an amount it would refuse goes to it unasked, to be named.
                        const refund = parseRefund(
                          (form.elements.namedItem("refund") as HTMLInputElement).value,
                          r.order,
                        );
                        if (!refund.ok) return null;
                        return {
                          title: "Cancel this order?",
                          description:
                            `Refund ${formatMoney(refund.pence, r.order.currency)} to ` +
                            `${r.order.buyerName} and cancel their tickets. The places go back on sale.`,
                          confirmLabel: "Refund and cancel",
                        };
                      })}
                    >
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="target" value={r.id} />
                      <label htmlFor={`refund-${r.id}`} className="block text-sm font-medium">
                        Refund ({currencySymbol(r.order.currency)})
                      </label>
                      <input
                        id={`refund-${r.id}`}
                        name="refund"
                        inputMode="decimal"
                        defaultValue={poundsForInput(refundable)}
                        aria-describedby={
                          errorFor(r.id) ? `request-error-${r.id} refund-hint-${r.id}` : `refund-hint-${r.id}`
                        }
                        aria-invalid={errorFor(r.id) ? true : undefined}
                        className="h-11 w-full rounded-xl border border-border bg-surface px-3"
                      />
                      <p id={`refund-hint-${r.id}`} className="text-xs text-fg-muted">
                        Up to {formatMoney(refundable, r.order.currency)}; 0 to cancel without a refund.
                      </p>
                      <button type="submit" className="btn-primary w-full" disabled={busy}>
                        <CheckCircle2 aria-hidden className="size-4" /> Approve
                      </button>
                    </Form>
                    <Form method="post" className="space-y-2">
                      <input type="hidden" name="intent" value="decline" />
                      <input type="hidden" name="target" value={r.id} />
                      <label htmlFor={`message-${r.id}`} className="block text-sm font-medium">
                        Note for the buyer (optional)
                      </label>
                      <textarea
                        id={`message-${r.id}`}
                        name="message"
                        rows={2}
                        maxLength={1000}
                        className="w-full rounded-xl border border-border bg-surface px-3 py-2"
                      />
                      <button type="submit" className="btn-secondary w-full" disabled={busy}>
                        <XCircle aria-hidden className="size-4" /> Decline
                      </button>
                    </Form>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {requests.decided.length > 0 ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold">
            Recently decided ({requests.decided.length})
          </summary>
          <ul className="mt-2 divide-y divide-border text-sm">
            {requests.decided.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {r.order.buyerName} · {r.order.reference} · {r.event.name}
                </span>
                <span className="text-fg-muted">
                  {r.status === "approved"
                    ? `Approved, ${formatMoney(r.refundPence ?? 0, r.order.currency)} refunded`
                    : "Declined"}
                  {r.decidedAt ? ` · ${formatShortDate(r.decidedAt)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

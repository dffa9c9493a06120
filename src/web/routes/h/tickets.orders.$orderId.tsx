import { Accessibility, CheckCircle2, Mail, MessageSquareText, Receipt, Send, Ticket, User } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatEventDateTime, formatAmount, formatTimestamp } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { resendTickets, salesDeskOrder, type SalesDeskOrder } from "~/services/sales-desk";
import { salesDeskMessages } from "~/texts/sales-desk-messages";
import { SoldTicketStateBadge } from "~/web/components/studio/sold-ticket-state";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/tickets.orders.$orderId";

export const handle = { title: "Order" };
export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.order.reference ?? "Order"} · Tickets · Partner Studio · Ticketyboo` },
  { name: "description", content: "An order for one of your events: the buyer, the tickets and any refunds." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const order = await loaded(salesDeskOrder(context.database.db, { hostId, orderId: params.orderId }));
  return { order };
}

const OrderForm = z.object({ intent: z.literal("resend") });

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, OrderForm);
  if (!read.ok) return actionError(read.error);
  try {
    const sent = await resendTickets(context.database.db, {
      hostId,
      orderId: params.orderId,
      now: new Date(),
      throttle: context.throttle,
    });
    return { ok: salesDeskMessages.resent(sent.email) };
  } catch (error) {
    return actionError(error);
  }
}

const ORDER_STATUS: Record<SalesDeskOrder["status"], string> = {
  paid: "Paid",
  free: "Free booking",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

function Panel({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        {icon} {title}
      </h2>
      {children}
    </section>
  );
}

export default function SalesDeskOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o } = loaderData;
  const busy = useNavigation().state !== "idle";
  const money = (pence: number) => formatAmount(pence, o.money.currency);
  const stands = o.status === "paid" || o.status === "free";
  const companions = o.tickets.filter((t) => t.companion).length;

  return (
    <div className="py-6 laptop:py-8">
      <Link to="/h/tickets" className="text-sm font-medium text-fg-muted hover:text-fg">
        ← All tickets
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-3xl font-extrabold tracking-tight">{o.reference}</h1>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            stands ? "bg-success/10 text-success" : "bg-warning-soft text-warning"
          }`}
        >
          {ORDER_STATUS[o.status]}
        </span>
      </div>
      <p className="mt-1 text-fg-muted">
        <span className="font-semibold text-fg">{o.event.name}</span> · {formatEventDateTime(o.event.startsAt)}
      </p>
      {actionData && "ok" in actionData ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" /> {actionData.ok}
        </p>
      ) : null}
      <FormMessage id="order-error" className="mt-4">
        {actionData && "error" in actionData ? actionData.error : null}
      </FormMessage>

      <div className="mt-6 grid gap-4 laptop:grid-cols-3">
        <div className="space-y-4 laptop:col-span-2">
          <Panel
            id="tickets-heading"
            title={`${o.tickets.length} ${o.tickets.length === 1 ? "ticket" : "tickets"}`}
            icon={<Ticket aria-hidden className="size-5 text-brand" />}
          >
            {companions > 0 ? (
              <p className="mt-1 text-sm text-fg-muted">
                Includes {companions === 1 ? "1 free companion ticket" : `${companions} free companion tickets`} for a
                personal assistant.
              </p>
            ) : null}
            <ul className="mt-3 divide-y divide-border">
              {o.tickets.map((t, i) => (
                <li key={t.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {i + 1}. {t.name}
                      {t.seat ? <span className="font-normal text-fg-muted"> · seat {t.seat}</span> : null}
                    </p>
                    <p className="text-sm break-words">
                      {t.holderName}
                      {t.holderEmail ? <span className="text-fg-muted"> · {t.holderEmail}</span> : null}
                    </p>
                    {t.passedOn ? <p className="text-xs text-fg-muted">Passed on by the buyer</p> : null}
                    {t.pendingTransferTo ? (
                      <p className="text-xs text-fg-muted">Being sent to {t.pendingTransferTo}</p>
                    ) : null}
                    <p className="mt-1 font-mono text-xs break-all text-fg-muted">{t.code}</p>
                  </div>
                  <div className="text-right">
                    <SoldTicketStateBadge state={t.state} />
                    {t.checkedInAt ? (
                      <p className="mt-1 text-xs text-fg-muted">{formatTimestamp(t.checkedInAt)}</p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </Panel>

          <Panel
            id="answers-heading"
            title="Checkout answers"
            icon={<MessageSquareText aria-hidden className="size-5 text-brand" />}
          >
            {o.answers.length === 0 ? (
              <p className="mt-2 text-sm text-fg-muted">
                No answers: the event asked no questions, or none were answered.
              </p>
            ) : (
              <dl className="mt-3 space-y-3 text-sm">
                {o.answers.map((a) => (
                  <div key={a.id}>
                    <dt className="font-medium">{a.question}</dt>
                    <dd className="mt-0.5 break-words text-fg-muted">{a.answer}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Panel>

          <Panel
            id="access-heading"
            title="Access needs"
            icon={<Accessibility aria-hidden className="size-5 text-brand" />}
          >
            {o.accessNeeds ? (
              <div className="mt-2 text-sm">
                <p className="text-fg-muted">The buyer shared these with you for this order.</p>
                {o.accessNeeds.needs.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {o.accessNeeds.needs.map((n) => (
                      <li key={n} className="rounded-full bg-brand-soft px-3 py-1 font-medium">
                        {n}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {o.accessNeeds.notes ? (
                  <blockquote className="mt-3 rounded-xl bg-surface-2 px-3 py-2 break-words whitespace-pre-line">
                    {o.accessNeeds.notes}
                  </blockquote>
                ) : null}
              </div>
            ) : (
              <p className="mt-2 text-sm text-fg-muted">None shared for this order.</p>
            )}
          </Panel>

          {o.cancellationRequests.length > 0 ? (
            <Panel
              id="cancellations-heading"
              title="Cancellation"
              icon={<Receipt aria-hidden className="size-5 text-brand" />}
            >
              <ul className="mt-2 divide-y divide-border text-sm">
                {o.cancellationRequests.map((r) => (
                  <li key={r.id} className="py-2">
                    <p className="font-medium">
                      {r.origin === "event_cancelled"
                        ? "The event was cancelled"
                        : r.status === "pending" || r.status === "refunding"
                          ? "Asked to cancel, waiting for your decision"
                          : r.status === "approved"
                            ? "Cancellation approved"
                            : "Cancellation declined"}
                      {r.refundPence ? `, ${money(r.refundPence)} refunded` : ""}
                    </p>
                    {r.origin === "buyer" ? <p className="text-fg-muted">“{r.reason}”</p> : null}
                    <p className="text-xs text-fg-muted">
                      {formatTimestamp(r.createdAt)}
                      {r.decidedAt ? ` · decided ${formatTimestamp(r.decidedAt)}` : ""}
                    </p>
                    {r.status === "pending" ? (
                      <Link to="/h/tickets?view=requests" className="link text-sm font-semibold">
                        Decide on the requests tab
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>

        {/* On a phone the buyer, the resend and the money come first: what the desk is asked most. */}
        <div className="order-first space-y-4 laptop:order-none">
          <Panel id="buyer-heading" title="Buyer" icon={<User aria-hidden className="size-5 text-brand" />}>
            <p className="mt-2 font-semibold break-words">{o.buyerName}</p>
            <p className="text-sm break-all">
              <a href={`mailto:${o.buyerEmail}`} className="link">
                {o.buyerEmail}
              </a>
            </p>
            <p className="mt-1 text-xs text-fg-muted">
              Booked {formatTimestamp(o.createdAt)}
              {o.hasAccount ? "" : " · no account"}
            </p>
            {stands ? (
              <Form method="post" className="mt-4" aria-describedby="resend-hint">
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  <Send aria-hidden className="size-4" /> Resend tickets
                </button>
                <p id="resend-hint" className="mt-2 text-xs text-fg-muted">
                  Emails the tickets to {o.buyerEmail} again, with the PDF. Once every 5 minutes.
                </p>
              </Form>
            ) : (
              <p className="mt-4 text-sm text-fg-muted">
                This order no longer stands, so there are no tickets to send.
              </p>
            )}
          </Panel>

          <Panel id="money-heading" title="Payment" icon={<Receipt aria-hidden className="size-5 text-brand" />}>
            <dl className="mt-3 space-y-1.5 text-sm">
              {o.lines.map((l) => (
                <div key={`${l.name}-${l.companion}`} className="flex justify-between gap-3">
                  <dt className="min-w-0 break-words">
                    {l.quantity} × {l.name}
                    {l.companion ? " · companion" : ""}
                  </dt>
                  <dd className="tabular-nums">
                    {l.unitPricePence === 0 ? "Free" : money(l.quantity * l.unitPricePence)}
                  </dd>
                </div>
              ))}
              {o.money.discountPence > 0 ? (
                <div className="flex justify-between gap-3">
                  <dt>Discount{o.money.discountCode ? ` (${o.money.discountCode})` : ""}</dt>
                  <dd className="tabular-nums">−{money(o.money.discountPence)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-3">
                <dt>Booking fee</dt>
                <dd className="tabular-nums">{money(o.money.bookingFeePence)}</dd>
              </div>
              <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
                <dt>Paid, all in</dt>
                <dd className="tabular-nums">{money(o.money.totalPence)}</dd>
              </div>
              {o.money.refundedPence > 0 ? (
                <>
                  <div className="flex justify-between gap-3 text-warning">
                    <dt>Refunded</dt>
                    <dd className="tabular-nums">−{money(o.money.refundedPence)}</dd>
                  </div>
                  <div className="flex justify-between gap-3 font-semibold">
                    <dt>Kept</dt>
                    <dd className="tabular-nums">{money(o.money.keptPence)}</dd>
                  </div>
                </>
              ) : null}
            </dl>
          </Panel>

          <Panel id="emails-heading" title="Ticket emails" icon={<Mail aria-hidden className="size-5 text-brand" />}>
            {o.emails.length === 0 ? (
              <p className="mt-2 text-sm text-fg-muted">None recorded yet.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {o.emails.map((e) => (
                  <li key={e.id} className="flex flex-wrap justify-between gap-x-3">
                    <span>{formatTimestamp(e.createdAt)}</span>
                    <span className={e.status === "failed" ? "font-semibold text-danger" : "text-fg-muted"}>
                      {e.status === "sent" ? "Sent" : e.status === "queued" ? "Sending" : "Not delivered"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

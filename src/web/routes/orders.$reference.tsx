import { CalendarDays, CheckCircle2, Clock, Download, MapPin, Send, Ticket, XCircle } from "lucide-react";
import { ticketQrSvg } from "~/web/lib/ticket-qr.server";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatAmount, formatLongDate, formatMoney, formatShortDate, formatTimeRange } from "~/lib/format";
import { cancellationOption } from "~/domain/cancellation";
import { hasEnded } from "~/domain/event-flags";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { cancelFreeOrder, latestCancellation, requestCancellation } from "~/services/cancel-order";
import type { EventQuestion } from "~/domain/event-questions";
import { getOrder } from "~/services/get-order";
import { messages } from "~/texts/messages";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { JoinOnline, OnlinePlace } from "~/web/components/tickets/online-place";
import { OrderBreakdown, OrderLines } from "~/web/components/booking/order-summary";
import { forgetOrderedBasket } from "~/web/components/booking/saved-basket";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { FormMessage, TextAreaField } from "~/web/components/ui/field";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/orders.$reference";

export const handle = { title: "Your order" };
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Order ${loaded.order.reference} · Ticketyboo` : "Order not found · Ticketyboo" },
  { name: "description", content: "Your order on Ticketyboo: the tickets, what you paid and your receipt." },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = context.database.db;
  const found = await getOrder(db, { reference: params.reference, userId: user.id });
  if (!found) throw data(null, { status: 404 });
  // Each ticket's QR, drawn on the server as SVG: high contrast, sharp at any size, no script.
  // Only for tickets this buyer still holds: one passed on carries its new holder's code.
  const qr = await Promise.all(found.tickets.map((t) => (t.holderUserId === user.id ? ticketQrSvg(t.code, 1) : null)));
  const cancellation = await latestCancellation(db, found.id);
  const option = cancellationOption(found, found.tickets, found.event, {
    buyerId: user.id,
    now: new Date(),
    openRequest: cancellation && cancellation.status !== "declined" ? cancellation.status : null,
  });
  const tickets = found.tickets.map(({ code, ...t }, i) => ({ ...t, code: qr[i] ? code : null }));
  const over = hasEnded(found.event, new Date());
  return { order: { ...found, tickets }, qr, viewerId: user.id, cancellation, option, over };
}

const CancelForm = z.object({ intent: field.text(), reason: field.text() });

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const db = context.database.db;
  const read = await readForm(request, CancelForm);
  if (!read.ok) return actionError(read.error, { extra: { reason: read.values.reason ?? "" } });
  const form = read.data;
  const intent = form.intent;
  const now = new Date();
  try {
    if (intent === "cancel-free") {
      await cancelFreeOrder(db, { reference: params.reference, userId: user.id, now });
      return { done: "Your booking is cancelled, and your places are back on sale." };
    }
    if (intent === "request-cancellation") {
      await requestCancellation(db, { reference: params.reference, userId: user.id, reason: form.reason, now });
      return { done: "Request sent. The host will decide, and we'll email you either way." };
    }
  } catch (error) {
    // A missing or over-long reason is the field's fault (the service names it); anything else is said above the form.
    return actionError(error, {
      extra: { reason: form.reason },
      words: {
        not_found: messages.buyer.cancelFailed,
        forbidden: messages.buyer.cancelFailed,
        payment_failed: messages.buyer.cancelFailed,
      },
    });
  }
  return actionError(new AppError("bad_request"), { extra: { reason: "" } });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, qr, viewerId, cancellation, option } = loaderData;
  const money = (p: number) => formatMoney(p, o.currency);
  // The receipt's column, as its PDF writes it: pence always (£0.00 above £12.12).
  const amount = (p: number) => formatAmount(p, o.currency);
  const lateRefund = o.status === "refunded" && o.tickets.length === 0;
  const cancelled = o.status === "cancelled" || (o.status === "refunded" && !lateRefund);
  const mine = o.tickets.filter((t) => t.holderUserId === viewerId && t.status !== "void");
  // An online event has no door: the way in comes first, while it can still be joined.
  const online = o.event.venue === null && o.event.isOnline;
  // Bought: the basket it came from is emptied, so reopening the event does not offer it again.
  useEffect(() => forgetOrderedBasket(o.event.id, o.createdAt), [o.event.id, o.createdAt]);
  return (
    <div className="container-page max-w-4xl py-8 laptop:py-10">
      {lateRefund ? (
        <div className="card p-6">
          <h1 className="text-2xl font-extrabold">We couldn't book these tickets</h1>
          <p className="mt-2 text-fg-muted">
            {o.lateRefundReason === "event_closed"
              ? o.event.isCancelled
                ? "The event was cancelled while you were paying"
                : "The event went off sale while you were paying"
              : "Your payment arrived after your hold had ended and the last places had gone"}
            , so we've refunded the full {money(o.totalPence)}. Refunds usually arrive within 5 to 10 working days.
          </p>
          <Link to={`/events/${o.event.slug}`} className="btn-primary mt-4">
            Back to the event
          </Link>
        </div>
      ) : (
        <>
          {cancelled ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold">
              <XCircle aria-hidden className="size-4" /> Cancelled
              {o.cancelledAt ? ` on ${formatShortDate(o.cancelledAt)}` : ""}
            </p>
          ) : (
            <p
              className="inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold
              text-success"
            >
              <CheckCircle2 aria-hidden className="size-4" /> {o.status === "free" ? "Booked" : "Paid"}
            </p>
          )}
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">
            {cancelled ? o.event.name : `You're going to ${o.event.name}`}
          </h1>
          <p className="mt-1 text-fg-muted">
            Order <strong className="text-fg">{o.reference}</strong>
            {cancelled
              ? o.refundedPence > 0
                ? ` · ${money(o.refundedPence)} refunded to your card.`
                : " · Your tickets no longer work."
              : ` · We've emailed your tickets to ${o.buyerEmail}.`}
          </p>
          {actionData && "done" in actionData ? (
            <p role="status" className="mt-4 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success">
              {actionData.done}
            </p>
          ) : null}

          {online && !cancelled && !o.event.isCancelled && !loaderData.over ? (
            <JoinOnline joinUrl={o.event.joinUrl} />
          ) : null}

          <section aria-labelledby="event-heading" className="card mt-6 grid gap-4 p-5 tablet:grid-cols-2">
            <h2 id="event-heading" className="sr-only">
              The event
            </h2>
            <p className="flex gap-3 text-sm">
              <CalendarDays aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                <strong>{formatLongDate(o.event.startsAt)}</strong>
                <br />
                {formatTimeRange(o.event.startsAt, o.event.endsAt)} (UK time)
              </span>
            </p>
            <p className="flex gap-3 text-sm">
              <MapPin aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                {o.event.venue ? (
                  <>
                    <strong>{o.event.venue.name}</strong>
                    <br />
                    {o.event.venue.address}
                  </>
                ) : (
                  <OnlinePlace
                    joinUrl={o.event.joinUrl}
                    standing={!cancelled && !o.event.isCancelled && !loaderData.over}
                  />
                )}
              </span>
            </p>
          </section>

          {!cancelled ? (
            <section aria-labelledby="tickets-heading" className="mt-8">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h2 id="tickets-heading" className="flex items-center gap-2 text-xl font-bold">
                    <Ticket aria-hidden className="size-5 text-brand" /> Your{" "}
                    {o.tickets.length === 1 ? "ticket" : `${o.tickets.length} tickets`}
                  </h2>
                  <p className="mt-1 text-sm text-fg-muted">
                    {online
                      ? "You join by the link above: each ticket's code is its proof."
                      : "Show the QR code at the door. Each one lets one person in, once."}
                  </p>
                </div>
                {mine.length > 0 ? (
                  <a href={`/orders/${o.reference}/pdf`} className="btn-secondary min-h-10 text-sm" download>
                    <Download aria-hidden className="size-4" /> Download{" "}
                    {mine.length === 1 ? "PDF ticket" : "PDF tickets"}
                  </a>
                ) : null}
              </div>
              <ul className="mt-4 grid gap-4 tablet:grid-cols-2">
                {o.tickets.map((t, i) => (
                  <li key={t.id} className="card flex flex-col items-center p-5 text-center">
                    <p className="font-semibold">
                      {t.typeName}
                      {t.seat !== null ? ` · Seat ${t.seat}` : ""}
                    </p>
                    <p className="text-xs text-fg-muted">
                      Ticket {i + 1} of {o.tickets.length}
                      {t.holderName ? ` · ${t.holderName}` : ""}
                    </p>
                    {qr[i] ? (
                      <>
                        {/* Generated on our server by the QR library from the ticket's own code. */}
                        <div
                          role="img"
                          aria-label={`QR code for ticket ${i + 1}`}
                          className="mt-3 w-48 rounded-xl bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
                          dangerouslySetInnerHTML={{ __html: qr[i] }}
                        />
                        <p className="mt-2 font-mono text-xs break-all select-all">{t.code}</p>
                        {t.pendingTransferTo ? (
                          <p className="mt-2 text-xs font-medium text-fg-muted">On its way to {t.pendingTransferTo}</p>
                        ) : null}
                        <Link to={`/u/tickets/${t.id}`} className="link mt-2 text-sm">
                          Open ticket
                        </Link>
                      </>
                    ) : (
                      <p className="mt-4 flex items-center gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm">
                        <Send aria-hidden className="size-4 text-brand" /> Passed to {t.holderName ?? "a friend"}: it's
                        in their account now.
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <CancelSection
            reference={o.reference}
            free={o.totalPence === 0}
            option={option}
            cancellation={cancellation}
            actionData={actionData}
            money={money}
          />
        </>
      )}

      <section aria-labelledby="receipt-heading" className="card mt-8 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="receipt-heading" className="text-lg font-bold">
            Receipt
          </h2>
          <a href={`/orders/${o.reference}/receipt`} download className="btn-secondary min-h-10 text-sm">
            <Download aria-hidden className="size-4" /> Download receipt (PDF)
          </a>
        </div>
        <OrderLines lines={o.lines} money={amount} />
        <OrderBreakdown
          discountPence={o.discountPence}
          discountCode={o.discountCode}
          bookingFeePence={o.bookingFeePence}
          totalPence={o.totalPence}
          totalLabel={lateRefund ? "Refunded" : "Total paid"}
          money={amount}
        />
        {o.refundedPence > 0 && !lateRefund ? (
          <p className="mt-2 flex justify-between border-t border-border pt-2 text-sm font-semibold text-success">
            <span>Refunded</span>
            <span>−{amount(o.refundedPence)}</span>
          </p>
        ) : null}
      </section>
      <OrderAnswers questions={o.questions} answers={o.answers} />
      <p className="mt-6 text-sm">
        <Link to={`/events/${o.event.slug}`} className="link">
          Event details
        </Link>{" "}
        ·{" "}
        <Link to="/u/tickets" className="link">
          My tickets
        </Link>{" "}
        ·{" "}
        <Link to="/u/orders" className="link">
          All my orders
        </Link>
      </p>
    </div>
  );
}

/**
 * "Can't go?": a free booking is cancelled at once (after a question); a paid one is a request
 * with a reason, for the host to decide. Once asked, it says where the request stands.
 */
function CancelSection(props: {
  reference: string;
  free: boolean;
  option: Route.ComponentProps["loaderData"]["option"];
  cancellation: Route.ComponentProps["loaderData"]["cancellation"];
  actionData: Route.ComponentProps["actionData"];
  money: (p: number) => string;
}) {
  const { option, cancellation, actionData } = props;
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const refusal = refusalOf(actionData);
  const fieldError = refusal.fieldErrors.reason ?? null;
  const error = refusal.formError ?? fieldError;
  const declined = cancellation?.status === "declined" ? cancellation : null;
  if (option.kind === "none" && !option.explain && !declined) return null;
  return (
    <section aria-labelledby="cancel-heading" className="card mt-8 p-5">
      <h2 id="cancel-heading" className="text-lg font-bold">
        Can't go?
      </h2>
      {declined ? (
        <p className="mt-2 text-sm">
          The host declined your request to cancel{declined.hostMessage ? `: “${declined.hostMessage}”` : "."} Your
          tickets are still valid.
        </p>
      ) : null}
      {option.kind === "pending" && cancellation ? (
        <div className="mt-2 space-y-2 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <Clock aria-hidden className="size-4 text-brand" /> Cancellation requested on{" "}
            {formatShortDate(cancellation.createdAt)}. Waiting for the host.
          </p>
          <p className="text-fg-muted">
            Your reason: “{cancellation.reason}”{/[.!?]$/.test(cancellation.reason) ? "" : "."} We'll email you when
            they decide; your tickets stay valid until then.
          </p>
        </div>
      ) : option.kind === "cancel_now" ? (
        <Form
          method="post"
          className="mt-2 space-y-3"
          onSubmit={askFirst({
            title: "Cancel this booking?",
            description: "Your tickets will stop working and your places go back on sale. You can't undo this.",
            confirmLabel: "Cancel booking",
            cancelLabel: "Keep booking",
            tone: "danger",
          })}
        >
          <p className="text-sm text-fg-muted">
            This booking was free, so you can cancel it yourself. Your places go straight to someone else.
          </p>
          <FormMessage>{error}</FormMessage>
          {/* A hidden field, not the button's value: after the question, the form is sent without its button. */}
          <input type="hidden" name="intent" value="cancel-free" />
          <button type="submit" className="btn-secondary" disabled={busy}>
            <XCircle aria-hidden className="size-4" /> Cancel booking
          </button>
        </Form>
      ) : option.kind === "request" ? (
        // Closed until asked for (or when there is an error to show): most people never need it.
        <details className="mt-2 group" open={Boolean(error)}>
          <summary className="cursor-pointer text-sm font-semibold text-brand hover:underline">
            Ask the host to cancel and refund
          </summary>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <p className="text-sm text-fg-muted">
              Tell them why: they decide, and we'll email you either way. Your tickets stay valid until then.
            </p>
            {fieldError ? null : <FormMessage>{error}</FormMessage>}
            <TextAreaField
              name="reason"
              label="Your reason"
              rows={3}
              maxLength={1000}
              required
              defaultValue={actionData && "reason" in actionData ? actionData.reason : ""}
              error={fieldError ?? undefined}
            />
            <button type="submit" name="intent" value="request-cancellation" className="btn-secondary" disabled={busy}>
              Request cancellation
            </button>
          </Form>
        </details>
      ) : option.kind === "none" ? (
        <p className="mt-2 text-sm text-fg-muted">{option.why}</p>
      ) : null}
    </section>
  );
}

/**
 * What the buyer told the host at checkout, with each question as it read when they answered it
 * (the host may have changed the survey since).
 */
function OrderAnswers({ questions, answers }: { questions: EventQuestion[]; answers: Record<string, string> }) {
  const answered = questions.filter((q) => answers[q.id]);
  if (answered.length === 0) return null;
  return (
    <section aria-labelledby="answers-heading" className="card mt-8 p-5">
      <h2 id="answers-heading" className="text-lg font-bold">
        Your answers for the host
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        {answered.map((q) => (
          <div key={q.id}>
            <dt className="font-medium">{q.label}</dt>
            <dd className="mt-0.5 break-words text-fg-muted">{answers[q.id]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

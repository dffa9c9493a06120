import { CheckCircle2, Inbox, ListOrdered, Users, XCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CANCEL_FAILED, parseRefund } from "~/domain/cancellation";
import { poundsForInput } from "~/domain/money";
import { field, readForm } from "~/lib/read-form";
import { currencySymbol, formatEventDateTime, formatLondonTime, formatMoney, formatShortDate } from "~/lib/format";
import { approveCancellation, declineCancellation, hostCancellationRequests } from "~/services/decide-cancellation";
import { setTicketCapacity } from "~/services/edit-ticket-types";
import { hostEventStock, setWaitlistOfferHours } from "~/services/host-events";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { Pagination } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import type { Route } from "./+types/tickets";

export const handle = { title: "Tickets" };
export const meta: Route.MetaFunction = () => [
  { title: "Tickets and cancellations · Partner Studio · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const now = new Date();
  const db = context.database.db;
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const [requests, stock] = await Promise.all([
    hostCancellationRequests(db, { hostId }),
    hostEventStock(db, { hostId, now, page: Number.isInteger(page) ? page : 1 }),
  ]);
  return { requests, ...stock, now };
}

/**
 * The page's forms, one per intent; `target` is the row each acts on (a request, an event, a ticket
 * type), so a refusal is shown beside that row. Ranges are the services' rules, which name the field.
 */
const HostTicketsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), target: field.text(), refund: field.text() }),
  z.object({ intent: z.literal("decline"), target: field.text(), message: field.text() }),
  z.object({ intent: z.literal("offer-hours"), target: field.text(), hours: field.number(z.number()) }),
  z.object({ intent: z.literal("capacity"), target: field.text(), capacity: field.number(z.number()) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = await readForm(request, HostTicketsForm);
  if (!read.ok) return actionError(read.error, { extra: { target: read.values.target ?? "" } });
  const form = read.data;
  const { target } = form;
  const now = new Date();
  try {
    if (form.intent === "approve") {
      const result = await approveCancellation(db, context.payments, {
        requestId: target,
        hostId,
        decidedBy: user.id,
        refund: form.refund,
        now,
      });
      if (result.outcome === "in_progress") return { ok: "That refund is already being made." };
      return {
        ok:
          result.refundPence > 0
            ? `Cancelled and refunded ${formatMoney(result.refundPence, result.currency)}. The places are back on sale.`
            : "Cancelled. The places are back on sale.",
      };
    }
    if (form.intent === "decline") {
      await declineCancellation(db, { requestId: target, hostId, decidedBy: user.id, message: form.message, now });
      return { ok: "Declined. We've let the buyer know." };
    }
    if (form.intent === "offer-hours") {
      await setWaitlistOfferHours(db, { eventId: target, hostId, hours: form.hours });
      return { ok: "Saved the offer window." };
    }
    if (form.intent === "capacity") {
      const { offered } = await setTicketCapacity(db, {
        ticketTypeId: target,
        hostId,
        capacity: form.capacity,
        now,
      });
      return {
        ok:
          offered.length > 0
            ? `Saved. ` +
              `${offered.length === 1 ? "The first person waiting has" : `${offered.length} people waiting have`} ` +
              `been offered places.`
            : "Saved the capacity.",
      };
    }
  } catch (error) {
    return actionError(error, { extra: { target }, words: { payment_failed: CANCEL_FAILED } });
  }
}

export default function HostTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, events, page, pages, total } = loaderData;
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const errorFor = (target: string) =>
    actionData && "error" in actionData && actionData.target === target ? actionData.error : null;

  return (
    <div className="py-8 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Partner Studio</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Tickets and cancellations</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Decide cancellation requests, and manage places and waitlists for your events.
      </p>
      {actionData && "ok" in actionData ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4" /> {actionData.ok}
        </p>
      ) : null}

      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="flex items-center gap-2 text-xl font-bold">
          <Inbox aria-hidden className="size-5 text-brand" /> Cancellation requests
          {requests.pending.length > 0 ? (
            <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">
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

      <section aria-labelledby="events-heading" className="mt-12">
        <h2 id="events-heading" className="flex items-center gap-2 text-xl font-bold">
          <ListOrdered aria-hidden className="size-5 text-brand" /> Places and waitlists
          {total > 0 ? <span className="text-sm font-medium text-fg-muted">({total} upcoming)</span> : null}
        </h2>
        {events.length === 0 ? (
          <p className="card mt-4 p-6 text-center text-sm text-fg-muted">
            No upcoming events. Your published events appear here.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {events.map((e) => (
              <li key={e.id} className="card p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-bold">
                    <Link to={`/events/${e.slug}`} className="hover:underline">
                      {e.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-fg-muted">{formatEventDateTime(e.startsAt)}</p>
                </div>
                {/* Fixed columns, so every event's table lines up with the next. */}
                <table className="mt-3 w-full table-fixed text-sm">
                  <caption className="sr-only">Ticket types for {e.name}</caption>
                  <colgroup>
                    <col />
                    <col className="w-11 tablet:w-20" />
                    <col className="w-12 tablet:w-28" />
                    <col className="w-[8.25rem] tablet:w-48" />
                  </colgroup>
                  <thead className="text-left text-xs text-fg-muted uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-2 font-semibold">
                        Ticket
                      </th>
                      <th scope="col" className="py-1 pr-2 font-semibold">
                        Sold
                      </th>
                      <th scope="col" className="py-1 pr-2 font-semibold">
                        <span className="tablet:hidden">Held</span>
                        <span className="hidden tablet:inline">At checkout</span>
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Capacity
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {e.tickets.map((t) => (
                      <tr key={t.id}>
                        <td className="py-2 pr-2 break-words">{t.name}</td>
                        <td className="py-2 pr-2 tabular-nums">{t.sold}</td>
                        <td className="py-2 pr-2 tabular-nums">{t.held}</td>
                        <td className="py-2">
                          <Form method="post" className="flex items-center gap-2">
                            <input type="hidden" name="intent" value="capacity" />
                            <input type="hidden" name="target" value={t.id} />
                            <label htmlFor={`capacity-${t.id}`} className="sr-only">
                              Capacity of {t.name}
                            </label>
                            <input
                              id={`capacity-${t.id}`}
                              name="capacity"
                              type="number"
                              aria-invalid={errorFor(t.id) ? true : undefined}
                              aria-describedby={errorFor(t.id) ? `capacity-error-${t.id}` : undefined}
                              min={t.sold + t.held}
                              max={100000}
                              defaultValue={t.capacity}
                              className="h-10 w-[4.5rem] min-w-0 rounded-xl tablet:w-24 border border-border
                                bg-surface px-2 tabular-nums"
                            />
                            <button type="submit" className="btn-secondary min-h-10 px-3 text-sm" disabled={busy}>
                              Save
                            </button>
                          </Form>
                          {errorFor(t.id) ? (
                            <p
                              id={`capacity-error-${t.id}`}
                              role="alert"
                              className="mt-1 text-xs font-medium text-danger"
                            >
                              {errorFor(t.id)}
                            </p>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <div
                  className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3
                  text-sm"
                >
                  <p className="flex items-center gap-2">
                    <Users aria-hidden className="size-4 text-brand" />{" "}
                    {e.waiting === 0
                      ? "Nobody on the waitlist"
                      : e.waiting === 1
                        ? "1 person on the waitlist"
                        : `${e.waiting} people on the waitlist`}
                  </p>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="offer-hours" />
                    <input type="hidden" name="target" value={e.id} />
                    <label htmlFor={`hours-${e.id}`}>Hold freed places for</label>
                    <input
                      id={`hours-${e.id}`}
                      name="hours"
                      type="number"
                      aria-invalid={errorFor(e.id) ? true : undefined}
                      aria-describedby={errorFor(e.id) ? `hours-error-${e.id}` : undefined}
                      min={1}
                      max={168}
                      defaultValue={e.waitlistOfferHours}
                      className="h-10 w-20 rounded-xl border border-border bg-surface px-2 tabular-nums"
                    />
                    <span>hours</span>
                    <button type="submit" className="btn-secondary min-h-10 px-3 text-sm" disabled={busy}>
                      Save
                    </button>
                  </Form>
                </div>
                {errorFor(e.id) ? (
                  <p id={`hours-error-${e.id}`} role="alert" className="mt-1 text-xs font-medium text-danger">
                    {errorFor(e.id)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pages}
          hrefFor={(p) => (p === 1 ? "/h/tickets#events-heading" : `/h/tickets?page=${p}#events-heading`)}
          label="Event pages"
        />
      </section>
    </div>
  );
}

import { Accessibility, ArrowLeft, Clock, CreditCard, Lock, Ticket } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import type { EventQuestion } from "~/domain/event-questions";
import { type AccessNeeds, accessNeedLabels } from "~/domain/access-needs";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { formatEventDateTime, formatLondonTime, formatMoney, formatShortDate } from "~/lib/format";
import { personName } from "~/lib/person-name";
import { getCheckout, openCheckout } from "~/services/get-checkout";
import { extendHold } from "~/services/extend-hold";
import { releaseHoldNow } from "~/services/waitlist-offers";
import { submitCheckout } from "~/services/submit-checkout";
import { OrderBreakdown, OrderLines } from "~/web/components/booking/order-summary";
import { CheckboxField, TextField } from "~/web/components/ui/field";
import { companionLines } from "~/domain/companion-tickets";
import { companionMessages } from "~/texts/companion-messages";
import { useHydrated } from "~/web/lib/use-hydrated";
import { TestPaymentsNotice } from "~/web/components/booking/test-payments-notice";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/texts/messages";
import { uuidParam } from "~/web/lib/route-params";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/checkout.$holdId";

export const handle = { title: "Checkout" };
export const meta: Route.MetaFunction = () => [
  { title: "Checkout · Ticketyboo" },
  { name: "description", content: "Check the tickets you are holding and pay; every price includes the booking fee." },
  { name: "robots", content: "noindex" },
];

/** Spec: warn before the time runs out (WCAG 2.2.1), with the chance to extend once. */
const WARN_AT_SECONDS = 60;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const holdId = uuidParam(params.holdId);
  const now = new Date();
  const checkout = await openCheckout(context.database.db, { holdId, userId: user.id, now });
  if (!checkout) throw data(null, { status: 404 });
  if (checkout.orderReference) throw redirect(`/orders/${checkout.orderReference}`);
  return {
    checkout,
    now,
    cancelled: new URL(request.url).searchParams.has("cancelled"),
    buyer: { name: personName(user), email: user.email },
    testPayments: !context.payments.movesMoney,
  };
}

/**
 * The checkout's form: the intent, and an answer to each of the host's questions (`q:{id}`, at most
 * 500 characters). Paying needs the required ones answered and a choice to be one of its options;
 * extending or releasing the hold does not.
 */
function checkoutForm(questions: EventQuestion[]) {
  const answers = Object.fromEntries(
    questions.map((q) => [`q:${q.id}`, field.text().transform((v) => v.trim().slice(0, 500))]),
  );
  return z
    .looseObject({
      intent: field.text(),
      shareAccessNeeds: field.checkbox(),
      // Free companion tickets (decision 0031): blank or absent is none; anything else is judged by the service.
      companions: field.text(6).transform((v) => (v.trim() === "" ? 0 : Number(v))),
      ...answers,
    })
    .superRefine((form, ctx) => {
      if (form.intent === "extend" || form.intent === "release") return;
      for (const q of questions) {
        const value = String(form[`q:${q.id}`] ?? "");
        if (q.required && !value)
          ctx.addIssue({ code: "custom", path: [`q:${q.id}`], message: "Please answer this question." });
        else if (q.kind === "choice" && value && !(q.options ?? []).includes(value))
          ctx.addIssue({ code: "custom", path: [`q:${q.id}`], message: "Please choose one of the options." });
      }
    });
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const holdId = uuidParam(params.holdId);
  const db = context.database.db;
  const now = new Date();
  const checkout = await getCheckout(db, { holdId, userId: user.id });
  if (!checkout) throw data(null, { status: 404 });
  const questions = checkout.event.questions;
  const read = await readForm(request, checkoutForm(questions));
  // What was typed goes back with the refusal, so nothing is lost (without JavaScript too).
  const typed = (values: Record<string, unknown>) =>
    Object.fromEntries(questions.map((q) => [q.id, String(values[`q:${q.id}`] ?? "")]));
  // Everything the buyer chose, for a refusal to show again as it was.
  const chosen = (values: Record<string, unknown>) => ({
    answers: typed(values),
    shareAccessNeeds: Boolean(values.shareAccessNeeds),
    companions: typeof values.companions === "string" ? values.companions : "0",
  });
  if (!read.ok) return actionError(read.error, { extra: chosen(read.values) });
  const form = read.data;
  const intent = form.intent;

  if (intent === "extend") {
    try {
      return { extendedTo: await extendHold(db, { holdId, userId: user.id, now }) };
    } catch (error) {
      return actionError(error);
    }
  }
  if (intent === "release") {
    await releaseHoldNow(db, { holdId, userId: user.id, now, as: "released" });
    throw redirect(`/events/${checkout.event.slug}`);
  }

  try {
    const next = await submitCheckout(
      {
        db,
        throttle: context.throttle,
        payments: context.payments,
        sign: context.ticketCodes.sign,
        publicUrl: context.publicUrl,
      },
      {
        holdId,
        buyer: user,
        buyerName: personName(user),
        // Answers to the host's questions, each named after its question.
        answers: Object.fromEntries(Object.entries(typed(form)).filter(([, value]) => value)),
        shareAccessNeeds: form.shareAccessNeeds,
        companions: form.companions,
        ip: context.clientIp,
        now,
      },
    );
    if (next.kind === "expired") return { error: messages.informational.outOfTime, expired: true };
    if (next.kind === "order")
      throw redirect(`/orders/${next.reference}`, {
        headers: setFlash(new Headers(), { tone: "success", text: "You're going! Your tickets are ready." }),
      });
    throw redirect(next.redirectUrl);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Whatever fails at the provider while paying is the payment's failure (502), in the buyer's words.
    return actionError(
      error instanceof AppError && error.code === "internal"
        ? new AppError("payment_failed", messages.buyer.paymentError)
        : error,
      { extra: chosen({ ...form, companions: Number.isNaN(form.companions) ? "" : String(form.companions) }) },
    );
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, buyer } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { formError, fieldErrors } = refusalOf(actionData);
  const free = checkout.breakdown.totalPence === 0;
  const money = (p: number) => formatMoney(p, checkout.event.currency);
  const active = checkout.status === "active";
  const refused = actionData && "shareAccessNeeds" in actionData ? actionData : null;
  // The buyer's choices that the summary follows as they change them.
  const [sharing, setSharing] = useState(refused ? Boolean(refused.shareAccessNeeds) : checkout.sharingAccessNeeds);
  const [companions, setCompanions] = useState(() =>
    refused && "companions" in refused
      ? String(refused.companions)
      : String(checkout.sharingAccessNeeds || checkout.companions.chosen > 0 ? checkout.companions.suggested : 0),
  );
  const offersCompanions = checkout.companions.offered && checkout.companions.most > 0;
  const summaryLines = useMemo(() => {
    const booked = checkout.lines.filter((l) => !l.companion);
    if (!offersCompanions || !sharing) return booked;
    const count = Number(companions);
    const wanted = Number.isInteger(count) ? companionLines(booked, Math.min(count, checkout.companions.most)) : [];
    return [
      ...booked,
      ...wanted.map((w) => ({
        ...w,
        name: booked.find((b) => b.ticketTypeId === w.ticketTypeId)!.name,
        unitPricePence: 0,
        companion: true,
      })),
    ];
  }, [checkout.lines, checkout.companions.most, offersCompanions, sharing, companions]);

  return (
    <div className="container-page max-w-4xl py-8 laptop:py-10">
      <Link
        to={`/events/${checkout.event.slug}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to the event
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">Checkout</h1>
      <p className="mt-1 text-fg-muted">
        {checkout.event.name} · {formatEventDateTime(checkout.event.startsAt)} · {checkout.event.place}
      </p>

      {loaderData.testPayments && !free ? <TestPaymentsNotice className="mt-4" /> : null}

      {loaderData.cancelled ? (
        <p role="status" className="mt-4 rounded-xl bg-surface-2 px-4 py-3 text-sm">
          Payment cancelled. Your tickets are still held until the timer runs out: pay when you're ready.
        </p>
      ) : null}

      {active ? (
        <HoldTimer
          expiresAt={actionData && "extendedTo" in actionData ? actionData.extendedTo! : checkout.expiresAt}
          extended={checkout.extended || Boolean(actionData && "extendedTo" in actionData)}
        />
      ) : null}

      {!active ? (
        <div className="card mt-6 p-6">
          <p className="font-semibold">This checkout has closed.</p>
          <p className="mt-1 text-sm text-fg-muted">
            Your tickets were released so others can buy them. Choose again and you'll have a fresh 10 minutes.
          </p>
          <Link to={`/events/${checkout.event.slug}`} className="btn-primary mt-4">
            Choose tickets again
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 laptop:grid-cols-[minmax(0,1fr)_20rem]">
          <Form method="post" className="space-y-6" aria-label="Your details">
            {formError ? (
              <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
                {formError}
              </p>
            ) : null}
            <section aria-labelledby="who-heading" className="card p-5">
              <h2 id="who-heading" className="text-lg font-bold">
                Your details
              </h2>
              <p className="mt-2 text-sm">
                Tickets go to <strong>{buyer.name}</strong> at <strong className="break-words">{buyer.email}</strong>.
              </p>
              <p className="mt-1 text-xs text-fg-muted">
                Not right?{" "}
                <Link to="/u/settings/profile" className="link">
                  Update your profile
                </Link>{" "}
                first; your tickets stay held.
              </p>
            </section>

            {checkout.event.questions.length > 0 ? (
              <section aria-labelledby="questions-heading" className="card space-y-4 p-5">
                <h2 id="questions-heading" className="text-lg font-bold">
                  A few questions from the host
                </h2>
                {checkout.event.questions.map((q) => {
                  const id = `q-${q.id}`;
                  const error = fieldErrors[`q:${q.id}`];
                  const previous =
                    (actionData && "answers" in actionData
                      ? (actionData.answers as Record<string, string>)[q.id]
                      : checkout.answers[q.id]) ?? "";
                  return (
                    <div key={q.id}>
                      <label htmlFor={id} className="block text-sm font-medium">
                        {q.label}{" "}
                        {q.required ? (
                          <span className="text-fg-muted">(required)</span>
                        ) : (
                          <span className="text-fg-muted">(optional)</span>
                        )}
                      </label>
                      {q.kind === "choice" ? (
                        <select
                          id={id}
                          name={`q:${q.id}`}
                          defaultValue={previous}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3"
                        >
                          <option value="">Choose…</option>
                          {(q.options ?? []).map((o) => (
                            <option key={o}>{o}</option>
                          ))}
                        </select>
                      ) : (
                        <input
                          id={id}
                          name={`q:${q.id}`}
                          defaultValue={previous}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3"
                        />
                      )}
                      {error ? (
                        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </section>
            ) : null}

            {checkout.accessNeeds ? (
              <ShareAccessNeeds
                needs={checkout.accessNeeds}
                sharing={sharing}
                onSharingChange={(now) => {
                  setSharing(now);
                  // Ticking the box brings back the suggestion, unless the buyer already chose a number.
                  if (now && companions === "0") setCompanions(String(checkout.companions.suggested));
                }}
                companions={
                  offersCompanions
                    ? {
                        value: companions,
                        most: checkout.companions.most,
                        onChange: setCompanions,
                        error: fieldErrors.companions ?? null,
                      }
                    : null
                }
              />
            ) : offersCompanions ? (
              <p className="card flex items-start gap-3 p-5 text-sm">
                <Accessibility aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
                <span>
                  {companionMessages.buyer.askHost}{" "}
                  <Link to="/u/settings/profile#access-heading" className="link">
                    {companionMessages.buyer.addNeeds}
                  </Link>
                  ; your tickets stay held.
                </span>
              </p>
            ) : null}

            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" name="intent" value="pay" className="btn-primary px-6" disabled={busy}>
                {free ? <Ticket aria-hidden className="size-4" /> : <CreditCard aria-hidden className="size-4" />}
                {busy ? "One moment…" : free ? "Get my free tickets" : `Pay ${money(checkout.breakdown.totalPence)}`}
              </button>
              <button type="submit" name="intent" value="release" formNoValidate className="btn-ghost" disabled={busy}>
                Cancel and release tickets
              </button>
            </div>
            {free ? (
              <p className="text-sm font-medium text-success">{messages.informational.freeTickets}</p>
            ) : (
              <p className="flex items-center gap-1.5 text-xs text-fg-muted">
                <Lock aria-hidden className="size-3.5" /> You pay on our payment provider's secure page; we never see
                your card.
              </p>
            )}
          </Form>

          <aside aria-labelledby="summary-heading" className="card h-fit p-5">
            <h2 id="summary-heading" className="text-lg font-bold">
              Order summary
            </h2>
            <OrderLines lines={summaryLines} money={money} />
            {checkout.seats.length > 0 ? (
              <p className="mt-2 text-sm text-fg-muted">Seats: {checkout.seatNames.join(", ")}</p>
            ) : null}
            <OrderBreakdown
              subtotalPence={checkout.breakdown.subtotalPence}
              discountPence={checkout.breakdown.discountPence}
              discountCode={checkout.discountCode}
              bookingFeePence={checkout.breakdown.bookingFeePence}
              totalPence={checkout.breakdown.totalPence}
              totalLabel="Total"
              money={money}
            />
          </aside>
        </div>
      )}
    </div>
  );
}

/**
 * The buyer's choice to share the access needs saved on their profile with this order's host: off
 * unless they chose it for this checkout before, and showing exactly what the host would see. Where
 * the event offers them, free companion tickets go with it (decision 0031): the field is sent only
 * while sharing is ticked (without JavaScript it always is, and the server says what is wrong).
 */
function ShareAccessNeeds({
  needs,
  sharing,
  onSharingChange,
  companions,
}: {
  needs: AccessNeeds;
  sharing: boolean;
  onSharingChange: (sharing: boolean) => void;
  companions: { value: string; most: number; onChange: (value: string) => void; error: string | null } | null;
}) {
  const labels = accessNeedLabels(needs);
  const hydrated = useHydrated();
  const words = companionMessages.buyer;
  return (
    <section aria-labelledby="access-heading" className="card space-y-3 p-5">
      <h2 id="access-heading" className="flex items-center gap-2 text-lg font-bold">
        <Accessibility aria-hidden className="size-5 text-brand" /> Access needs
      </h2>
      <CheckboxField
        name="shareAccessNeeds"
        label={<span className="font-medium">Share my access needs with the host for this order</span>}
        checked={sharing}
        onChange={(e) => onSharingChange(e.currentTarget.checked)}
        hint="Only this event's host sees them, with this order. Your profile keeps them private."
      />
      <div className="rounded-xl bg-surface-2 px-4 py-3 text-sm">
        <p className="font-medium">What the host would see</p>
        {labels.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {labels.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        ) : null}
        {needs.notes ? <p className="mt-1 break-words whitespace-pre-line">{needs.notes}</p> : null}
        <p className="mt-2 text-xs text-fg-muted">
          Not right?{" "}
          <Link to="/u/settings/profile#access-heading" className="link">
            Update your access needs
          </Link>{" "}
          first; your tickets stay held.
        </p>
      </div>
      {companions ? (
        <div className="rounded-xl border border-border p-4">
          <TextField
            name="companions"
            type="number"
            inputMode="numeric"
            min={0}
            max={companions.most}
            step={1}
            label={words.heading}
            value={companions.value}
            onChange={(e) => companions.onChange(e.currentTarget.value)}
            disabled={hydrated && !sharing}
            error={companions.error}
            hint={hydrated && !sharing ? words.needsSharing : words.hint(companions.most)}
            className="max-w-md [&_input]:max-w-28"
          />
        </div>
      ) : null}
    </section>
  );
}

/**
 * The booking timer: time left, a warning with one extension a minute before the end, and when
 * it runs out the spec's message and a refresh five seconds later.
 */
function HoldTimer({ expiresAt, extended }: { expiresAt: Date; extended: boolean }) {
  const [left, setLeft] = useState<number | null>(null);
  const extend = useFetcher<{ extendedTo?: Date; error?: string }>();
  const revalidator = useRevalidator();
  const extendedTo = extend.data?.extendedTo;
  const deadline = useMemo(() => (extendedTo ? new Date(extendedTo) : expiresAt), [extendedTo, expiresAt]);
  const refreshed = useRef(false);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.round((deadline.getTime() - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  useEffect(() => {
    if (left !== 0 || refreshed.current) return;
    refreshed.current = true;
    const timer = window.setTimeout(() => window.location.reload(), 5000);
    return () => window.clearTimeout(timer);
  }, [left, revalidator]);

  if (left === null) {
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-fg-muted">
        <Clock aria-hidden className="size-4" /> Your tickets are held until {formatLondonTime(deadline)}.
      </p>
    );
  }
  if (left > 60 * 60) {
    // A waitlist offer lasts hours: a deadline reads better than a countdown.
    const until = formatLondonTime(deadline);
    return (
      <p className="mt-4 flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3 text-sm">
        <Clock aria-hidden className="size-4" /> Held for you until <strong>{until}</strong> on{" "}
        {formatShortDate(deadline)}.
      </p>
    );
  }
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, "0");
  const warning = left > 0 && left <= WARN_AT_SECONDS;
  const canExtend = !extended && !extend.data?.extendedTo;
  return (
    <div
      className={
        `mt-4 rounded-xl px-4 py-3 ` +
        `${left === 0 ? "bg-danger-soft text-danger" : warning ? "bg-warning-soft" : "bg-surface-2"}`
      }
    >
      {left === 0 ? (
        <p role="alert" className="font-semibold">
          {messages.informational.outOfTime}
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm">
            <Clock aria-hidden className="size-4" />
            <span>
              Tickets held for{" "}
              <strong className="tabular-nums">
                {minutes}:{seconds}
              </strong>
            </span>
          </p>
          {warning ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm font-medium">
              <span>Less than a minute left.</span>
              {canExtend ? (
                <extend.Form method="post">
                  <input type="hidden" name="intent" value="extend" />
                  <button type="submit" className="btn-primary min-h-9">
                    Give me 10 more minutes
                  </button>
                </extend.Form>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
      {extend.data?.error ? <p className="mt-1 text-sm text-danger">{extend.data.error}</p> : null}
    </div>
  );
}

import { CheckCircle2, CircleAlert, FlaskConical, Landmark } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PAYOUT_DELAY_DAYS, type EventPayout, type PayoutTotals } from "~/domain/payouts";
import { formatAmount, formatShortDate } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { mayChangeMoneyAndBrand } from "~/services/host-online-profile";
import { hostPayouts, refreshPayoutAccount } from "~/services/host-payouts";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { payoutOnboardingUrl } from "~/web/lib/payout-onboarding.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings.payouts";

export const handle = { title: "Payouts" };
export const meta: Route.MetaFunction = () => [
  { title: "Payouts · Settings · Partner Studio · Ticketyboo" },
  { name: "description", content: "Where your ticket money is paid out, and your payouts so far." },
  { name: "robots", content: "noindex" },
];

/**
 * Owners and managers see where the money is; only owners connect an account. An account not yet
 * taking charges is asked about afresh each time (the host may just be back from onboarding).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const now = new Date();
  const payments = context.payments;
  const summary = await hostPayouts(db, { hostId, now });
  let account = summary.account;
  if (account && !account.connected) {
    try {
      account = await refreshPayoutAccount(db, payments, { hostId, now, throttle: context.throttle });
    } catch {
      // The provider is unreachable: the page shows what we last knew.
    }
  }
  const back = new URL(request.url).searchParams.get("from") === "onboarding";
  return {
    ...summary,
    account,
    now,
    back,
    canConnect: mayChangeMoneyAndBrand(role) && Boolean(payments.connect),
    isOwner: role === "owner",
    providerName: payments.name === "stripe" ? "Stripe" : "the test provider",
    testPayouts: payments.name === "test",
  };
}

const ConnectForm = z.object({ intent: z.literal("connect") });

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: ["owner"] });
  const read = await readForm(request, ConnectForm);
  if (!read.ok) return actionError(read.error);
  try {
    return redirect(await payoutOnboardingUrl(context, { hostId, role }));
  } catch (error) {
    return actionError(error);
  }
}

function Money({ pence, currency }: { pence: number; currency: string }) {
  return <>{formatAmount(pence, currency)}</>;
}

const STATE_TEXT: Record<EventPayout["state"], string> = {
  upcoming: "Due after the event",
  due: "Due now",
  sending: "Being paid to your account",
  paid: "Paid",
  at_sale: "Paid at each sale",
};

function Totals({ t }: { t: PayoutTotals }) {
  const cards = [
    { label: "Paid to you", value: t.paidPence, note: "At each sale, and in payouts" },
    { label: "Due now", value: t.dueNowPence, note: `Events that ended ${PAYOUT_DELAY_DAYS}+ days ago` },
    { label: "Due after upcoming events", value: t.upcomingPence, note: "Paid once each event is over" },
  ];
  return (
    <section aria-label={`Totals in ${t.currency}`} className="mt-6">
      <dl className="grid grid-cols-1 gap-3 tablet:grid-cols-3">
        {cards.map((c) => (
          <div key={c.label} className="card p-4">
            <dt className="text-sm font-medium text-fg-muted">{c.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">
              <Money pence={c.value} currency={t.currency} />
            </dd>
            <dd className="text-xs text-fg-muted">{c.note}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-fg-muted">
        Sales <Money pence={t.grossPence} currency={t.currency} /> · Ticketyboo fees{" "}
        <Money pence={t.feesPence} currency={t.currency} /> · Refunds{" "}
        <Money pence={t.refundsPence} currency={t.currency} /> · Net{" "}
        <strong className="text-fg">{formatAmount(t.netPence, t.currency)}</strong>
      </p>
    </section>
  );
}

export default function PayoutsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, events, totals, canConnect, isOwner, providerName, testPayouts, back } = loaderData;
  const busy = useNavigation().state !== "idle";
  const refused = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Payouts</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Connect an account and each sale&apos;s money goes straight to it, less Ticketyboo&apos;s fee. Ticketyboo never
        sees or stores your bank details: {providerName} collects them.
      </p>
      {testPayouts ? (
        <p
          role="note"
          className="mt-4 flex max-w-3xl items-start gap-2 rounded-xl border border-warning bg-warning-soft px-4 py-3
            text-sm"
        >
          <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            <strong className="font-semibold">Test payouts.</strong> This site uses the test payment provider: the
            account is simulated and no money moves.
          </span>
        </p>
      ) : null}

      <section aria-labelledby="account-heading" className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <h2 id="account-heading" className="flex items-center gap-2 text-lg font-bold">
          <Landmark aria-hidden className="size-5 text-brand" /> Payout account
        </h2>
        {refused ? <FormMessage className="mt-3">{refused}</FormMessage> : null}
        {account?.connected ? (
          <div className="mt-2">
            <p role="status" className="flex items-center gap-2 font-semibold text-success">
              <CheckCircle2 aria-hidden className="size-5" /> Connected
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              Account ending {account.accountId.slice(-4)}.{" "}
              {account.payoutsEnabled
                ? "New sales go straight to it."
                : `New sales go to it; ${providerName} will pay your bank once it has what it needs.`}
            </p>
          </div>
        ) : account ? (
          <div className="mt-2">
            <p role="status" className="flex items-center gap-2 font-semibold text-warning">
              <CircleAlert aria-hidden className="size-5" /> {hostSettingsMessages.payoutsStillNeeded}
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              Until then we collect your sales and pay them out after each event.
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-fg-muted">
            Not connected yet. We collect your sales and pay them out {PAYOUT_DELAY_DAYS} days after each event ends,
            once an account is connected.
          </p>
        )}
        {back && !account?.connected ? (
          <p className="mt-2 text-sm">You&apos;re back from {providerName}: finish the remaining steps to get paid.</p>
        ) : null}
        {canConnect && !account?.connected ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="connect" />
            <button type="submit" className="btn-primary" disabled={busy}>
              {account ? "Finish setting up payouts" : "Connect payouts"}
            </button>
          </Form>
        ) : null}
        {!isOwner ? <p className="mt-3 text-sm text-fg-muted">{hostSettingsMessages.ownersOnly}</p> : null}
      </section>

      <section aria-labelledby="schedule-heading" className="mt-8 max-w-3xl">
        <h2 id="schedule-heading" className="text-xl font-bold">
          When you&apos;re paid
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-fg-muted">
          <li>With a connected account, each sale&apos;s money is in your account straight away, less our fee.</li>
          <li>
            Sales we collected for you (before you connected) are paid {PAYOUT_DELAY_DAYS} days after their event ends,
            less refunds.
          </li>
          <li>A refund comes out of the sale it refunds; one made after a payout comes off the next.</li>
        </ul>
      </section>

      {totals.length === 0 ? (
        <p className="card mt-6 max-w-3xl p-6 text-center text-sm text-fg-muted">
          No paid sales yet. Once tickets sell, what&apos;s due to you shows here.
        </p>
      ) : (
        totals.map((t) => <Totals key={t.currency} t={t} />)
      )}

      {events.length > 0 ? (
        <section aria-labelledby="events-heading" className="mt-8">
          <h2 id="events-heading" className="text-xl font-bold">
            By event
          </h2>
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface">
            {events.map((e) => (
              <li key={`${e.eventId}-${e.currency}`} className="grid grid-cols-1 gap-2 p-4 tablet:grid-cols-[1fr_auto]">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{e.name}</p>
                  <p className="text-sm text-fg-muted">
                    Ends {formatShortDate(new Date(e.endsAt))} · {e.orders} {e.orders === 1 ? "order" : "orders"} ·
                    {`sales ${formatAmount(e.grossPence, e.currency)}, fees ${formatAmount(e.feesPence, e.currency)}, `}
                    {`refunds ${formatAmount(e.refundsPence, e.currency)}`}
                  </p>
                </div>
                <div className="tablet:text-right">
                  <p className="font-semibold tabular-nums">
                    {e.state === "paid" || e.state === "sending" || e.state === "at_sale"
                      ? formatAmount(e.paidAtSalePence + e.paidOutPence, e.currency)
                      : formatAmount(e.balancePence, e.currency)}
                  </p>
                  <p className="text-sm text-fg-muted">
                    {STATE_TEXT[e.state]}
                    {e.state === "upcoming" ? ` · from ${formatShortDate(new Date(e.payableFrom))}` : ""}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

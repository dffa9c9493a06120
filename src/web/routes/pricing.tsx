import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { z } from "zod";
import { MIN_PAID_ORDER_PENCE, PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE, type FeeMode } from "~/domain/pricing";
import { currencySymbol, formatMoney } from "~/lib/format";
import { parseQuery } from "~/lib/read-form";
import { TextField } from "~/web/components/ui/field";
import {
  calculateFees,
  calculatorInputFrom,
  CURRENCIES,
  describeFee,
  exampleRows,
  MAX_QUANTITY,
  type CalculatorInput,
} from "~/web/lib/fee-calculator";
import { PageIntro } from "~/web/components/page-intro";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/pricing";

export const handle = { title: "Pricing" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Pricing · Ticketyboo",
    description:
      `Ticketyboo's fees: free events are free, paid orders pay ${describeFee("GBP")} with no fixed charge. ` +
      "Work out what buyers pay and what you receive.",
    path: "/pricing",
    publicUrl: publicUrlFrom(matches),
  });

/** The calculator's fields in the address, so it works without JavaScript and can be linked to. */
const Query = z.object({
  price: z.string().max(20).optional(),
  quantity: z.string().max(10).optional(),
  feeMode: z.string().max(10).optional(),
  currency: z.string().max(5).optional(),
});

export function loader({ request }: Route.LoaderArgs) {
  const read = parseQuery(request.url, Query);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  return { input: calculatorInputFrom(read.data) };
}

const FEE_MODE_TEXT: Record<FeeMode, { label: string; hint: string }> = {
  pass: { label: "The buyer pays it", hint: "Added to your price, inside the all-in price buyers see" },
  absorb: { label: "I absorb it", hint: "Buyers pay your price; the fee comes out of what you receive" },
};

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="container-page py-10 tablet:py-14">
      <PageIntro
        eyebrow="Pricing"
        title={`Free for free events. ${describeFee("GBP")} on paid orders.`}
        lead={
          "No monthly fee, no set-up fee, no fixed charge per ticket. You choose " +
          "who pays the booking fee, and every price buyers see already includes it."
        }
      />

      <div className="mx-auto mt-10 grid max-w-5xl gap-10 laptop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <FeeTable />
        {/* A new address (the form sent without JavaScript) starts the calculator again from it. */}
        <Calculator key={location.search} initial={loaderData.input} />
      </div>

      <Examples />

      <section aria-labelledby="small-print" className="mx-auto mt-14 max-w-5xl">
        <h2 id="small-print" className="text-2xl font-extrabold tracking-tight">
          The small print, in plain words
        </h2>
        <ul className="mt-4 max-w-3xl list-disc space-y-3 pl-6 leading-7 marker:text-brand">
          <li>
            The fee is worked out on the whole order after any discount code, and rounded to the nearest penny once per
            order, so an order of several tickets can differ by a penny from the same tickets bought one at a time.
          </li>
          <li>
            A paid order must come to at least {formatMoney(MIN_PAID_ORDER_PENCE, "GBP")}. Free bookings have no minimum
            and no fee.
          </li>
          <li>
            Pay-what-you-wish tickets are priced on what the buyer chooses, from your minimum up to{" "}
            {formatMoney(PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE, "GBP")} more.
          </li>
          <li>Card payments are included: the card fees come out of our booking fee, not out of what you receive.</li>
          <li>
            With a Stripe account connected, each sale reaches your account as it happens. Sales made before you connect
            are paid two days after the event ends. Read{" "}
            <Link to="/legal/billing" className="link underline">
              billing
            </Link>{" "}
            for refunds and payouts.
          </li>
        </ul>
        <p className="mt-8">
          <Link to="/h/onboarding" className="btn-primary">
            Start hosting <ArrowRight aria-hidden className="size-4" />
          </Link>
        </p>
      </section>
    </div>
  );
}

function FeeTable() {
  return (
    <section aria-labelledby="fees-heading">
      <h2 id="fees-heading" className="text-2xl font-extrabold tracking-tight">
        The booking fee
      </h2>
      <p className="mt-2 text-fg-muted">The same fee in both currencies Ticketyboo sells in.</p>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Booking fee per currency</caption>
        <thead className="border-b-2 border-border text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Currency
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Paid orders
            </th>
            <th scope="col" className="py-2 font-semibold">
              Free tickets
            </th>
          </tr>
        </thead>
        <tbody>
          {CURRENCIES.map((currency) => (
            <tr key={currency} className="border-b border-border">
              <th scope="row" className="py-3 pr-3 font-medium">
                {currency === "GBP" ? "Pounds" : "Euros"} ({currencySymbol(currency)})
              </th>
              <td className="py-3 pr-3">
                {describeFee(currency)} of the order, with no fixed part ({formatMoney(0, currency)})
              </td>
              <td className="py-3">No fee</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mt-8 text-lg font-bold">Who pays it is up to you</h3>
      <dl className="mt-3 space-y-3">
        {(["pass", "absorb"] as const).map((mode) => (
          <div key={mode} className="card p-4">
            <dt className="font-semibold">{mode === "pass" ? "Pass it on" : "Absorb it"}</dt>
            <dd className="mt-1 text-sm text-fg-muted">
              {mode === "pass"
                ? "The buyer pays your ticket price plus the fee, shown as one all-in price everywhere. " +
                  "You receive your full ticket price."
                : "The buyer pays exactly your ticket price. The fee comes out of it, " +
                  "so you receive the price less the fee."}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Calculator({ initial }: { initial: CalculatorInput }) {
  const [input, setInput] = useState(initial);
  const result = calculateFees(input);
  const set = (over: Partial<CalculatorInput>) => setInput((current) => ({ ...current, ...over }));
  const money = (pence: number) => formatMoney(pence, input.currency);
  return (
    <section aria-labelledby="calculator-heading" className="card p-5 tablet:p-6">
      <h2 id="calculator-heading" className="text-2xl font-extrabold tracking-tight">
        Fee calculator
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Worked out by the same function that prices every checkout.</p>
      <Form method="get" action="/pricing" preventScrollReset className="mt-5 space-y-4" aria-label="Fee calculator">
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
          <TextField
            label={`Ticket price (${currencySymbol(input.currency)})`}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={input.price}
            onChange={(e) => set({ price: e.currentTarget.value })}
            error={result.ok ? null : result.errors.price}
          />
          <TextField
            label="Number of tickets"
            name="quantity"
            inputMode="numeric"
            autoComplete="off"
            value={input.quantity}
            onChange={(e) => set({ quantity: e.currentTarget.value })}
            error={result.ok ? null : result.errors.quantity}
            hint={`1 to ${MAX_QUANTITY}`}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Who pays the booking fee?</legend>
          <div className="mt-2 grid gap-2 tablet:grid-cols-2">
            {(["pass", "absorb"] as const).map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer gap-3 rounded-xl border border-border p-3 has-[:checked]:border-brand
                  has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="feeMode"
                  value={mode}
                  checked={input.feeMode === mode}
                  onChange={() => set({ feeMode: mode })}
                  className="mt-1 size-4 shrink-0 accent-[var(--brand-strong)]"
                />
                <span>
                  <span className="block text-sm font-semibold">{FEE_MODE_TEXT[mode].label}</span>
                  <span className="block text-xs text-fg-muted">{FEE_MODE_TEXT[mode].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="calculator-currency" className="block text-sm font-medium">
            Currency
          </label>
          <select
            id="calculator-currency"
            name="currency"
            value={input.currency}
            onChange={(e) => set({ currency: e.currentTarget.value === "EUR" ? "EUR" : "GBP" })}
            className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg"
          >
            <option value="GBP">Pounds (£)</option>
            <option value="EUR">Euros (€)</option>
          </select>
        </div>
        {/* Without JavaScript the figures are worked out by the server when this is pressed. */}
        <noscript>
          <button type="submit" className="btn-secondary">
            Work it out
          </button>
        </noscript>
      </Form>

      <div aria-live="polite" className="mt-6 border-t border-border pt-5">
        {result.ok ? (
          <>
            <dl className="grid gap-3">
              <Figure label="The buyer pays" value={money(result.breakdown.totalPence)} strong />
              <Figure
                label="Booking fee in that"
                value={result.breakdown.bookingFeePence > 0 ? money(result.breakdown.bookingFeePence) : "None"}
              />
              <Figure label="You receive" value={money(result.breakdown.hostPence)} strong />
              <Figure label="Price shown on the event (each)" value={money(result.cardPricePence)} />
            </dl>
            {result.facePence === 0 ? (
              <p className="mt-4 text-sm text-fg-muted">Free tickets are free: no fee for you or your guests.</p>
            ) : null}
            {result.belowMinimum ? (
              <p className="mt-4 text-sm font-medium text-danger">
                A paid order must come to at least {money(MIN_PAID_ORDER_PENCE)}, so this order couldn&apos;t be checked
                out.
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-fg-muted">Fix the highlighted field to see the figures.</p>
        )}
      </div>
    </section>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? "font-semibold" : "text-sm text-fg-muted"}>{label}</dt>
      <dd className={strong ? "text-xl font-extrabold tabular-nums" : "text-sm tabular-nums"}>{value}</dd>
    </div>
  );
}

function Examples() {
  const rows = exampleRows("GBP");
  return (
    <section aria-labelledby="examples-heading" className="mx-auto mt-14 max-w-5xl">
      <h2 id="examples-heading" className="text-2xl font-extrabold tracking-tight">
        One ticket, at a few prices
      </h2>
      <p className="mt-2 text-fg-muted">What a single ticket comes to either way, from the same price rules.</p>
      <div className="mt-4">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Examples of one ticket's price with the fee passed on or absorbed</caption>
          <thead className="border-b-2 border-border text-fg-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Your price
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Fee passed on: buyer pays
              </th>
              <th scope="col" className="py-2 font-semibold">
                Fee absorbed: you receive
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.facePence} className="border-b border-border">
                <th scope="row" className="py-3 pr-3 font-medium">
                  {row.facePence === 0 ? "Free" : formatMoney(row.facePence, "GBP")}
                </th>
                <td className="py-3 pr-3">
                  {formatMoney(row.passTotal, "GBP")}
                  {row.passFee > 0 ? (
                    <span className="text-fg-muted"> (fee {formatMoney(row.passFee, "GBP")})</span>
                  ) : null}
                </td>
                <td className="py-3">{formatMoney(row.absorbHost, "GBP")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

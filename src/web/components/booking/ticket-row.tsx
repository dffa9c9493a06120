import { Minus, Plus } from "lucide-react";
import { useRef } from "react";
import { parsePounds, type Currency } from "~/domain/money";
import { chosenAmountAccepted, headlinePrice, maxChosenAmount, type PriceTerms } from "~/domain/pricing";
import { messages } from "~/texts/messages";
import { inSaleWindow, isOnSale, remaining } from "~/domain/ticket-availability";
import { currencySymbol, formatEventDateTime, formatMoney } from "~/lib/format";
import type { EventPageTicket } from "~/services/get-event-page";
import { useHydrated } from "~/web/lib/use-hydrated";

/**
 * One ticket type in the booking panel: its name, all-in price and availability, the number
 * wanted (a stepper, named `qty:<id>` for the form), and for pay-what-you-wish tickets the amount.
 */
export function TicketRow(props: {
  ticket: EventPageTicket;
  now: Date;
  terms: PriceTerms;
  /** Unlocked by the link or a private code. */
  unlocked: boolean;
  quantity: number;
  /** The pay-what-you-wish amount as typed, in pounds. */
  amount: string;
  onStep: (delta: number) => void;
  onSet: (quantity: number) => void;
  onAmount: (amount: string) => void;
}) {
  const { ticket: t, now, terms, quantity } = props;
  const onSale = isOnSale(t, now, props.unlocked);
  const max = Math.min(remaining(t), t.maxPerOrder);
  const price = headlinePrice(t.pricePence, terms);
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold" id={`ticket-${t.id}`}>
            {t.name}
            {t.kind === "private" ? (
              <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
                Unlocked
              </span>
            ) : null}
          </p>
          {t.description ? <p className="text-sm text-fg-muted">{t.description}</p> : null}
          <p className="mt-0.5 text-sm font-semibold">
            {t.pricePence === 0
              ? "Free"
              : t.payWhatYouWish
                ? `From ${formatMoney(price.totalMinor, price.currency)}`
                : formatMoney(price.totalMinor, price.currency)}
            <span className="ml-1 text-xs font-normal text-fg-muted">
              {t.pricePence === 0
                ? ""
                : price.bookingFeeMinor > 0
                  ? `incl. ${formatMoney(price.bookingFeeMinor, price.currency)} booking fee`
                  : "no booking fee"}
            </span>
          </p>
          <Availability ticket={t} now={now} />
        </div>
        {onSale ? (
          <Stepper
            id={t.id}
            label={t.name}
            value={quantity}
            max={max}
            onChange={props.onStep}
            onSet={(n) => props.onSet(Math.max(0, Math.min(max, n)))}
          />
        ) : null}
      </div>
      {t.payWhatYouWish && onSale && quantity > 0 ? (
        <PayWhatYouWish ticket={t} value={props.amount} onChange={props.onAmount} currency={terms.currency} />
      ) : null}
    </li>
  );
}

function Availability({ ticket, now }: { ticket: EventPageTicket; now: Date }) {
  let text: string | null = null;
  let warn = false;
  if (ticket.salesStartAt && now < ticket.salesStartAt)
    text = `On sale from ${formatEventDateTime(ticket.salesStartAt)}`;
  else if (!inSaleWindow(ticket, now)) text = "Sales have ended";
  else if (remaining(ticket) === 0) text = "Sold out";
  else if (remaining(ticket) <= 10) {
    text = `Only ${remaining(ticket)} left`;
    warn = true;
  }
  return text ? <p className={`text-xs ${warn ? "font-semibold text-warning" : "text-fg-muted"}`}>{text}</p> : null;
}

function Stepper(props: {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (delta: number) => void;
  onSet: (n: number) => void;
}) {
  // A button that becomes disabled under the keyboard drops focus to the page: move it to the number first.
  const input = useRef<HTMLInputElement>(null);
  // The buttons work only with the page's script: until it runs they are shown disabled rather than
  // swallowing a press (the number itself takes typing, and the form sends it, without script).
  const hydrated = useHydrated();
  const step = (delta: number) => {
    const next = props.value + delta;
    if (next <= 0 || next >= props.max) input.current?.focus();
    props.onChange(delta);
  };
  return (
    <div className="flex shrink-0 items-center gap-1" role="group" aria-label={`Number of ${props.label} tickets`}>
      <button
        type="button"
        className="btn-secondary size-9 min-h-0 p-0"
        onClick={() => step(-1)}
        disabled={!hydrated || props.value === 0}
        aria-label={`One fewer ${props.label}`}
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <input
        ref={input}
        type="number"
        name={`qty:${props.id}`}
        inputMode="numeric"
        min={0}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onSet(Number(e.currentTarget.value) || 0)}
        aria-label={`${props.label}: number of tickets`}
        className="h-9 w-12 rounded-lg border border-border bg-surface text-center text-sm font-semibold
          [appearance:textfield] focus:border-brand focus:outline-none
          [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className="btn-secondary size-9 min-h-0 p-0"
        onClick={() => step(1)}
        disabled={!hydrated || props.value >= props.max}
        aria-label={`One more ${props.label}`}
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}

function PayWhatYouWish(props: {
  ticket: EventPageTicket;
  value: string;
  onChange: (v: string) => void;
  currency: Currency;
}) {
  const invalid = !chosenAmountAccepted(parsePounds(props.value), props.ticket.pricePence);
  const id = `amount-${props.ticket.id}`;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="text-sm font-medium">
        Your price per ticket (from {formatMoney(props.ticket.pricePence, props.currency)})
      </label>
      <div className="mt-1 flex items-center gap-1">
        <span aria-hidden className="text-sm font-semibold">
          {currencySymbol(props.currency)}
        </span>
        <input
          id={id}
          name={`amount:${props.ticket.id}`}
          inputMode="decimal"
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="h-9 w-28 rounded-lg border border-border bg-surface px-2 text-sm focus:border-brand
            focus:outline-none aria-[invalid=true]:border-danger"
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-danger">
          {messages.buyer.chosenAmountRange(
            formatMoney(props.ticket.pricePence, props.currency),
            formatMoney(maxChosenAmount(props.ticket.pricePence), props.currency),
          )}
        </p>
      ) : null}
    </div>
  );
}

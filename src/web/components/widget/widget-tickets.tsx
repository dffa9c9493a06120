import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { parsePounds, poundsForInput } from "~/domain/money";
import { chosenAmountAccepted } from "~/domain/pricing";
import { remaining } from "~/domain/ticket-availability";
import type { WidgetEvent } from "~/services/host-widget";
import { priceBasket } from "~/web/components/booking/basket-price";
import { OrderTotals } from "~/web/components/booking/order-totals";
import { TicketRow } from "~/web/components/booking/ticket-row";
import { useHydrated } from "~/web/lib/use-hydrated";

/**
 * Picking tickets inside the widget. The frame holds nothing and signs nobody in (in another
 * site's frame our session cookie is not sent, and a press there must not act for anyone:
 * decision 0046): Continue opens the booking page, `/events/{slug}/book`, in a new tab with the
 * choice in its address (the booking panel's own field names, `qty:{id}` and `amount:{id}`), and the
 * tickets are held there, on our own page. Without JavaScript the numbers are typed and the same
 * form goes.
 */
export function WidgetTickets({ event, now }: { event: WidgetEvent; now: Date }) {
  const hydrated = useHydrated();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const ticketOf = (id: string) => event.tickets.find((t) => t.id === id)!;
  const lines = event.tickets
    .filter((t) => (quantities[t.id] ?? 0) > 0)
    .map((t) => ({
      ticketTypeId: t.id,
      quantity: quantities[t.id]!,
      ...(t.payWhatYouWish ? { amountPence: parsePounds(amounts[t.id] ?? "") ?? t.pricePence } : {}),
    }));
  const { breakdown, count } = priceBasket(lines, ticketOf, event.priceTerms);
  const badAmount = lines.some(
    (l) =>
      l.amountPence !== undefined &&
      !chosenAmountAccepted(parsePounds(amounts[l.ticketTypeId] ?? ""), ticketOf(l.ticketTypeId).pricePence),
  );
  const setQuantity = (id: string, n: number) => {
    setQuantities((q) => ({ ...q, [id]: n }));
    setSent(false);
  };

  return (
    <form
      method="get"
      action={`/events/${encodeURIComponent(event.slug)}/book`}
      target="_blank"
      aria-labelledby="widget-tickets-heading"
      onSubmit={() => setSent(true)}
      className="mt-4"
    >
      <h3 id="widget-tickets-heading" className="text-base font-bold">
        Choose your tickets
      </h3>
      <ul className="divide-y divide-border">
        {event.tickets.map((t) => (
          <TicketRow
            key={t.id}
            ticket={t}
            now={now}
            terms={event.priceTerms}
            unlocked={false}
            quantity={quantities[t.id] ?? 0}
            amount={amounts[t.id] ?? poundsForInput(t.pricePence)}
            onStep={(delta) =>
              setQuantity(t.id, Math.max(0, Math.min(remaining(t), t.maxPerOrder, (quantities[t.id] ?? 0) + delta)))
            }
            onSet={(n) => setQuantity(t.id, n)}
            onAmount={(v) => setAmounts((a) => ({ ...a, [t.id]: v }))}
          />
        ))}
      </ul>
      <OrderTotals breakdown={breakdown} count={count} currency={event.currency} />
      <button
        type="submit"
        className="btn mt-4 w-full bg-brand-strong text-on-brand hover:brightness-95"
        disabled={hydrated && (count === 0 || badAmount)}
      >
        Continue to payment
        <ExternalLink aria-hidden className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </button>
      <p className="mt-2 text-xs text-fg-muted">
        Prices include every fee. Payment opens in a new tab on Ticketyboo, where you log in or sign up and we hold your
        tickets for 10 minutes.
      </p>
      {sent ? (
        <p role="status" className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm font-medium">
          Finish booking in the new tab. Not there? Check that your browser allowed it to open.
        </p>
      ) : null}
    </form>
  );
}

import { headlinePrice, type PriceTerms } from "~/domain/pricing";
import { inSaleWindow, remaining } from "~/domain/ticket-availability";
import { formatMoney } from "~/lib/format";
import type { EventPageTicket } from "~/services/get-event-page";

/** Prices only, for a closed event. */
export function TicketPrices({ tickets, now, terms }: { tickets: EventPageTicket[]; now: Date; terms: PriceTerms }) {
  return (
    <ul className="mt-3 divide-y divide-border text-sm">
      {tickets.map((t) => (
        <li key={t.id} className="flex justify-between py-2">
          <span>{t.name}</span>
          <span className="font-semibold">
            {t.pricePence === 0 ? "Free" : formatMoney(headlinePrice(t.pricePence, terms).totalMinor, terms.currency)}
          </span>
          <span className="sr-only">{remaining(t) === 0 ? "Sold out" : inSaleWindow(t, now) ? "" : "Not on sale"}</span>
        </li>
      ))}
    </ul>
  );
}

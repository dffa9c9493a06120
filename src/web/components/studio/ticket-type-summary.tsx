import { headlinePrice, priceTerms, type FeeMode } from "~/domain/pricing";
import type { Currency } from "~/domain/money";
import { remaining, type TicketKind } from "~/domain/ticket-availability";
import { formatEventDateTime, formatMoney } from "~/lib/format";

const KIND: Record<TicketKind, string> = {
  general: "General",
  private: "Private",
  scheduled_visible: "Scheduled",
  scheduled_hidden: "Scheduled, hidden",
};

/** When a ticket type is on sale, in words. */
function saleWindow(start: Date | null, end: Date | null): string {
  if (start && end) return `On sale ${formatEventDateTime(start)} to ${formatEventDateTime(end)}`;
  if (start) return `On sale from ${formatEventDateTime(start)}`;
  if (end) return `On sale until ${formatEventDateTime(end)}`;
  return "On sale until the event";
}

/**
 * The face value as the host set it, and beside it what a buyer pays for one, from the one price
 * function (`headlinePrice` on the event's own fee mode and currency), so the host sees the all-in price.
 */
export function ticketPriceWords(
  t: { pricePence: number; payWhatYouWish: boolean },
  feeMode: FeeMode,
  currency: Currency,
): { face: string; buyers: string | null } {
  const money = (p: number) => formatMoney(p, currency);
  if (t.pricePence === 0) return { face: t.payWhatYouWish ? "Pay what you wish, from free" : "Free", buyers: null };
  const head = headlinePrice(t.pricePence, priceTerms(feeMode, currency));
  const from = t.payWhatYouWish ? "from " : "";
  return {
    face: t.payWhatYouWish ? `Pay what you wish, from ${money(t.pricePence)}` : `${money(t.pricePence)} face value`,
    buyers:
      head.bookingFeeMinor > 0
        ? `Buyers pay ${from}${money(head.totalMinor)}, including a ${money(head.bookingFeeMinor)} booking fee`
        : `Buyers pay ${from}${money(head.totalMinor)}; you cover the booking fee`,
  };
}

export function TicketTypeSummary({
  ticket: t,
  currency,
  feeMode,
  now,
}: {
  ticket: {
    name: string;
    description: string | null;
    kind: TicketKind;
    pricePence: number;
    payWhatYouWish: boolean;
    capacity: number;
    sold: number;
    held: number;
    maxPerOrder: number;
    salesStartAt: Date | null;
    salesEndAt: Date | null;
    sectionName: string | null;
  };
  currency: Currency;
  feeMode: FeeMode;
  now: Date;
}) {
  const price = ticketPriceWords(t, feeMode, currency);
  const ended = t.salesEndAt !== null && now >= t.salesEndAt;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-lg font-bold break-words">{t.name}</h3>
        <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg-muted">
          {KIND[t.kind]}
        </span>
        {remaining(t) === 0 && t.capacity > 0 ? (
          <span className="rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold">Sold out</span>
        ) : null}
      </div>
      {t.description ? <p className="text-sm break-words text-fg-muted">{t.description}</p> : null}
      <p className="text-sm">
        <strong>{price.face}</strong>
        {price.buyers ? <span className="block text-fg-muted">{price.buyers}</span> : null}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm tablet:grid-cols-4">
        <div>
          <dt className="text-xs text-fg-muted uppercase">Places</dt>
          <dd className="font-semibold tabular-nums">{t.capacity}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted uppercase">Sold</dt>
          <dd className="font-semibold tabular-nums">{t.sold}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted uppercase">At checkout</dt>
          <dd className="font-semibold tabular-nums">{t.held}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted uppercase">Per order</dt>
          <dd className="font-semibold tabular-nums">Up to {t.maxPerOrder}</dd>
        </div>
      </dl>
      <p className="text-sm text-fg-muted">
        {ended ? "Sale ended" : saleWindow(t.salesStartAt, t.salesEndAt)}
        {t.sectionName ? ` · Sells seats in ${t.sectionName}` : ""}
      </p>
    </div>
  );
}

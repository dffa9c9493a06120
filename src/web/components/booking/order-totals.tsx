import type { Currency } from "~/domain/money";
import type { PriceBreakdown } from "~/domain/pricing";
import { formatMoney } from "~/lib/format";

/** The booking panel's running total: the discount, the booking fee included, and what it all comes to. */
export function OrderTotals({
  breakdown,
  count,
  currency,
}: {
  breakdown: PriceBreakdown;
  count: number;
  currency: Currency;
}) {
  return (
    <dl className="mt-4 space-y-1 border-t border-border pt-4 text-sm" aria-live="polite">
      {breakdown.discountPence > 0 ? (
        <div className="flex justify-between text-success">
          <dt>Discount</dt>
          <dd>−{formatMoney(breakdown.discountPence, currency)}</dd>
        </div>
      ) : null}
      {breakdown.bookingFeePence > 0 ? (
        <div className="flex justify-between text-fg-muted">
          <dt>Booking fee included</dt>
          <dd>{formatMoney(breakdown.bookingFeePence, currency)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between text-base font-bold">
        <dt>Total {count > 0 ? `(${count} ${count === 1 ? "ticket" : "tickets"})` : ""}</dt>
        <dd>{count === 0 ? "—" : breakdown.totalPence === 0 ? "Free" : formatMoney(breakdown.totalPence, currency)}</dd>
      </div>
    </dl>
  );
}

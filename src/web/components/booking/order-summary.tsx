import { lineLabel } from "~/domain/companion-tickets";

/** What an order is made of, as checkout and the order page both show it. */

export function OrderLines({
  lines,
  money,
}: {
  lines: readonly {
    ticketTypeId: string;
    name: string;
    quantity: number;
    unitPricePence: number;
    companion?: boolean;
  }[];
  money: (pence: number) => string;
}) {
  return (
    <ul className="mt-3 space-y-2 text-sm">
      {lines.map((l) => (
        <li key={`${l.ticketTypeId}${l.companion ? ":companion" : ""}`} className="flex justify-between gap-3">
          <span>{lineLabel(l)}</span>
          <span>{l.unitPricePence === 0 ? "Free" : money(l.quantity * l.unitPricePence)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The money: the tickets (when shown), the discount with its code, the booking fee, and the total. */
export function OrderBreakdown(props: {
  subtotalPence?: number;
  discountPence: number;
  discountCode: string | null;
  bookingFeePence: number;
  totalPence: number;
  totalLabel: string;
  money: (pence: number) => string;
}) {
  const { money } = props;
  return (
    <dl className="mt-4 space-y-1 border-t border-border pt-3 text-sm">
      {props.subtotalPence !== undefined ? (
        <div className="flex justify-between">
          <dt>Tickets</dt>
          <dd>{money(props.subtotalPence)}</dd>
        </div>
      ) : null}
      {props.discountPence > 0 ? (
        <div className="flex justify-between text-success">
          <dt>Discount{props.discountCode ? ` (${props.discountCode.toUpperCase()})` : ""}</dt>
          <dd>−{money(props.discountPence)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Booking fee</dt>
        <dd>{money(props.bookingFeePence)}</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-2 text-base font-bold">
        <dt>{props.totalLabel}</dt>
        <dd>{props.totalPence === 0 ? "Free" : money(props.totalPence)}</dd>
      </div>
    </dl>
  );
}

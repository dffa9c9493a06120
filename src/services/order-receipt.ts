import type { Db } from "~/db/client.server";
import { orderStanding, receiptRows, type OrderStanding, type ReceiptRow } from "~/domain/receipt";
import { formatLondonTime, formatLongDate, formatWhenInFull } from "~/lib/format";
import { getOrder } from "./get-order";

/** An order's receipt, as its PDF shows it. */
export interface ReceiptDocument {
  reference: string;
  /** When it was paid for (or booked, when free): 'Thursday 26 November 2026, 7:04 pm'. */
  placedAt: string;
  standing: OrderStanding;
  buyer: { name: string; email: string };
  event: { name: string; when: string; where: string };
  host: string;
  /** How it was paid: null for a free order. */
  paidWith: string | null;
  rows: ReceiptRow[];
  /** When it was cancelled (and any refund made): 'Thursday 26 November 2026'. */
  cancelledOn: string | null;
}

const PAID_WITH: Record<string, string> = { stripe: "Card, through Stripe", test: "Test card (no money taken)" };

/** The receipt for an order its buyer placed; null when it does not exist or is not theirs. */
export async function orderReceipt(
  db: Db,
  input: { reference: string; userId: string },
): Promise<ReceiptDocument | null> {
  const o = await getOrder(db, input);
  if (!o) return null;
  return {
    reference: o.reference,
    placedAt: `${formatLongDate(o.paidAt ?? o.createdAt)}, ${formatLondonTime(o.paidAt ?? o.createdAt)}`,
    standing: orderStanding(o),
    buyer: { name: o.buyerName, email: o.buyerEmail },
    event: {
      name: o.event.name,
      when: formatWhenInFull(o.event.startsAt, o.event.endsAt),
      where: o.event.venue ? `${o.event.venue.name}, ${o.event.venue.address}` : "Online",
    },
    host: o.event.host,
    paidWith: o.totalPence === 0 ? null : (PAID_WITH[o.provider ?? ""] ?? "Card"),
    rows: receiptRows(o),
    cancelledOn: o.cancelledAt ? formatLongDate(o.cancelledAt) : null,
  };
}

import { formatAmount, formatMoney } from "~/lib/format";
import { lineLabel } from "./companion-tickets";

/**
 * What a buyer's order list and receipt say of an order: where it stands ("Paid", "Partly
 * refunded"…) and the receipt's rows, from the order's stored totals. Pure.
 */

export interface ReceiptOrder {
  status: "paid" | "free" | "refunded" | "cancelled";
  currency: "GBP" | "EUR";
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  bookingFeePence: number;
  totalPence: number;
  refundedPence: number;
  lines: readonly { name: string; quantity: number; unitPricePence: number; companion?: boolean }[];
}

export type OrderStanding = "Paid" | "Booked" | "Partly refunded" | "Refunded" | "Cancelled" | "Refund asked for";

/**
 * Where an order stands, in the words the order list shows. `refundAsked`: the buyer's request to cancel is with the
 * host (or its refund is on its way), which the list says rather than a plain "Paid".
 */
export function orderStanding(
  o: Pick<ReceiptOrder, "status" | "refundedPence" | "totalPence">,
  refundAsked = false,
): OrderStanding {
  if (o.status === "refunded") return "Refunded";
  if (o.status === "cancelled") return o.refundedPence > 0 ? "Refunded" : "Cancelled";
  if (o.refundedPence >= o.totalPence && o.refundedPence > 0) return "Refunded";
  if (refundAsked) return "Refund asked for";
  if (o.refundedPence > 0) return "Partly refunded";
  return o.status === "free" ? "Booked" : "Paid";
}

export interface ReceiptRow {
  label: string;
  /** Already formatted in the order's currency ('Free', '−£2.00'). */
  amount: string;
  kind: "line" | "adjustment" | "total" | "refund";
}

/**
 * The receipt's rows: each line (quantity × name, at its unit price), the discount with its code,
 * the booking fee, the total paid; then any refund and what was kept. Free companion tickets read
 * "1 × Companion ticket · free" (decision 0031).
 */
export function receiptRows(o: ReceiptOrder): ReceiptRow[] {
  // The amounts' column always shows pence (£20.00 above £0.20); a unit price in a label reads as prose.
  const money = (pence: number) => formatAmount(pence, o.currency);
  const price = (pence: number) => formatMoney(pence, o.currency);
  const rows: ReceiptRow[] = o.lines.map((l) => ({
    label: `${lineLabel(l)}${l.quantity > 1 && l.unitPricePence > 0 ? ` at ${price(l.unitPricePence)}` : ""}`,
    amount: l.unitPricePence === 0 ? "Free" : money(l.quantity * l.unitPricePence),
    kind: "line",
  }));
  if (o.discountPence > 0)
    rows.push({
      label: `Discount${o.discountCode ? ` (${o.discountCode.toUpperCase()})` : ""}`,
      amount: `−${money(o.discountPence)}`,
      kind: "adjustment",
    });
  rows.push({ label: "Booking fee", amount: money(o.bookingFeePence), kind: "adjustment" });
  rows.push({ label: "Total paid", amount: o.totalPence === 0 ? "Free" : money(o.totalPence), kind: "total" });
  if (o.refundedPence > 0) {
    rows.push({ label: "Refunded", amount: `−${money(o.refundedPence)}`, kind: "refund" });
    rows.push({ label: "Paid after refunds", amount: money(o.totalPence - o.refundedPence), kind: "total" });
  }
  return rows;
}

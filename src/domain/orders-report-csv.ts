import { londonHhMm, londonYmd } from "~/lib/london-time";
import { ORDER_REPORT_STATUS_TEXT, orderReportStatus } from "./reports";
import { CSV_BOM, csvLines } from "./spreadsheet-csv";

/*
 * The orders report as a file (issue 21): one line per order, money as plain numbers a spreadsheet
 * can add up (pounds and pence, with the currency beside them), times in London, and the buyer's
 * checkout answers as a column per question. Written a batch at a time, so the file streams.
 */

export interface OrderCsvInput {
  reference: string;
  createdAt: Date;
  eventName: string;
  eventStartsAt: Date;
  buyerName: string;
  buyerEmail: string;
  status: "paid" | "free" | "refunded" | "cancelled";
  currency: string;
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  bookingFeePence: number;
  totalPence: number;
  refundedPence: number;
  tickets: number;
  companions: number;
  lines: string;
  answers: Record<string, string>;
  questions: { id: string; label: string }[];
}

const BASE_HEADER = [
  "Order",
  "Placed (UK time)",
  "Event",
  "Event date",
  "Buyer",
  "Email",
  "Status",
  "Tickets",
  "Companion tickets",
  "Ticket types",
  "Currency",
  "Subtotal",
  "Discount",
  "Discount code",
  "Booking fee",
  "Total paid",
  "Refunded",
] as const;

/** 'DD/MM/YYYY HH:MM' in London (spec §9's date format, a 24-hour time a spreadsheet reads). */
function londonStamp(at: Date): string {
  const [y, m, d] = londonYmd(at).split("-");
  return `${d}/${m}/${y} ${londonHhMm(at)}`;
}

/** Minor units as a plain decimal: 1250 → "12.50", -5 → "-0.05". */
export function decimalAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The file's first line: the byte order mark and the header, with a column per question asked. */
export function ordersCsvHeader(questionLabels: readonly string[]): string {
  return CSV_BOM + csvLines([[...BASE_HEADER, ...questionLabels]]);
}

/** A batch of orders as lines of the file; answers go under their question's wording. */
export function ordersCsvLines(rows: readonly OrderCsvInput[], questionLabels: readonly string[]): string {
  return csvLines(
    rows.map((r) => {
      const byLabel = new Map<string, string>();
      for (const q of r.questions) {
        const answer = r.answers[q.id];
        if (answer !== undefined && answer !== "") byLabel.set(q.label, answer);
      }
      return [
        r.reference,
        londonStamp(r.createdAt),
        r.eventName,
        londonStamp(r.eventStartsAt),
        r.buyerName,
        r.buyerEmail,
        ORDER_REPORT_STATUS_TEXT[orderReportStatus(r)],
        String(r.tickets),
        String(r.companions),
        r.lines,
        r.currency,
        decimalAmount(r.subtotalPence),
        decimalAmount(r.discountPence),
        r.discountCode ?? "",
        decimalAmount(r.bookingFeePence),
        decimalAmount(r.totalPence),
        decimalAmount(r.refundedPence),
        ...questionLabels.map((label) => byLabel.get(label) ?? ""),
      ];
    }),
  );
}

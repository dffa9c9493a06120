import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { receiptRows } from "~/domain/receipt";
import type { ReceiptDocument } from "./order-receipt";
import { renderReceiptPdf } from "./receipt-pdf.server";

const receipt: ReceiptDocument = {
  reference: "TB-7QK2MZ9P",
  placedAt: "Thursday 26 November 2026, 7:04 pm",
  standing: "Partly refunded",
  buyer: { name: "Bea Buyer", email: "bea@example.test" },
  event: {
    name: "Kelham Island Pub Quiz",
    when: "Saturday 5 December 2026, 7:30 pm – 10:30 pm (UK time)",
    where: "The Fat Cat, 23 Alma Street, Sheffield S3 8SA",
  },
  host: "The Crown Collective",
  paidWith: "Card, through Stripe",
  rows: receiptRows({
    status: "paid",
    currency: "GBP",
    subtotalPence: 2000,
    discountPence: 200,
    discountCode: "quiz10",
    bookingFeePence: 110,
    totalPence: 1910,
    refundedPence: 955,
    lines: [{ name: "Team of four", quantity: 2, unitPricePence: 1000 }],
  }),
  cancelledOn: null,
};

describe("PDF receipt", () => {
  it("is one page a PDF parser reads, with the order, the parties, every line and the refund", async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.pages).toHaveLength(1);
    const flat = text.pages[0]!.text.replace(/\s+/g, " ");
    for (const words of [
      "Receipt",
      "TB-7QK2MZ9P",
      "Bea Buyer (bea@example.test)",
      "The Crown Collective, through Ticketyboo",
      "Kelham Island Pub Quiz",
      "2 × Team of four at £10 £20.00 ",
      "Discount (QUIZ10) –£2.00 ",
      "Booking fee £1.10",
      "Total paid £19.10",
      "Refunded –£9.55",
      "Paid after refunds £9.55",
      "Partly refunded",
    ])
      expect(flat).toContain(words);
  });
});

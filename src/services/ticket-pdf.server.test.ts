import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import type { TicketDocument } from "~/services/ticket-documents";
import { renderTicketsPdf } from "./ticket-pdf.server";

const ticket = (n: number): TicketDocument => ({
  code: `TB1.0BKZQZJ5SNM7R2BAQ9DHTZ2EWG.${n}.Q8H4V6Y1N0C3K5M7`,
  eventName: "Kelham Island Pub Quiz",
  when: "Saturday 5 December 2026, 7:30 pm – 10:30 pm (UK time)",
  where: "The Fat Cat, 23 Alma Street, Sheffield S3 8SA",
  typeName: "Team of four",
  seat: n === 2 ? "B7" : null,
  holderName: "Bea Buyer",
  reference: "TB-7QK2MZ9P",
  position: `Ticket ${n} of 2`,
  host: "The Crown Collective",
});

describe("PDF tickets", () => {
  it("makes one page per ticket, each readable by a PDF parser and carrying its code", async () => {
    const pdf = await renderTicketsPdf([ticket(1), ticket(2)], { title: "Tickets TB-7QK2MZ9P" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.pages).toHaveLength(2);
    for (const [i, page] of text.pages.entries()) {
      const flat = page.text.replace(/\s+/g, " ");
      expect(flat).toContain(ticket(i + 1).code);
      expect(flat).toContain("Kelham Island Pub Quiz");
      expect(flat).toContain("TB-7QK2MZ9P");
      expect(flat).toContain(`Ticket ${i + 1} of 2`);
    }
    expect(text.pages[1]!.text).toContain("seat B7");
  });
});

import QRCode from "qrcode";
import { drawMasthead, PDF_INK as INK, PDF_MUTED as MUTED, renderPdf } from "./pdf-document.server";
import type { TicketDocument } from "./ticket-documents";

// A5 portrait: prints on A4 folded, or reads on a phone.
const PAGE: [number, number] = [419.53, 595.28];
const MARGIN = 36;

/**
 * Tickets as a PDF, one page each, made by pdfkit: the event, when and where, the ticket, the
 * holder and order reference, and a large QR code (drawn from the qrcode library's own module
 * matrix, black on white) with its code printed beneath for typing in by hand. Standard PDF fonts
 * only: nothing is fetched.
 */
export function renderTicketsPdf(tickets: readonly TicketDocument[], opts: { title: string }): Promise<Buffer> {
  return renderPdf({ size: PAGE, margin: MARGIN, title: opts.title }, (doc) => {
    for (const t of tickets) drawTicket(doc, t);
  });
}

function drawTicket(doc: PDFKit.PDFDocument, t: TicketDocument) {
  doc.addPage();
  const width = PAGE[0] - 2 * MARGIN;
  drawMasthead(doc, { width: PAGE[0], margin: MARGIN }, { size: 16, top: MARGIN - 8, note: t.position });

  doc.moveDown(1.2);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(t.eventName, { width });
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).fillColor(INK).text(t.when, { width });
  doc.fillColor(MUTED).text(t.where, { width });

  doc.moveDown(0.8);
  const rows: [string, string][] = [
    ["Ticket", t.seat ? `${t.typeName}, seat ${t.seat}` : t.typeName],
    ["Name", t.holderName ?? "—"],
    ["Order", t.reference],
    ["Host", t.host],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label.toUpperCase(), MARGIN, y, { width: 70 });
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text(value, MARGIN + 72, y - 1, { width: width - 72 });
    doc.moveDown(0.35);
  }

  const size = 210;
  const x = (PAGE[0] - size) / 2;
  const y = Math.max(doc.y + 14, 300);
  drawQr(doc, t.code, x, y, size);
  doc
    .font("Courier")
    .fontSize(8.5)
    .fillColor(INK)
    .text(t.code, MARGIN, y + size + 10, { width, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      "Show this QR code at the door, on your phone or printed. Each ticket lets one person in, once.",
      MARGIN,
      PAGE[1] - MARGIN - 24,
      { width, align: "center" },
    );
}

/** The QR code as filled squares, with the quiet zone the standard asks for, on white. */
function drawQr(doc: PDFKit.PDFDocument, code: string, x: number, y: number, size: number) {
  const qr = QRCode.create(code, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill("#ffffff");
  doc.fillColor("#000000");
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col))
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill();
}

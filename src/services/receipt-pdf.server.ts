import type { ReceiptDocument } from "./order-receipt";
import { drawMasthead, PDF_INK as INK, PDF_MUTED as MUTED, PDF_PINK as PINK, renderPdf } from "./pdf-document.server";

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;

/**
 * An order's receipt as a one-page A4 PDF: who sold what to whom and when, each line, the discount,
 * the booking fee, the total paid, and any refund.
 */
export function renderReceiptPdf(r: ReceiptDocument): Promise<Buffer> {
  return renderPdf({ size: PAGE, margin: MARGIN, title: `Receipt ${r.reference}` }, (doc) => {
    doc.addPage();
    drawMasthead(doc, { width: PAGE[0], margin: MARGIN }, { size: 18, top: MARGIN - 16, note: r.standing });
    doc.moveDown(1.5);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(22).text("Receipt", MARGIN);
    doc.moveDown(0.6);

    const facts: [string, string][] = [
      ["Order", r.reference],
      ["Date", r.placedAt],
      ["Bought by", `${r.buyer.name} (${r.buyer.email})`],
      ["Sold by", `${r.host}, through Ticketyboo`],
      ...(r.paidWith ? ([["Paid with", r.paidWith]] as [string, string][]) : []),
      ...(r.cancelledOn ? ([["Cancelled", r.cancelledOn]] as [string, string][]) : []),
    ];
    for (const [label, value] of facts) labelled(doc, label, value);

    doc.moveDown(0.8);
    doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text(r.event.name, MARGIN, doc.y, { width: WIDTH });
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(r.event.when, { width: WIDTH });
    doc.text(r.event.where, { width: WIDTH });

    doc.moveDown(1);
    rule(doc);
    for (const row of r.rows) {
      if (row.kind === "total") rule(doc);
      const y = doc.y + 6;
      const bold = row.kind === "total";
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bold ? 12 : 11)
        .fillColor(row.kind === "refund" ? PINK : INK);
      doc.text(row.label, MARGIN, y, { width: WIDTH - 120 });
      const after = doc.y;
      // The standard fonts have no minus sign (U+2212): an en dash stands in for it.
      doc.text(row.amount.replace("\u2212", "\u2013"), MARGIN + WIDTH - 120, y, { width: 120, align: "right" });
      doc.y = Math.max(after, doc.y);
    }
    doc.moveDown(0.5);
    rule(doc);
    doc
      .moveDown(1.5)
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Questions about this order? Quote its reference, ${r.reference}, to the host or to Ticketyboo's support.`,
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
  });
}

function labelled(doc: PDFKit.PDFDocument, label: string, value: string) {
  const y = doc.y;
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(label.toUpperCase(), MARGIN, y + 1, { width: 90 });
  doc
    .font("Helvetica")
    .fontSize(11)
    .fillColor(INK)
    .text(value, MARGIN + 92, y, { width: WIDTH - 92 });
  doc.moveDown(0.3);
}

function rule(doc: PDFKit.PDFDocument) {
  const y = doc.y + 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor("#d8d2dc")
    .stroke();
  doc.y = y + 2;
}

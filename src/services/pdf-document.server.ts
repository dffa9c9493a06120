import PDFDocument from "pdfkit";

/** Ticketyboo's colours and the shared bits of every PDF we make (tickets, receipts). */
export const PDF_PINK = "#c8175f";
export const PDF_INK = "#1b1620";
export const PDF_MUTED = "#5d5566";

/**
 * A pdfkit document drawn by `draw` and collected into one buffer. Standard PDF fonts only:
 * nothing is fetched.
 */
export function renderPdf(
  options: { size: [number, number] | string; margin: number; title: string },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    autoFirstPage: false,
    info: { Title: options.title, Author: "Ticketyboo", Creator: "Ticketyboo" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Every page's top: a pink band, 'Ticketyboo', and a note on the right (a ticket's number, a receipt's standing). */
export function drawMasthead(
  doc: PDFKit.PDFDocument,
  page: { width: number; margin: number },
  opts: { size: number; top: number; note: string },
) {
  doc.rect(0, 0, page.width, 6).fill(PDF_PINK);
  doc.fillColor(PDF_PINK).font("Helvetica-Bold").fontSize(opts.size).text("Ticketyboo", page.margin, opts.top);
  doc
    .fillColor(PDF_MUTED)
    .font("Helvetica")
    .fontSize(opts.size >= 18 ? 10 : 9)
    .text(opts.note, page.margin, opts.top + 4, { width: page.width - 2 * page.margin, align: "right" });
}

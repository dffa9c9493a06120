import QRCode from "qrcode";
import sharp from "sharp";
import { PDF_INK, PDF_MUTED, PDF_PINK, renderPdf } from "./pdf-document.server";

/** What a share-kit picture says: the event's facts in words and the link its QR code opens. */
export interface PosterFacts {
  name: string;
  when: string;
  where: string;
  price: string | null;
  /** The address the QR code and the small print carry. */
  url: string;
}

export const SHARE_ASSETS = {
  "poster.pdf": { type: "application/pdf", label: "Poster (PDF, A4)" },
  "poster.png": { type: "image/png", label: "Poster (PNG)" },
  "square.png": { type: "image/png", label: "Square post (1080 × 1080)" },
  "story.png": { type: "image/png", label: "Story (1080 × 1920)" },
} as const;
export type ShareAsset = keyof typeof SHARE_ASSETS;

export function isShareAsset(value: string): value is ShareAsset {
  return Object.hasOwn(SHARE_ASSETS, value);
}

/** The QR code's dark modules, for drawing in any medium. */
function qrModules(url: string): { size: number; dark: (x: number, y: number) => boolean } {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  return { size, dark: (x, y) => Boolean(data[y * size + x]) };
}

/** Draws the share kit's picture or poster. PDFs use the standard PDF fonts; pictures the machine's own fonts. */
export function renderShareAsset(asset: ShareAsset, facts: PosterFacts): Promise<Buffer> {
  switch (asset) {
    case "poster.pdf":
      return posterPdf(facts);
    case "poster.png":
      return png(svgPicture(facts, { width: 1240, height: 1754, layout: "poster" }));
    case "square.png":
      return png(svgPicture(facts, { width: 1080, height: 1080, layout: "square" }));
    case "story.png":
      return png(svgPicture(facts, { width: 1080, height: 1920, layout: "story" }));
  }
}

function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}

/** An A4 poster: the name large, when, where and the price, and a QR code to book. */
function posterPdf(facts: PosterFacts): Promise<Buffer> {
  return renderPdf({ size: "A4", margin: 56, title: `${facts.name} · poster` }, (doc) => {
    doc.addPage();
    const width = doc.page.width;
    const margin = 56;
    const inner = width - 2 * margin;
    doc.rect(0, 0, width, 18).fill(PDF_PINK);
    doc.fillColor(PDF_PINK).font("Helvetica-Bold").fontSize(16).text("Ticketyboo", margin, 44);
    doc
      .fillColor(PDF_INK)
      .font("Helvetica-Bold")
      .fontSize(facts.name.length > 40 ? 34 : 44);
    doc.text(facts.name, margin, 96, { width: inner, height: 200, ellipsis: true });
    let y = Math.min(doc.y, 300) + 20;
    doc.font("Helvetica").fontSize(20).fillColor(PDF_INK);
    for (const line of [facts.when, facts.where]) {
      doc.text(line, margin, y, { width: inner });
      y = doc.y + 6;
    }
    if (facts.price) {
      doc
        .font("Helvetica-Bold")
        .fontSize(22)
        .fillColor(PDF_PINK)
        .text(facts.price, margin, y + 4, { width: inner });
      y = doc.y + 6;
    }
    const qrSide = 260;
    const qrTop = Math.max(y + 30, 420);
    const qrLeft = (width - qrSide) / 2;
    const { size, dark } = qrModules(facts.url);
    const cell = qrSide / (size + 4);
    doc.rect(qrLeft, qrTop, qrSide, qrSide).fill("#ffffff");
    for (let qy = 0; qy < size; qy++)
      for (let qx = 0; qx < size; qx++)
        if (dark(qx, qy)) doc.rect(qrLeft + (qx + 2) * cell, qrTop + (qy + 2) * cell, cell, cell);
    doc.fill("#000000");
    doc
      .font("Helvetica-Bold")
      .fontSize(18)
      .fillColor(PDF_INK)
      .text("Scan to book", margin, qrTop + qrSide + 14, { width: inner, align: "center" });
    doc
      .font("Helvetica")
      .fontSize(11)
      .fillColor(PDF_MUTED)
      .text(facts.url, margin, qrTop + qrSide + 40, { width: inner, align: "center" });
  });
}

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Splits text into at most `maxLines` lines of about `perLine` characters, by words (a word longer
 * than a line is cut), the last line ending in an ellipsis when text is left over.
 */
export function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= perLine) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`;
  return kept;
}

/**
 * A picture for social media or print, composed as SVG and drawn by sharp: a pink ground, the
 * event's name, when and where, the price, and a QR code on white. Fonts are the machine's own
 * (font-family sans-serif): nothing is fetched.
 */
function svgPicture(
  facts: PosterFacts,
  { width, height, layout }: { width: number; height: number; layout: "poster" | "square" | "story" },
): string {
  const pad = Math.round(width * 0.08);
  const nameSize = layout === "square" ? 76 : layout === "story" ? 92 : 104;
  const perLine = Math.max(8, Math.floor((width - 2 * pad) / (nameSize * 0.6)));
  const nameLines = wrapWords(facts.name, perLine, layout === "square" ? 3 : 4);
  const factSize = Math.round(nameSize * 0.46);
  const qrSide = layout === "square" ? 300 : layout === "story" ? 460 : 560;
  const { size, dark } = qrModules(facts.url);
  const cell = qrSide / (size + 4);
  const c = cell.toFixed(2);
  let path = "";
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (dark(x, y)) path += `M${((x + 2) * cell).toFixed(2)} ${((y + 2) * cell).toFixed(2)}h${c}v${c}h-${c}z`;

  /** One line of white (or tinted) text; the words are escaped here. */
  const text = (x: number, y: number, size: number, words: string, extra = "") =>
    `<text x="${x}" y="${y}" font-size="${Math.round(size)}" fill="#ffffff" ${extra}>${xml(words)}</text>`;
  // Stories keep clear of the top, where the app lays its own bar over the picture.
  let y = pad + 40 + (layout === "story" ? 160 : 0);
  const out: string[] = [text(pad, y, factSize * 0.9, "Ticketyboo", 'font-weight="700" opacity="0.9"')];
  y += Math.round(nameSize * 1.5);
  for (const line of nameLines) {
    out.push(text(pad, y, nameSize, line, 'font-weight="800"'));
    y += Math.round(nameSize * 1.12);
  }
  y += Math.round(factSize * 0.6);
  const whereLines = wrapWords(facts.where, Math.floor((width - 2 * pad) / (factSize * 0.55)), 2);
  for (const line of [facts.when, ...whereLines]) {
    out.push(text(pad, y, factSize, line));
    y += Math.round(factSize * 1.35);
  }
  if (facts.price) out.push(text(pad, y + 8, factSize * 1.15, facts.price, 'font-weight="800" style="fill:#ffe3ef"'));
  // The QR code sits at the foot (square: bottom right, beside 'Scan to book').
  const qrX = layout === "square" ? width - pad - qrSide : Math.round((width - qrSide) / 2);
  const qrY = height - pad - qrSide - (layout === "square" ? 0 : Math.round(factSize * 1.6));
  out.push(
    layout === "square"
      ? text(pad, height - pad - 10, factSize, "Scan to book", 'font-weight="700"')
      : text(width / 2, height - pad, factSize, "Scan to book", 'font-weight="700" text-anchor="middle"'),
  );
  const gradient =
    '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#c8175f"/><stop offset="1" stop-color="#5b1a86"/></linearGradient>';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${gradient}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<g font-family="DejaVu Sans, Liberation Sans, sans-serif">${out.join("")}</g>`,
    `<g transform="translate(${qrX} ${qrY})"><rect width="${qrSide}" height="${qrSide}" rx="16" fill="#ffffff"/>`,
    `<path d="${path}" fill="#000000"/></g>`,
    "</svg>",
  ].join("\n");
}

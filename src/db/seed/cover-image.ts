import sharp from "sharp";

/** A small deterministic PRNG (mulberry32), so a seed draws the same picture every time. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Wraps a title into at most three lines of about `width` characters. */
function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/**
 * A cover for a demo event: the category's gradient, soft geometric shapes and the title.
 * Made locally from SVG; nothing is downloaded.
 */
export async function renderCoverImage(opts: { title: string; palette: [string, string]; seed: string }): Promise<Buffer> {
  const W = 1200;
  const H = 675;
  const rand = prng(hashString(opts.seed));
  const shapes = Array.from({ length: 7 }, () => {
    const r = 60 + rand() * 220;
    const x = rand() * W;
    const y = rand() * H;
    const o = 0.08 + rand() * 0.18;
    return rand() > 0.5
      ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${o.toFixed(2)}"/>`
      : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(r * 1.4).toFixed(0)}" height="${(r * 1.4).toFixed(0)}" rx="40" transform="rotate(${(rand() * 90).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="#fff" fill-opacity="${o.toFixed(2)}"/>`;
  });
  const lines = wrap(opts.title, 22);
  const text = lines
    .map((l, i) => `<text x="72" y="${H - 90 - (lines.length - 1 - i) * 78}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="64" fill="#fff">${escapeXml(l)}</text>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.palette[0]}"/><stop offset="1" stop-color="${opts.palette[1]}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}<rect width="100%" height="100%" fill="url(#shade)"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** A round-friendly avatar with initials, for demo accounts. */
export async function renderAvatar(opts: { initials: string; palette: [string, string] }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.palette[0]}"/><stop offset="1" stop-color="${opts.palette[1]}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <text x="200" y="250" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="150" fill="#fff">${escapeXml(opts.initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

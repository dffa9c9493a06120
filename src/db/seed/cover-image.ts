import sharp from "sharp";

/**
 * Generated artwork for the demo: event covers and avatars drawn as SVG and encoded by sharp.
 * Nothing is downloaded and no font is bundled; the title uses whatever sans-serif the system has.
 */

/** mulberry32: a tiny deterministic PRNG, so one seed always draws the same picture. */
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

/** FNV-1a: turns a text seed into a number for `prng`. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

type Rand = () => number;
type Motif = (rand: Rand, accent: string) => string;

const W = 1600;
const H = 900;

const between = (rand: Rand, min: number, max: number) => min + rand() * (max - min);
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const n = (value: number) => value.toFixed(0);

/* Each category gets its own motif, so a grid of cards reads by category at a glance. */

/** Music: rings spreading from a point, over an equaliser along the bottom. */
const soundRings: Motif = (rand, accent) => {
  const cx = between(rand, W * 0.55, W * 0.9);
  const cy = between(rand, H * 0.15, H * 0.5);
  const rings = Array.from(
    { length: 9 },
    (_, i) =>
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(60 + i * 85)}" fill="none" stroke="#fff" ` +
      `stroke-opacity="${(0.28 - i * 0.025).toFixed(3)}" stroke-width="${n(10 + rand() * 14)}"/>`,
  );
  const bars = Array.from({ length: 32 }, (_, i) => {
    const h = between(rand, 40, 260);
    return (
      `<rect x="${n(i * 50 + 8)}" y="${n(H - h)}" width="34" height="${n(h)}" rx="8" fill="${accent}" ` +
      `fill-opacity="0.35"/>`
    );
  });
  return rings.join("") + bars.join("");
};

/** Comedy: a spotlight and scattered dots. */
const spotlight: Motif = (rand) => {
  const cx = between(rand, W * 0.45, W * 0.8);
  const dots = Array.from(
    { length: 26 },
    () =>
      `<circle cx="${n(rand() * W)}" cy="${n(rand() * H)}" r="${n(between(rand, 8, 46))}" fill="#fff" ` +
      `fill-opacity="${between(rand, 0.1, 0.3).toFixed(2)}"/>`,
  );
  return `<defs><radialGradient id="spot">
      <stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient></defs>
    <polygon points="${n(cx - 40)},0 ${n(cx + 40)},0 ${n(cx + 380)},${H} ${n(cx - 380)},${H}"
      fill="#fff" fill-opacity="0.12"/>
    <ellipse cx="${n(cx)}" cy="${H - 120}" rx="420" ry="110" fill="url(#spot)"/>${dots.join("")}`;
};

/** Pubs & clubs: diagonal stripes and beer-mat rings. */
const stripesAndMats: Motif = (rand, accent) => {
  const stripes = Array.from(
    { length: 14 },
    (_, i) =>
      `<rect x="${n(i * 180 - 400)}" y="-200" width="${n(between(rand, 30, 90))}" height="${H + 400}" fill="#fff" ` +
      `fill-opacity="0.08" transform="rotate(28 ${W / 2} ${H / 2})"/>`,
  );
  const mats = Array.from({ length: 5 }, () => {
    const x = rand() * W;
    const y = rand() * H * 0.7;
    const r = between(rand, 70, 160);
    return (
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${accent}" fill-opacity="0.3"/><circle cx="${n(x)}" ` +
      `cy="${n(y)}" r="${n(r * 0.72)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>`
    );
  });
  return stripes.join("") + mats.join("");
};

/** Arts & culture: a low-poly mosaic of triangles. */
const mosaic: Motif = (rand, accent) => {
  const cell = 200;
  const shapes: string[] = [];
  for (let y = 0; y < H; y += cell) {
    for (let x = 0; x < W; x += cell) {
      const fill = rand() > 0.7 ? accent : "#fff";
      const o = between(rand, 0.03, 0.22).toFixed(2);
      shapes.push(
        rand() > 0.5
          ? `<polygon points="${x},${y} ${x + cell},${y} ${x},${y + cell}" fill="${fill}" fill-opacity="${o}"/>`
          : `<polygon points="${x + cell},${y} ${x + cell},${y + cell} ${x},${y + cell}" fill="${fill}" ` +
              `fill-opacity="${o}"/>`,
      );
    }
  }
  return shapes.join("");
};

/** Sports & fitness: chevrons racing across. */
const chevrons: Motif = (rand, accent) => {
  const y = between(rand, H * 0.2, H * 0.5);
  return Array.from({ length: 8 }, (_, i) => {
    const x = i * 230 - 120 + rand() * 30;
    const fill = i % 3 === 2 ? accent : "#fff";
    return (
      `<polygon points="${n(x)},${n(y - 220)} ${n(x + 120)},${n(y - 220)} ${n(x + 300)},${n(y)} ` +
      `${n(x + 120)},${n(y + 220)} ${n(x)},${n(y + 220)} ${n(x + 180)},${n(y)}" fill="${fill}" ` +
      `fill-opacity="${between(rand, 0.1, 0.3).toFixed(2)}"/>`
    );
  }).join("");
};

/** Food & drink: plates seen from above. */
const plates: Motif = (rand, accent) =>
  Array.from({ length: 7 }, () => {
    const x = rand() * W;
    const y = rand() * H;
    const r = between(rand, 90, 230);
    return (
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#fff" fill-opacity="0.14"/><circle cx="${n(x)}" ` +
      `cy="${n(y)}" r="${n(r * 0.66)}" fill="${accent}" fill-opacity="0.3"/><circle cx="${n(x)}" cy="${n(y)}" ` +
      `r="${n(r * 0.66)}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="4"/>`
    );
  }).join("");

/** Nodes joined by lines: business networking and online events. */
function network(rand: Rand, accent: string, gridDots: boolean): string {
  const nodes = Array.from({ length: 14 }, () => ({ x: rand() * W, y: rand() * H * 0.8, r: between(rand, 10, 34) }));
  const lines = nodes.flatMap((a, i) =>
    nodes
      .slice(i + 1)
      .filter((b) => Math.hypot(a.x - b.x, a.y - b.y) < 480)
      .map(
        (b) =>
          `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke="#fff" stroke-opacity="0.25" ` +
          `stroke-width="3"/>`,
      ),
  );
  const dots: string[] = [];
  if (gridDots)
    for (let y = 40; y < H; y += 60)
      for (let x = 40; x < W; x += 60) dots.push(`<circle cx="${x}" cy="${y}" r="3" fill="#fff" fill-opacity="0.18"/>`);
  const circles = nodes.map(
    (p, i) =>
      `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}" fill="${i % 4 === 0 ? accent : "#fff"}" ` +
      `fill-opacity="0.5"/>`,
  );
  return dots.join("") + lines.join("") + circles.join("");
}

/** Charity: arcs rising like a sunrise. */
const risingArcs: Motif = (rand, accent) => {
  const cx = between(rand, W * 0.3, W * 0.8);
  return Array.from({ length: 7 }, (_, i) => {
    const r = 140 + i * 120;
    return (
      `<path d="M ${n(cx - r)} ${H} A ${r} ${r} 0 0 1 ${n(cx + r)} ${H}" fill="none" ` +
      `stroke="${i % 3 === 0 ? accent : "#fff"}" stroke-opacity="${(0.38 - i * 0.04).toFixed(2)}" ` +
      `stroke-width="${n(between(rand, 24, 56))}"/>`
    );
  }).join("");
};

/** Community: strings of bunting. */
const bunting: Motif = (rand, accent) => {
  const colours = ["#fff", accent, "#fde68a", "#fbcfe8"];
  return Array.from({ length: 3 }, (_, row) => {
    const y0 = 60 + row * 170 + rand() * 40;
    const sag = between(rand, 40, 110);
    const flags = Array.from({ length: 12 }, (_, i) => {
      const x = i * 140 + 10;
      const t = (x + 60) / W;
      const y = y0 + sag * 4 * t * (1 - t);
      return (
        `<polygon points="${n(x)},${n(y)} ${n(x + 120)},${n(y)} ${n(x + 60)},${n(y + 110)}" ` +
        `fill="${pick(rand, colours)}" fill-opacity="0.55"/>`
      );
    });
    return (
      `<path d="M 0 ${n(y0)} Q ${W / 2} ${n(y0 + sag * 2)} ${W} ${n(y0)}" fill="none" stroke="#fff" ` +
      `stroke-opacity="0.6" stroke-width="4"/>${flags.join("")}`
    );
  }).join("");
};

/** Education: graph paper with a few plotted points. */
const graphPaper: Motif = (rand, accent) => {
  const lines: string[] = [];
  for (let x = 0; x <= W; x += 80)
    lines.push(
      `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#fff" stroke-opacity="${x % 400 === 0 ? 0.22 : 0.09}" ` +
        `stroke-width="2"/>`,
    );
  for (let y = 0; y <= H; y += 80)
    lines.push(
      `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#fff" stroke-opacity="${y % 400 === 0 ? 0.22 : 0.09}" ` +
        `stroke-width="2"/>`,
    );
  const points = Array.from({ length: 7 }, (_, i) => ({ x: 160 + i * 200, y: between(rand, 120, 520) }));
  const curve =
    `<polyline points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(" ")}" fill="none" ` +
    `stroke="${accent}" stroke-opacity="0.7" stroke-width="10" stroke-linejoin="round"/>`;
  const dots = points.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="18" fill="#fff" fill-opacity="0.8"/>`);
  return lines.join("") + curve + dots.join("");
};

/** Kids: bright confetti. */
const confetti: Motif = (rand, accent) => {
  const colours = ["#fff", accent, "#fde047", "#67e8f9", "#a7f3d0"];
  return Array.from({ length: 70 }, () => {
    const x = rand() * W;
    const y = rand() * H;
    const s = between(rand, 26, 80);
    const fill = pick(rand, colours);
    const o = between(rand, 0.45, 0.85).toFixed(2);
    const kind = rand();
    if (kind < 0.4) return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s / 2)}" fill="${fill}" fill-opacity="${o}"/>`;
    if (kind < 0.75)
      return (
        `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s * 0.45)}" rx="4" fill="${fill}" ` +
        `fill-opacity="${o}" transform="rotate(${n(rand() * 180)} ${n(x)} ${n(y)})"/>`
      );
    return (
      `<polygon points="${n(x)},${n(y - s / 2)} ${n(x + s / 2)},${n(y + s / 2)} ` +
      `${n(x - s / 2)},${n(y + s / 2)}" fill="${fill}" fill-opacity="${o}"/>`
    );
  }).join("");
};

interface CategoryArt {
  /** Gradient from, gradient to, and an accent for the motif. */
  colours: [string, string, string];
  motif: Motif;
}

const ART: Record<string, CategoryArt> = {
  "music-events": { colours: ["#c8175f", "#4c1d95", "#f472b6"], motif: soundRings },
  "comedy-events": { colours: ["#f59e0b", "#be123c", "#fde68a"], motif: spotlight },
  "pubs-clubs-events": { colours: ["#0f766e", "#1e3a8a", "#fbbf24"], motif: stripesAndMats },
  "arts-culture-events": { colours: ["#7c3aed", "#db2777", "#fde68a"], motif: mosaic },
  "sports-fitness-events": { colours: ["#16a34a", "#0e7490", "#bef264"], motif: chevrons },
  "food-drink-events": { colours: ["#ea580c", "#9f1239", "#fcd34d"], motif: plates },
  "business-networking-events": { colours: ["#1d4ed8", "#0f172a", "#38bdf8"], motif: (r, a) => network(r, a, false) },
  "charity-fundraising-events": { colours: ["#be185d", "#6d28d9", "#fda4af"], motif: risingArcs },
  "community-events": { colours: ["#047857", "#b45309", "#f472b6"], motif: bunting },
  "education-training-events": { colours: ["#0369a1", "#3730a3", "#fbbf24"], motif: graphPaper },
  "online-events": { colours: ["#6d28d9", "#0891b2", "#f0abfc"], motif: (r, a) => network(r, a, true) },
  "kids-events": { colours: ["#f97316", "#db2777", "#c4b5fd"], motif: confetti },
};
const FALLBACK_ART: CategoryArt = { colours: ["#c8175f", "#334155", "#f9a8d4"], motif: plates };

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Breaks a title into at most three lines of about `width` characters (the last one ellipsed). */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), `${lines[2]}…`];
}

const SANS = "Inter, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/**
 * A 1600×900 JPEG cover: the category's gradient and motif (placed by `seed`) under the title.
 * The title sits bottom-left over a soft shade so it stays legible on every motif.
 */
export async function renderCoverImage(opts: { title: string; category: string; seed: string }): Promise<Buffer> {
  const art = ART[opts.category] ?? FALLBACK_ART;
  const rand = prng(hashString(`${opts.category}:${opts.seed}`));
  const [from, to, accent] = art.colours;
  const angle = n(between(rand, 20, 70));
  const fontSize = 96;
  const lines = wrapTitle(opts.title, 20);
  const title = lines
    .map(
      (line, i) =>
        `<text x="96" y="${H - 96 - (lines.length - 1 - i) * fontSize * 1.12}" font-family="${SANS}" ` +
        `font-weight="800" font-size="${fontSize}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${art.motif(rand, accent)}
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  ${title}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const AVATAR_COLOURS: [string, string][] = [
  ["#c8175f", "#5b21b6"],
  ["#0f766e", "#1e3a8a"],
  ["#ea580c", "#be185d"],
  ["#0369a1", "#4f46e5"],
  ["#16a34a", "#0e7490"],
];

/** A 400×400 JPEG avatar: initials on a gradient picked by `seed`, centred so a round crop keeps them. */
export async function renderAvatar(opts: { initials: string; seed: string }): Promise<Buffer> {
  const rand = prng(hashString(opts.seed));
  const [from, to] = pick(rand, AVATAR_COLOURS);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="400" height="400" fill="url(#g)"/>
  <circle cx="${n(between(rand, 40, 360))}" cy="${n(between(rand, 20, 120))}" r="${n(between(rand, 80, 140))}"
    fill="#fff" fill-opacity="0.12"/>
  <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="150"
    fill="#fff">${escapeXml(opts.initials.slice(0, 3).toUpperCase())}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

// Inter, cut to what Ticketyboo draws: the weights 400–800 (font-normal to font-extrabold; no page
// uses lighter or heavier), and the OpenType features the pages ask for (the defaults for shaping,
// plus cv11 and ss01 from app.css and tnum from `tabular-nums`). Each of Fontsource's subsets
// (latin, latin-ext, …) keeps its unicode-range, so a browser still fetches only the files whose
// characters a page shows. The latin file every page needs falls from 48 KB to 27 KB, which a
// phone on a slow connection has before its first paint (README, "Web vitals").
//   node scripts/subset-inter.mjs           writes src/web/fonts/*.woff2 and inter.css
//   node scripts/subset-inter.mjs --check   exits 1 when those files are not what this script makes
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "node_modules/@fontsource-variable/inter");
const out = path.join(root, "src/web/fonts");
const check = process.argv.includes("--check");
const WEIGHTS = { min: 400, max: 800 };
const FEATURES = [
  // What shaping needs in every script (HarfBuzz's defaults).
  ...["ccmp", "locl", "mark", "mkmk", "kern", "liga", "calt", "clig", "rlig", "rclt", "curs", "dist"],
  // What our styles turn on.
  ...["cv11", "ss01", "tnum"],
];

/** Fontsource's faces: each file and the characters it covers. */
function faces() {
  const css = fs.readFileSync(path.join(source, "index.css"), "utf8");
  const found = [];
  for (const block of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block[1])?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block[1])?.[1];
    if (!file || !range) throw new Error(`An @font-face in ${source}/index.css has no file or range`);
    found.push({ file, range: range.trim() });
  }
  if (found.length === 0) throw new Error(`No @font-face in ${source}/index.css`);
  return found;
}

/** The characters of a unicode-range, as text for the subsetter. */
function charactersOf(range) {
  let text = "";
  for (const part of range.split(",")) {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = parseInt(from, 16);
    const end = to ? parseInt(to, 16) : start;
    for (let c = start; c <= end; c++) if (c < 0xd800 || c > 0xdfff) text += String.fromCodePoint(c);
  }
  return text;
}

const written = new Map();
const rules = [];
for (const { file, range } of faces()) {
  const name = file.replace("-wght-normal", "");
  const font = await subsetFont(fs.readFileSync(path.join(source, "files", file)), charactersOf(range), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
    keepFeatures: FEATURES,
  });
  written.set(name, font);
  rules.push(
    `@font-face {\n  font-family: "Inter Variable";\n  font-style: normal;\n  font-display: swap;\n` +
      `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};\n  src: url("./${name}") format("woff2-variations");\n` +
      `  unicode-range: ${range};\n}\n`,
  );
}
written.set(
  "inter.css",
  Buffer.from(
    "/* Made by scripts/subset-inter.mjs from @fontsource-variable/inter: do not edit by hand. */\n" + rules.join("\n"),
  ),
);

let stale = 0;
for (const [name, bytes] of written) {
  const target = path.join(out, name);
  const same = fs.existsSync(target) && fs.readFileSync(target).equals(bytes);
  if (check) {
    if (!same) {
      stale++;
      console.error(`${path.relative(root, target)} is not what scripts/subset-inter.mjs makes`);
    }
  } else if (!same) {
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(target, bytes);
    console.log(`${path.relative(root, target)}: ${bytes.length} bytes`);
  }
}
if (check && stale > 0) process.exit(1);

// The Inter files the pages load are the ones scripts/subset-inter.mjs makes from the installed
// @fontsource-variable/inter: a font upgrade, or a hand edit, shows here until the script is run again.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

// The script subsets two fonts (about 2 s alone); with the rest of `npm test` beside it on two cores
// it has taken over 5 s, Vitest's default.
test("the subset Inter files are what the script makes", { timeout: 60_000 }, () => {
  const run = spawnSync(process.execPath, [path.join(ROOT, "scripts/subset-inter.mjs"), "--check"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
});

test("the latin file every page needs stays small", () => {
  const bytes = fs.statSync(path.join(ROOT, "src/web/fonts/inter-latin.woff2")).size;
  expect(bytes).toBeLessThan(32 * 1024);
  expect(fs.readFileSync(path.join(ROOT, "src/web/app.css"), "utf8")).toContain('@import "./fonts/inter.css";');
});

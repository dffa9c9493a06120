// The JavaScript budget: every public page loads at most 150 KB of gzipped JavaScript up front
// (DESIGN: pages stay quick on a mid-range phone), and the route manifest every page shares at most
// 10 KB more (decision 0060). Reads the production build, building it first
// when it is missing or older than the sources (the same check `npm start` makes, so the e2e run
// that follows in `npm test` reuses it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CATEGORIES, EVENT_TYPES } from "~/domain/categories";
import {
  CLIENT_DIR,
  firstLoadFiles,
  firstLoadJs,
  gzipSize,
  readBuildManifest,
  ROOT,
  type BuildManifest,
} from "./page-js";

const BUDGET_KB = 150;
/**
 * The route manifest: every route's files, one file that every page loads and the browser then keeps
 * (hashed, cached for a year). It grows with the routes, not with any page's code, so it has a budget
 * of its own: about 8 KB for 186 routes in November 2026.
 */
const MANIFEST_BUDGET_KB = 10;
/**
 * Each file is a request, and on a phone each costs a round trip before the page settles
 * (Lighthouse's slow 4G: 150 ms). The root's static imports ship as one chunk (vite.config.ts,
 * shellChunk), the cards' rules and the lists' parts as one each; this keeps automatic splitting from
 * scattering a page into many small files (a listing page was fourteen files, now nine).
 */
const MAX_FILES = 13;

/** The public pages, by name, with a path each (only the route matters: no database is read). */
const PUBLIC_PAGES: readonly [name: string, path: string][] = [
  ["home", "/"],
  ["explore", "/explore"],
  ["search", "/search?q=quiz"],
  ["category page", `/events/category/${CATEGORIES[0]!.slug}`],
  ["type page", `/events/type/${EVENT_TYPES[0]!.slug}`],
  ["event page", "/events/any-event-slug"],
  ["log-in", "/log-in"],
  ["sign-up", "/sign-up"],
];

let manifest: BuildManifest;
const sizes: string[] = [];

beforeAll(() => {
  // start.mjs makes a production build whatever NODE_ENV this run has (Vitest sets "test").
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/start.mjs"), "--build-only"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`The production build failed:\n${built.stdout}\n${built.stderr}`);
  manifest = readBuildManifest();
}, 300_000);

afterAll(() =>
  console.log(
    `JavaScript each public page loads up front, gzipped (budget ${BUDGET_KB} KB in ${MAX_FILES} ` +
      `files):\n${sizes.join("\n")}`,
  ),
);

test("the client build serves nothing of the build's own folders (Vite's manifest names our source files)", () => {
  const hidden = fs.readdirSync(CLIENT_DIR, { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)\./.test(f));
  expect(hidden.filter((f) => fs.statSync(path.join(CLIENT_DIR, f)).isFile())).toEqual([]);
});

test(`the route manifest every page loads is at most ${MANIFEST_BUDGET_KB} KB of gzipped JavaScript`, () => {
  const kb = gzipSize(manifest.url) / 1024;
  sizes.push(`  ${"route manifest".padEnd(49)} ${kb.toFixed(1).padStart(6)} KB, shared by every page`);
  expect(
    kb,
    `the route manifest is ${kb.toFixed(1)} KB gzipped, over its ${MANIFEST_BUDGET_KB} KB`,
  ).toBeLessThanOrEqual(MANIFEST_BUDGET_KB);
});

test.each(PUBLIC_PAGES)(
  `%s (%s) loads at most ${BUDGET_KB} KB of gzipped JavaScript, in ${MAX_FILES} files, up front`,
  (name, pagePath) => {
    const pathname = new URL(pagePath, "http://x").pathname;
    const kb = firstLoadJs(manifest, pathname) / 1024;
    const files = firstLoadFiles(manifest, pathname).length;
    sizes.push(
      `  ${name.padEnd(14)} ${pagePath.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB in ${String(files).padStart(2)} ` +
        `files${kb > BUDGET_KB || files > MAX_FILES ? "  OVER" : ""}`,
    );
    expect(
      files,
      `${name} (${pagePath}) loads ${files} JavaScript files up front, over the ${MAX_FILES} allowed`,
    ).toBeLessThanOrEqual(MAX_FILES);
    expect(
      kb,
      `${name} (${pagePath}) ships ${kb.toFixed(1)} KB of gzipped JavaScript up front, over the ${BUDGET_KB} KB budget`,
    ).toBeLessThanOrEqual(BUDGET_KB);
  },
);

import type { Browser, Page } from "@playwright/test";
import { RESERVED_USERNAMES } from "../../src/domain/profile-rules";
import { axeViolationsInBothThemes, BASE_URL, DEMO, expect, signIn, test } from "./fixtures";
import { sidewaysAt } from "./sideways";

/**
 * The site crawler: every link a visitor can reach from `/` (header, footer, menus, bottom nav,
 * site map, page bodies) leads to a real page, with a title of its own, a description and one h1;
 * axe passes on it in the light and the dark theme, and nothing on it scrolls sideways at 320, 375
 * or 768 px. Three visitors walk the site breadth-first, each in a test of its own (so the suite's
 * workers share them): signed out, a buyer and a host. Every problem a visitor meets is collected and
 * reported together at the end, so one run shows everything.
 *
 * Bounded to stay quick: each path pattern (an event page, a category, a host's page…) is visited
 * a few times at most per visitor. Each visitor judges its own pages (`judges`): the public pages as
 * the signed-out visitor sees them, the buyer's area as the buyer does, the Studio as the host does.
 * Judging is axe (the second theme only with the colour rules, since a theme changes nothing else)
 * and the narrow widths. A signed-in visitor loads the first page (its header, footer and menus) and
 * the pages of its own area, and follows their links; a public page it reaches is only asked for (it
 * must answer, not 404 or 500), since the signed-out visitor loads, checks and judges those. Loading
 * the public pages again for each signed-in visitor cost about two and a half minutes of the suite
 * (28 November).
 */
const DESKTOP = { width: 1280, height: 800 };

/** The root layout's own title: a page that shows it has not named itself. */
const SITE_DEFAULT_TITLE = "Ticketyboo · Tickets for the UK grassroots scene";
const HOME_TITLE_ALLOWED = new Set(["/"]);

/** Enough for every page there is today and the pages spec §2 adds; a safety net, not a target. */
const MAX_PAGES_PER_VISITOR = 150;
/**
 * Each visitor's time: about 2.5 min for the host on an idle machine, more beside the rest of the suite,
 * and 6 min on a machine running at half its usual speed (27 November), so the net is wider than that.
 * Past it the crawl stops and says what it did not reach, rather than time out silently.
 */
const BUDGET_MS = Number(process.env.CRAWL_BUDGET_MS ?? 10 * 60_000);

/**
 * What the browser logs when axe, which runs in every frame, reaches an email preview's frame: the
 * preview is sandboxed without scripts on purpose (a campaign's and the outbox's).
 */
const TOOLS_OWN_ERRORS = /^Blocked script execution in 'about:srcdoc'/;

/** Query parameters that name a different page (a Studio view); every other query is dropped. */
const PAGE_QUERY = new Set(["view"]);

/**
 * Links that are not pages to read: leaving, downloads, the developer's routes, one-time links,
 * and GET routes that do something (switching host, resending a code, unsubscribing).
 */
const SKIP = [
  /^\/log-out\/?$/,
  /^\/(dev|api|img|assets)(\/|$)/,
  /\.(pdf|csv|ics|png|jpe?g|webp|svg|xml|json|webmanifest|txt)$/i,
  /\/(pdf|receipt|export|download-data)$/,
  /^\/h\/promote\/[^/]+\/share\/[^/]+\/[^/]+$/, // a share-kit image
  /^\/(account|email|checkout|pay|tickets\/claim|h\/invitations|h\/scan\/link)\//,
  /^\/h\/(switch-host|events\/write|settings\/payouts\/connect)$/,
  /^\/h\/events\/[^/]+\/status$/,
  /^\/events\/[^/]+\/more$/,
  /^\/explore\/pins$/,
  /^\/u\/settings\/username-available$/,
];

/** A page's pattern, and how many pages of that pattern each visitor reads. */
function patternOf(path: string): { pattern: string; cap: number } {
  const [pathname, query = ""] = path.split("?");
  const segments = pathname!.split("/").filter(Boolean);
  const rules: [RegExp, string, number][] = [
    [/^\/events\/(category|type)\/[^/]+$/, "/events/$1/:slug", 2],
    [/^\/events\/[^/]+$/, "/events/:slug", 2],
    [/^\/(blogs|guides|help|case-studies|news-center)\/[^/]+$/, "/$1/:slug", 2],
    [/^\/hosts\/[^/]+\/signage$/, "/hosts/:id/signage", 1],
    [/^\/hosts\/[^/]+$/, "/hosts/:id", 1],
    [/^\/user\/[^/]+$/, "/user/:id", 1],
    [/^\/orders\/[^/]+$/, "/orders/:reference", 1],
  ];
  for (const [re, pattern, cap] of rules) {
    if (re.test(pathname!)) return { pattern: pathname!.replace(re, pattern), cap };
  }
  // One-segment paths are the site's own pages (usernames may not take them) or a host's /{username}.
  if (segments.length === 1 && !RESERVED_USERNAMES.has(segments[0]!)) return { pattern: "/:username", cap: 2 };
  // Ids in any other path (a ticket, an event in Studio, a venue): one of each kind is enough.
  const generic = segments.map((s) => (/\d/.test(s) && /^[0-9a-z_-]{6,}$/i.test(s) ? ":id" : s)).join("/");
  return { pattern: `/${generic}${query ? `?${query}` : ""}`, cap: 1 };
}

/** The page a link names, as a same-origin path (query kept only where it names a page), or null to skip it. */
function pageFor(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, BASE_URL);
  } catch {
    return null;
  }
  if (url.origin !== new URL(BASE_URL).origin) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  if (SKIP.some((re) => re.test(pathname))) return null;
  const query = [...url.searchParams].filter(([name]) => PAGE_QUERY.has(name));
  return query.length ? `${pathname}?${new URLSearchParams(query)}` : pathname;
}

interface Visitor {
  name: string;
  who?: { email: string; password: string };
  /** The pages axe judges in this visitor's crawl, by where a visit landed; every page when left out. */
  judges?: RegExp;
}

const VISITORS: Visitor[] = [
  { name: "signed out" },
  // The buyer's area, orders and tickets, and becoming a host (the one Studio page a buyer reaches).
  { name: "as a buyer", who: DEMO.buyer, judges: /^\/(u|orders|tickets|h\/onboarding)(\/|$)/ },
  { name: "as a host", who: DEMO.host, judges: /^\/h(\/|$)/ },
];

/** Opens a Radix menu (its links are in the page only while it is open), reads its links and closes it. */
async function linksInMenu(page: Page, button: ReturnType<Page["getByRole"]>) {
  if ((await button.count()) === 0) return [];
  // The button's code loads when it is first reached for, after the page has hydrated: press until it opens.
  await expect(async () => {
    if ((await page.getByRole("menu").count()) === 0) await button.first().click();
    await expect(page.getByRole("menu")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const links = await page
    .getByRole("menu")
    .locator("a[href]")
    .evaluateAll((anchors) => anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, download: false })));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  return links;
}

async function crawl(browser: Browser, visitor: Visitor, failures: string[], deadline: number) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: DESKTOP });
  // The cookie choice made up front, and the light theme picked rather than left to the device.
  await context.addCookies([
    {
      name: "tb_consent",
      value: encodeURIComponent(
        JSON.stringify({ necessary: true, performance: false, statistics: false, savedAt: "2026-01-01T00:00:00Z" }),
      ),
      url: BASE_URL,
    },
  ]);
  await context.addCookies([{ name: "tb_theme", value: "light", url: BASE_URL }]);
  const page = await context.newPage();
  if (visitor.who) await signIn(page, visitor.who);

  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !TOOLS_OWN_ERRORS.test(m.text())) consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(`pageerror: ${e.message}`));

  const fail = (path: string, from: string, reason: string) =>
    failures.push(`[${visitor.name}] ${path} (linked from ${from}): ${reason}`);
  const visits = new Map<string, number>();
  // The pages axe has judged, by where a visit landed (every signed-out visit to /u/… lands on /log-in).
  const axed = new Set<string>();
  const queued = new Set<string>(["/"]);
  const queue: { path: string; from: string }[] = [{ path: "/", from: "the start" }];
  let pages = 0;
  let menusRead = false;

  while (queue.length > 0) {
    const { path, from } = queue.shift()!;
    const { pattern, cap } = patternOf(path);
    if ((visits.get(pattern) ?? 0) >= cap) continue;
    if (pages >= MAX_PAGES_PER_VISITOR || Date.now() > deadline) {
      const why = pages >= MAX_PAGES_PER_VISITOR ? `${MAX_PAGES_PER_VISITOR} pages` : `${BUDGET_MS / 1000} s`;
      fail(path, from, `not visited, nor ${queue.length} more in the queue: the crawl stopped at ${why}`);
      break;
    }
    visits.set(pattern, (visits.get(pattern) ?? 0) + 1);
    pages++;
    const started = Date.now();

    // Another visitor's pages (the public ones, for a signed-in visitor) are only asked for: the link
    // must lead somewhere real, and their owner loads, checks and judges them.
    if (pages > 1 && !(visitor.judges?.test(path) ?? true)) {
      const asked = await page.request.get(path).catch((error: Error) => error);
      if (asked instanceof Error) fail(path, from, `did not answer (${asked.message.split("\n")[0]})`);
      else if (asked.status() === 404 || asked.status() >= 500) fail(path, from, `HTTP ${asked.status()}`);
      if (process.env.CRAWL_LOG) console.log(`[${visitor.name}] ${path}: asked only, ${Date.now() - started} ms`);
      continue;
    }

    consoleErrors.length = 0;
    const response = await page.goto(path).catch((error: Error) => error);
    if (response instanceof Error || response === null) {
      fail(path, from, `did not load (${response instanceof Error ? response.message.split("\n")[0] : "no response"})`);
      continue;
    }
    const status = response.status();
    const loaded = Date.now();
    if (status === 404 || status >= 500) {
      fail(path, from, `HTTP ${status}`);
      continue;
    }
    // Where it ended up, after any redirect (the sign-in pages send a signed-in person on).
    const landed = pageFor(page.url()) ?? path;
    const landedPattern = patternOf(landed).pattern;
    if (landedPattern !== pattern) visits.set(landedPattern, Math.max(visits.get(landedPattern) ?? 0, 1));
    const where = landed === path ? path : `${path} → ${landed}`;

    // What the page says of itself and where it leads, read in one go.
    const seen = await page.evaluate(() => ({
      title: document.title,
      descriptions: [...document.querySelectorAll('meta[name="description"]')].map(
        (m) => m.getAttribute("content") ?? "",
      ),
      h1s: [...document.querySelectorAll("h1")].map((h) => h.innerText),
      links: [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => ({
        href: a.href,
        download: a.hasAttribute("download"),
      })),
    }));
    const { title, descriptions, h1s } = seen;
    if (!title.trim()) fail(where, from, "no <title>");
    else if (title === SITE_DEFAULT_TITLE && !HOME_TITLE_ALLOWED.has(landed))
      fail(where, from, "the site's default <title>, not one of its own");
    if (descriptions.length !== 1 || !descriptions[0]!.trim())
      fail(where, from, `${descriptions.length} meta descriptions (${JSON.stringify(descriptions)}), not one`);
    if (h1s.length !== 1) fail(where, from, `${h1s.length} h1 elements (${JSON.stringify(h1s)}), not one`);

    const judged = visitor.judges?.test(landed) ?? true;
    // A signed-in visitor follows the links of its own area's pages and of the first page (the header,
    // the footer and the menus); the public pages' links are the signed-out visitor's to follow.
    const links = judged || pages === 1 ? seen.links : [];
    if (!menusRead) {
      menusRead = true;
      const nav = page.getByRole("navigation", { name: "Main" });
      links.push(...(await linksInMenu(page, nav.getByRole("button", { name: "Features" }))));
      links.push(...(await linksInMenu(page, page.getByRole("button", { name: /^(Menu|Account menu for .*)$/ }))));
    }
    for (const link of links) {
      if (link.download) continue;
      const next = pageFor(link.href);
      if (next && !queued.has(next)) {
        queued.add(next);
        queue.push({ path: next, from: landed });
      }
    }

    const checked = Date.now();
    if (!axed.has(landed) && judged) {
      axed.add(landed);
      // Every rule in the light theme, then the colour rules in the dark one, without loading the page again.
      const violations = await axeViolationsInBothThemes(page).catch((error: Error) => [
        `could not run: ${error.message.split("\n")[0]}`,
      ]);
      for (const v of violations) fail(where, from, `axe ${v}`);
      // And nothing scrolls sideways on a phone or a tablet: the window narrowed, then put back.
      for (const problem of await sidewaysAt(page, where)) fail(where, from, problem);
      await page.setViewportSize(DESKTOP);
    }
    for (const error of consoleErrors) fail(where, from, `console error: ${error}`);
    // CRAWL_LOG=1 prints each page and where its time went.
    if (process.env.CRAWL_LOG) {
      const ms = `load ${loaded - started}, checks ${checked - loaded}, axe and widths ${Date.now() - checked} ms`;
      console.log(`[${visitor.name}] ${where} ${status}: ${ms}`);
    }
  }
  await context.close();
  return { pages, axed: axed.size };
}

const TITLE = "reaches only real pages from the home page, each titled, described, with one h1 and passing axe";

for (const visitor of VISITORS) {
  test(`${visitor.name}, the crawler ${TITLE}`, async ({ browser }) => {
    test.setTimeout(BUDGET_MS + 60_000);
    const failures: string[] = [];
    const { pages, axed } = await crawl(browser, visitor, failures, Date.now() + BUDGET_MS);
    const counts = `${pages} pages, axe on ${axed}`;
    test.info().annotations.push({ type: "crawled", description: counts });
    expect(failures, `Problems found (${counts}):\n${failures.join("\n")}\n`).toEqual([]);
  });
}

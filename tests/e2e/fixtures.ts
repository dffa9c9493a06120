import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Frame, type Page } from "@playwright/test";

/**
 * Every e2e test fails on a console error or an uncaught page error, unless the test names the
 * message it expects (e.g. the browser's own log line for a page served with status 404).
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  // Give at most one pattern (join alternatives with |): Playwright reads a two-item array as [value, options].
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
});

export { expect };

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Runs axe (WCAG 2.2 A/AA rules) on the page as it is now and fails on any violation. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page), "axe violations").toEqual([]);
}

/**
 * Runs axe on the page as it is now in the light theme and then the dark one, and fails on any violation.
 * See `axeViolationsInBothThemes`: one load, every rule in light, the colour rules in dark.
 */
export async function expectAccessibleInBothThemes(page: Page) {
  expect(await axeViolationsInBothThemes(page), "axe violations").toEqual([]);
}

/**
 * The rules that judge colour. A theme is CSS alone (colours on `<html data-theme>`), so a page seen in a
 * second theme can only break these: the rest of axe has already judged the same markup.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe (WCAG 2.2 A/AA rules) on the page as it is now: one line per rule broken, naming where.
 * `coloursOnly` runs only the colour rules, for the same page again in another theme.
 */
export async function axeViolations(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  const letBe = await atRest(page);
  try {
    return await runAxe(page, coloursOnly);
  } finally {
    await letBe();
  }
}

/**
 * Runs axe on the page as it is now in both themes: every rule in the light theme, then the colour rules
 * in the dark one (`COLOUR_RULES`), each line naming its theme. The theme is CSS alone: the page the dark
 * cookie renders is this page with `data-theme="dark"` on `<html>`, which is what the theme toggle sets, so
 * the page is not loaded again, and the theme it had is put back afterwards.
 */
export async function axeViolationsInBothThemes(page: Page): Promise<string[]> {
  const letBe = await atRest(page);
  const had = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
  try {
    const violations: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      // The page is judged at rest (`atRest`); a new theme would start its colours' transitions
      // (links, buttons) and the check would wait them out, about 0.2 s a page: it is drawn in its
      // end colours at once instead.
      await page.evaluate((t) => {
        const still = document.createElement("style");
        still.textContent = "*, *::before, *::after { transition: none !important; }";
        document.head.append(still);
        document.documentElement.dataset.theme = t;
        void document.body.offsetWidth; // styled in the new theme while nothing may transition
        still.remove();
      }, theme);
      const found = await runAxe(page, theme === "dark");
      violations.push(...found.map((v) => `(${theme}) ${v}`));
    }
    return violations;
  } finally {
    await page.evaluate((t) => {
      if (t === null) document.documentElement.removeAttribute("data-theme");
      else document.documentElement.dataset.theme = t;
    }, had);
    await letBe();
  }
}

/**
 * Waits for the page to be at rest for axe, and draws what the browser skips off screen; returns the
 * function that lets the page be again.
 *
 * At rest: no part still loading says so (the map: aria-busy until drawn), and transitions (toasts,
 * dialogs, a theme's colours) have finished, since contrast is judged on what the page ends on. An
 * endless animation never finishes, nor does one driven by scrolling (a row's edge fades,
 * `scroll-fade`), which is "running" for as long as the page is open: neither is waited for. The
 * waiting and the drawing are one call into the page: each call is a round trip, and axe runs
 * hundreds of times a suite.
 */
async function atRest(page: Page): Promise<() => Promise<void>> {
  await expect(page.locator('[aria-busy="true"]'), "a part of the page still loading").toHaveCount(0);
  // Content off screen may be skipped by the browser (content-visibility: the footer, cards after the
  // first screen's), and axe cannot judge what has no layout: it is drawn for the check, then let be.
  const shown = await page.evaluateHandle(async () => {
    const running = () =>
      document
        .getAnimations()
        .some(
          (a) =>
            a.playState === "running" &&
            a.effect?.getTiming().iterations !== Infinity &&
            a.timeline === document.timeline,
        );
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    for (const until = performance.now() + 5_000; running() && performance.now() < until;) await frame();
    const style = document.createElement("style");
    style.textContent = "* { content-visibility: visible !important; }";
    document.head.append(style);
    await frame();
    await frame();
    return style;
  });
  return async () => {
    await shown.evaluate((style) => style.remove()).catch(() => undefined);
    await shown.dispose().catch(() => undefined);
  };
}

/**
 * axe's source, for a page whose every frame has it already (a second run on the same document): a
 * statement that does nothing, so the half-megabyte script is not sent and compiled again.
 */
const ALREADY_THERE = ";";

async function runAxe(page: Page, coloursOnly: boolean): Promise<string[]> {
  // AxeBuilder sends axe's source to the page, then to every frame (the page's own again) before each
  // run. A frame where it cannot run (an email preview, sandboxed without scripts) counts as without.
  const has = (frame: Frame) =>
    Promise.race([
      frame.evaluate(() => "axe" in window).catch(() => false),
      new Promise<false>((done) => setTimeout(() => done(false), 1_000)),
    ]);
  const frames = await Promise.all(page.frames().map(has));
  const axeSource = frames.every(Boolean) ? ALREADY_THERE : undefined;
  // Legacy mode runs axe.run inside the page (frames included) instead of finishing the run in a
  // fresh page, and only violations come back: the same rules, a third of the time (~1 s a page).
  // (options() replaces the whole option object, so it comes before withTags.)
  const builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  const rules = coloursOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG_TAGS);
  const results = await rules.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export const DEMO = {
  buyer: { email: "buyer@ticketyboo.test", password: "ticketyboo" },
  host: { email: "host@ticketyboo.test", password: "ticketyboo" },
};

/**
 * Signs in through the auth API on the page's own cookie jar, for tests about something else:
 * the session is the same one the log-in form makes, without rendering the form and the
 * dashboard first. The form itself is tested with `logIn` and in the account journey.
 */
export async function signIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: who.email, password: who.password },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), `signing in ${who.email}`).toBe(200);
}

/** Logs in through the form, as a person does, and waits for the dashboard. */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/log-in");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/u/dashboard");
}

/** Makes the cookie choice up front, for tests about something else. */
export async function acceptNecessaryOnly(page: Page) {
  await page.context().addCookies([
    {
      name: "tb_consent",
      value: encodeURIComponent(
        JSON.stringify({ necessary: true, performance: false, statistics: false, savedAt: "2026-01-01T00:00:00Z" }),
      ),
      url: BASE_URL,
    },
  ]);
}

/**
 * Waits until the page's scripts run: the header's search field becomes a combobox only then. A
 * controlled field typed into before that is reset to its first value when React takes the page over.
 */
export async function untilHydrated(page: Page) {
  await expect(page.getByRole("search").getByRole("combobox", { name: "Search events" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
}

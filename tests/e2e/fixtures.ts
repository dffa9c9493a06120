import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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
  // A part still loading says so (the map: aria-busy until drawn); judge the page once it is done.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Contrast is judged on the page at rest: let entrance transitions (toasts, dialogs) finish.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Content off screen may be skipped by the browser (content-visibility: the footer, cards after the
  // first screen's), and axe cannot judge what has no layout: it is drawn for the check, then let be.
  const shown = await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Legacy mode runs axe.run inside the page (frames included) instead of finishing the run in a
  // fresh page, and only violations come back: the same rules, a third of the time (~1 s a page).
  // (options() replaces the whole option object, so it comes before withTags.)
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  const rules = coloursOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG_TAGS);
  const results = await rules.analyze();
  await shown.evaluate((style) => (style as Element).remove()).catch(() => undefined);
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

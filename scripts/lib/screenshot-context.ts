import type { Browser, BrowserContext } from "@playwright/test";

/**
 * A browser context for screenshots: this size, this theme (the theme cookie set, as a person's
 * pick would), and the cookie card answered with the necessary cookies only, so it covers nothing.
 */
export async function screenshotContext(
  browser: Browser,
  opts: { baseUrl: string; theme: "light" | "dark"; width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.height },
    colorScheme: opts.theme,
    reducedMotion: "reduce",
  });
  const { hostname } = new URL(opts.baseUrl);
  const consent = { necessary: true, performance: false, statistics: false, savedAt: "" };
  await context.addCookies([
    { name: "tb_theme", value: opts.theme, domain: hostname, path: "/" },
    { name: "tb_consent", value: encodeURIComponent(JSON.stringify(consent)), domain: hostname, path: "/" },
  ]);
  return context;
}

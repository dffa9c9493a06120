import type { Page } from "@playwright/test";

/** The widths a page must fit without scrolling sideways: small and common phones, and a tablet. */
export const NARROW_WIDTHS = [320, 375, 768] as const;

/**
 * What scrolls sideways on the page as it is now, at each of `NARROW_WIDTHS`: a document wider than
 * the window, or anything in the fixed header (which never widens the document) past its edge. The
 * window is resized rather than the page loaded again (layouts follow the window's width as it
 * changes), and left at the narrowest width: the caller sets the one it wants next.
 */
export async function sidewaysAt(page: Page, label: string): Promise<string[]> {
  const wide: string[] = [];
  for (const width of [...NARROW_WIDTHS].reverse()) {
    await page.setViewportSize({ width, height: 800 });
    const { documentWidth, headerRight } = await page.evaluate(async (width) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const measure = () => {
        // The page's banner: its first header that is not part of an article, a section or the like.
        const header = [...document.querySelectorAll("header, [role='banner']")].find(
          (e) => e.getAttribute("role") === "banner" || !e.parentElement?.closest("article, aside, main, nav, section"),
        );
        const rights = [...(header?.querySelectorAll("*") ?? [])]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .map((r) => r.right);
        return { documentWidth: document.documentElement.scrollWidth, headerRight: Math.max(0, ...rights) };
      };
      // Two frames: the resize is laid out, and anything the width changes has drawn. What measures
      // itself after a resize (a chart, from a ResizeObserver) may take a few frames more on a busy
      // machine: a page is wide only if it stays wide for a second.
      await frame();
      await frame();
      let seen = measure();
      for (const until = performance.now() + 1_000; performance.now() < until;) {
        if (seen.documentWidth <= width && seen.headerRight <= width) break;
        await frame();
        seen = measure();
      }
      return seen;
    }, width);
    if (documentWidth > width) wide.push(`${label} at ${width} px is ${documentWidth} px wide`);
    if (headerRight > width) wide.push(`${label} at ${width} px has its header reaching ${Math.round(headerRight)} px`);
  }
  return wide;
}

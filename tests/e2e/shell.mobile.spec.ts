import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

test.describe("on a phone", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("signed out: footer shown, no bottom navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);

    // The home page's rows scroll sideways: twelve trending events are one card tall, the next at the edge.
    const trending = page.locator("#trending > ul");
    const row = await trending.evaluate((ul) => ({
      height: ul.getBoundingClientRect().height,
      scrolls: ul.scrollWidth > ul.clientWidth,
      cards: ul.children.length,
    }));
    expect(row.cards).toBeGreaterThan(1);
    expect(row.scrolls).toBe(true);
    expect(row.height).toBeLessThan(page.viewportSize()!.height);
    const next = await trending.locator(":scope > li").nth(1).boundingBox();
    const width = page.viewportSize()!.width;
    expect(next!.x, "the next card shows at the edge").toBeLessThan(width);
    expect(next!.x + next!.width).toBeGreaterThan(width);

    // The long list below is rows: a small picture beside the words, several events to a screen.
    const card = (await page.locator("#upcoming > ul > li").first().getByRole("link").first().boundingBox())!;
    expect(card.height).toBeLessThan(200);
    expect(card.width).toBeGreaterThan(width * 0.8);
  });

  test("signed in: the bottom navigation replaces the footer", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/dashboard");
    const nav = page.getByRole("navigation", { name: "App" });
    await expect(nav).toBeVisible();
    for (const item of ["Home", "Map", "Tickets", "Support", "Profile"]) {
      await expect(nav.getByRole("link", { name: item })).toBeVisible();
    }
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expectAccessible(page);
  });

  test("a row of tabs opened at its last tab shows that tab, lit", async ({ page }) => {
    await signIn(page, DEMO.host);
    await page.goto("/h/settings/notifications");
    const row = page.getByRole("navigation", { name: "Settings" });
    const current = row.getByRole("link", { name: "Notifications" });
    await expect(current).toHaveAttribute("aria-current", "page");
    // The row is wider than the phone: it has scrolled sideways, not the page.
    await expect.poll(() => row.evaluate((nav) => nav.scrollLeft)).toBeGreaterThan(0);
    const box = (await current.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});

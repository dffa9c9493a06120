import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, axeViolationsInBothThemes, BASE_URL, DEMO, expect, signIn, test } from "./fixtures";
import { NARROW_WIDTHS, sidewaysAt } from "./sideways";

/*
 * No page scrolls sideways: at 320, 375 and 768 px a page's document is no wider than the window, and
 * nothing in the fixed header sits past its edge. The site crawler checks this on every page it judges
 * (site-crawl.spec.ts); this journey takes the pages no link leads to, or that only some data shows:
 * search results, the map near a place, a seated event, the not-found page, a campaign being written,
 * a tracking link with a long name, and the staff area; axe judges them at a phone's width. It lists
 * every offender at once.
 */

/**
 * Opens each page at the narrowest width, where it is most likely to overflow, then widens it; and
 * runs axe on it at a phone's width, in both themes (the crawler judges pages at a laptop's).
 */
async function overflowing(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: NARROW_WIDTHS[0], height: 800 });
    const answered = (await page.goto(path))?.status() ?? 0;
    // Only the not-found page may be one: any other error page would hide the page meant.
    if (answered >= 400 && path !== "/no-such-page") wide.push(`${path} answered ${answered}`);
    await page.waitForLoadState("networkidle");
    wide.push(...(await sidewaysAt(page, path)));
    wide.push(...(await axeViolationsInBothThemes(page)).map((v) => `${path}: axe ${v}`));
  }
  return wide;
}

test.describe("no page scrolls sideways", () => {
  // A campaign's preview and an email's own page show it in a sandboxed frame, whose blocked scripts the
  // browser may log; the not-found page is served with its 404, which the browser logs too.
  test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|status of 404 \(Not Found\)/] });

  test("pages the crawler does not reach, signed out, as a host and as staff, at 320, 375 and 768 px", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await acceptNecessaryOnly(page);
    await page.goto("/search?q=hackney+empire");
    const seated = await page.locator("main a[href^='/events/']").first().getAttribute("href");
    expect(seated, "a seated event is found").toBeTruthy();
    const wide = await overflowing(page, ["/explore?near=uk", "/search?q=quiz", seated!, "/no-such-page"]);

    // An event of the host's with a sale, and on its share kit a tracking link with a long name.
    const made = await page.request.post("/dev/scenarios/event", {
      data: { name: "Sideways Check Night", capacity: 30, pricePence: 900, ticketTypes: 2, soldTo: DEMO.buyer.email },
      headers: { Origin: BASE_URL },
    });
    expect(made.status()).toBe(200);
    const { eventId } = (await made.json()) as { eventId: string };
    await signIn(page, DEMO.host);
    await page.goto("/h/promote");
    const kit = await page
      .getByRole("link", { name: /^Share kit and tracking links/ })
      .first()
      .getAttribute("href");
    const share = kit!.replace(/event=.*$/, `event=${eventId}`);
    const linked = await page.request.post(share, {
      form: { intent: "create", eventId, name: "A promoter with a rather long name indeed", medium: "referral" },
      headers: { Origin: BASE_URL },
    });
    expect(linked.status()).toBe(200);
    // A draft campaign, for the campaign editor (the demo host has none).
    const drafted = await page.request.post("/h/promote/email-campaign?index", {
      form: { intent: "create" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    const campaign = drafted.headers()["location"];
    expect(campaign, "a new campaign opens in its editor").toMatch(/^\/h\/promote\/email-campaign\/[\w-]+$/);
    wide.push(
      ...(await overflowing(page, [share, `/h/events/${eventId}/edit/share`, "/h/promote/email-campaign", campaign!])),
    );

    await signIn(page, { email: "staff@ticketyboo.test", password: DEMO.buyer.password });
    await page.goto("/staff/outbox");
    // A message's own page too, when the outbox holds one (emails from other tests of the run).
    const messages = page.locator("main a[href^='/staff/outbox/']");
    const message = (await messages.count()) > 0 ? await messages.first().getAttribute("href") : null;
    wide.push(...(await overflowing(page, ["/staff/emails", "/staff/outbox", ...(message ? [message] : [])])));
    expect(wide).toEqual([]);
  });
});

import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, signIn, test } from "./fixtures";

/*
 * No page scrolls sideways: at 320, 375 and 768 px every public and signed-in page's document is
 * no wider than the window, and nothing in the fixed header (which never widens the document) sits
 * past its edge. One journey per kind of visitor; each lists every offender at once.
 */

const WIDTHS = [320, 375, 768] as const;

/** The pages a visitor can reach, with links read from the site itself where they need data. */
async function publicPages(page: Page): Promise<string[]> {
  await page.goto("/");
  const hrefs = await page.locator("a[href^='/events/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  const event = hrefs.find((h) => !/^\/events\/(category|type)\//.test(h))!;
  const category = hrefs.find((h) => h.startsWith("/events/category/"))!;
  await page.goto("/search?q=hackney+empire");
  const seated = await page.locator("main a[href^='/events/']").first().getAttribute("href");
  return [
    "/",
    "/explore?near=uk",
    "/search?q=quiz",
    category,
    "/events/type/live-bands",
    event,
    seated!,
    "/site-map",
    "/legal/cookie-policy",
    "/log-in",
    "/sign-up",
    "/forgot-password",
    "/no-such-page",
  ];
}

/**
 * Each page is opened once at the narrowest width, where it is most likely to overflow, then widened
 * to the others (layouts follow the window's width as it changes): a third of the page loads.
 */
async function overflowing(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    const answered = (await page.goto(path))?.status() ?? 0;
    // Only the not-found page may be one: any other error page would hide the page meant.
    if (answered >= 400 && path !== "/no-such-page") wide.push(`${path} answered ${answered}`);
    await page.waitForLoadState("networkidle");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Two frames: the resize is laid out, and anything the width changes has drawn.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (documentWidth > width) wide.push(`${path} at ${width} px is ${documentWidth} px wide`);
      const headerRight = await page
        .getByRole("banner")
        .first()
        .evaluate((header) =>
          Math.max(
            ...[...header.querySelectorAll("*")]
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 0)
              .map((r) => r.right),
          ),
        );
      if (headerRight > width)
        wide.push(`${path} at ${width} px has its header reaching ${Math.round(headerRight)} px`);
    }
  }
  return wide;
}

test.describe("no page scrolls sideways", () => {
  // A campaign's preview and an email's own page show it in a sandboxed frame, whose blocked scripts
  // the browser may log.
  test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test.describe("signed out", () => {
    // The not-found page is among them, served with its 404, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

    test("public pages, at 320, 375 and 768 px", async ({ page }) => {
      test.setTimeout(180_000);
      expect(await overflowing(page, await publicPages(page))).toEqual([]);
    });
  });

  test("a buyer's pages, at 320, 375 and 768 px", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.buyer);
    await page.goto("/u/tickets");
    const ticket = await page.locator("main a[href^='/u/tickets/']").first().getAttribute("href");
    expect(ticket, "the demo buyer has a ticket").toBeTruthy();
    // The order a ticket came from is linked from the ticket's own page.
    await page.goto(ticket!);
    const order = await page.locator("main a[href^='/orders/']").first().getAttribute("href");
    expect(order, "the ticket links to its order").toBeTruthy();
    const pages = [
      "/u/dashboard",
      "/u/feed",
      "/u/tickets",
      ticket!,
      order!,
      "/u/orders",
      "/u/settings/profile",
      "/u/settings/security",
      "/u/marketing-permissions",
      "/u/display-guests",
      "/u/feedback",
      "/u/customer-support",
      "/u/delete-account",
      "/h/onboarding",
    ];
    expect(await overflowing(page, pages)).toEqual([]);
  });

  test("a host's pages, at 320, 375 and 768 px", async ({ page }) => {
    test.setTimeout(240_000);
    // An event of the host's with a sale, for the event editor's views.
    const made = await page.request.post("/dev/scenarios/event", {
      data: { name: "Sideways Check Night", capacity: 30, pricePence: 900, ticketTypes: 2, soldTo: DEMO.buyer.email },
      headers: { Origin: BASE_URL },
    });
    expect(made.status()).toBe(200);
    const { eventId } = (await made.json()) as { eventId: string };
    await signIn(page, DEMO.host);
    await page.goto("/h/venues");
    const venue = await page.getByRole("list", { name: "Your venues" }).getByRole("link").first().getAttribute("href");
    // A seated venue's plan, whose grid scrolls inside its own box.
    const seated = await page.request.get("/dev/scenarios/venue?name=Hackney%20Empire");
    const seatPlan = `/h/venues/${((await seated.json()) as { id: string }).id}/seatplan`;
    await page.goto("/h/discounts");
    const discount = await page
      .locator("main a[href^='/h/discounts/']:not([href$='/new'])")
      .first()
      .getAttribute("href");
    expect(discount, "the demo host has a discount").toBeTruthy();
    // The event's share kit, with a tracking link in its list.
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
    // A draft campaign, for the campaign editor.
    const drafted = await page.request.post("/h/promote/email-campaign?index", {
      form: { intent: "create" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    const campaign = drafted.headers()["location"];
    expect(campaign, "a new campaign opens in its editor").toMatch(/^\/h\/promote\/email-campaign\/[\w-]+$/);
    const pages = [
      "/u/dashboard",
      "/h/dashboard",
      "/h/events",
      "/h/tickets",
      "/h/tickets?view=requests",
      "/h/tickets?view=places",
      "/h/venues",
      "/h/venues/add",
      venue!,
      seatPlan,
      `/h/events/${eventId}/edit/tickets`,
      `/h/events/${eventId}/edit/survey`,
      `/h/events/${eventId}/edit/waitlist`,
      "/h/waitlists",
      "/h/discounts",
      "/h/discounts/new",
      discount!,
      "/h/promote",
      share,
      `/h/events/${eventId}/edit/share`,
      `/h/events/${eventId}/edit/guests`,
      `/h/events/${eventId}/edit/scanners`,
      "/h/guests",
      "/h/guests/addguest",
      "/h/scan",
      "/h/reports/overview",
      "/h/reports/orders",
      "/h/marketing/email",
      "/h/marketing/email/recipients",
      "/h/promote/email-campaign",
      campaign!,
      "/h/onlineprofile",
      "/h/settings",
      "/h/settings/payouts",
      "/h/settings/colors",
      "/h/settings/notifications",
    ];
    expect(await overflowing(page, [...pages, "/h/settings/permissions", "/u/settings/profile"])).toEqual([]);
  });

  test.describe("staff", () => {
    test("staff pages, at 320, 375 and 768 px", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, { email: "staff@ticketyboo.test", password: DEMO.buyer.password });
      await page.goto("/staff/outbox");
      // A message's own page too, when the outbox holds one (emails from other tests of the run).
      const messages = page.locator("main a[href^='/staff/outbox/']");
      const message = (await messages.count()) > 0 ? await messages.first().getAttribute("href") : null;
      expect(await overflowing(page, ["/staff/emails", "/staff/outbox", ...(message ? [message] : [])])).toEqual([]);
    });
  });
});

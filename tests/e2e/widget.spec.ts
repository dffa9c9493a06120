import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/*
 * The booking widget and signage (decision 0046). The demo host copies the widget's embed code from
 * an event's share kit and finds their signage in the profile menu; a page on another site (served
 * here from 127.0.0.1, another site than localhost) frames the widget; a visitor picks two tickets
 * in the frame, continues in the new tab, logs in there as the demo buyer, pays with the test card
 * and sees the order. Axe passes on the widget and the signage in both themes.
 */

/** Serves one page on another site, the host's own website, with the embed code pasted in. */
async function hostsOwnSite(embed: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html lang="en"><head><title>The Crown Collective</title></head>` +
        `<body style="margin:0;padding:16px;font-family:sans-serif">` +
        `<main><h1>Our gigs</h1>${embed}</main></body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

async function inBothThemes(page: Page, check: () => Promise<void>) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await check();
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a visitor books through the widget on the host's own site; the host's signage shows the event", async ({
  page,
  browser,
}, testInfo) => {
  // Two sites, two signed-in people and a payment (about 11 s on an idle machine).
  test.setTimeout(90_000);
  const name = `Widget Night ${Date.now().toString(36)}`;
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name, capacity: 20, pricePence: 1000 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { slug, eventId } = (await made.json()) as { slug: string; eventId: string };

  // The host: the event's share kit gives the widget's embed code; My Signage opens the venue screen.
  const hostContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const host = await hostContext.newPage();
  await acceptNecessaryOnly(host);
  await signIn(host, DEMO.host);
  // The event's Share tab (Promote lists only the next 30 events, and other journeys add theirs).
  await host.goto(`/h/events/${eventId}/edit/share`);
  const embed = await host.getByLabel("Booking widget for this event (iframe)").inputValue();
  expect(embed).toMatch(new RegExp(`^<iframe src="${BASE_URL}/hosts/[^"?]+\\?event=${slug}" title="Book tickets: `));
  const widgetUrl = /src="([^"]+)"/.exec(embed)![1]!;
  const hostId = /\/hosts\/([^?]+)/.exec(widgetUrl)![1]!;

  await host.getByRole("button", { name: /Account menu for/ }).click();
  await host.getByRole("menuitem", { name: "My Signage" }).click();
  await host.waitForURL(`**/hosts/${hostId}/signage`);
  await expect(host.getByRole("heading", { level: 1, name: "The Crown Collective" })).toBeVisible();
  // A screen of its own: none of the site's shell around it.
  await expect(host.getByRole("link", { name: "Skip to content" })).toHaveCount(0);
  await expect(host.getByRole("contentinfo").getByText("Tickets on Ticketyboo")).toBeVisible();
  // The host's next events, soonest first, four at a time, each with its price and a code to its page.
  const feed = (await (await host.request.get(`/hosts/${hostId}/signage/feed`)).json()) as {
    events: { name: string; startsAt: string; url: string }[];
  };
  expect(feed.events.length).toBeGreaterThan(4);
  expect(feed.events.map((e) => e.startsAt)).toEqual(feed.events.map((e) => e.startsAt).sort());
  const next = feed.events[0]!;
  await expect(host.getByRole("heading", { level: 3, name: next.name })).toBeVisible();
  await expect(host.getByRole("img", { name: `QR code to book ${next.name}` })).toBeVisible();
  expect(next.url).toMatch(new RegExp(`^${BASE_URL}/events/`));
  await expect(host.getByRole("listitem")).toHaveCount(4);
  await inBothThemes(host, () => expectAccessible(host));
  await host.screenshot({ path: testInfo.outputPath("signage-1920x1080.png") });
  await hostContext.close();

  // Only the widget may be framed, by anyone; the signage and every other page by nobody.
  const widgetHeaders = (await page.request.get(widgetUrl)).headers();
  expect(widgetHeaders["content-security-policy"]).toContain("frame-ancestors *");
  expect(widgetHeaders["x-frame-options"]).toBeUndefined();
  const signageHeaders = (await page.request.get(`/hosts/${hostId}/signage`)).headers();
  expect(signageHeaders["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(signageHeaders["x-frame-options"]).toBe("DENY");

  // A visitor on the host's own site, not signed in anywhere.
  const site = await hostsOwnSite(embed);
  try {
    await acceptNecessaryOnly(page);
    for (const width of [360, 600]) {
      await page.setViewportSize({ width: width + 32, height: 800 });
      await page.goto(site.url);
      const widget = page.frameLocator("iframe");
      await expect(widget.getByRole("heading", { level: 2, name })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`widget-in-frame-${width}.png`) });
    }
    const widget = page.frameLocator("iframe");
    // No shell inside: no site header, footer links or cookie card; the host's name is the heading.
    await expect(widget.getByRole("heading", { level: 1, name: "The Crown Collective" })).toBeVisible();
    await expect(widget.getByRole("link", { name: /Powered by Ticketyboo/ })).toHaveAttribute("target", "_blank");
    await expect(widget.getByRole("link", { name: "Skip to content" })).toHaveCount(0);
    await expect(widget.getByRole("dialog")).toHaveCount(0);

    const tickets = widget.getByRole("form", { name: "Choose your tickets" });
    await tickets.getByRole("button", { name: "One more General admission" }).click();
    await tickets.getByRole("button", { name: "One more General admission" }).click();
    // £10 + the 1% booking fee, twice: £20.20, all in.
    await expect(tickets.getByText("Total (2 tickets)")).toBeVisible();
    await expect(tickets.getByText("£20.20")).toBeVisible();
    // (Axe is run on the widget as its own page below: the host's page around it is not ours to judge.)

    // Continue opens our own page in a new tab, where the tickets are held and paid for.
    const opened = page.context().waitForEvent("page");
    await tickets.getByRole("button", { name: /Continue to payment/ }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/events/${slug}/book`);
    await expect(widget.getByRole("status")).toContainText("Finish booking in the new tab.");
    await expect(tab.getByRole("heading", { level: 1, name: "Your tickets" })).toBeVisible();
    const basket = tab.getByRole("form", { name: "2 tickets" });
    await expect(basket).toContainText("£20.20");
    await expectAccessible(tab);
    await basket.getByLabel("Email").fill(DEMO.buyer.email);
    await basket.getByLabel("Password").fill(DEMO.buyer.password);
    await basket.getByRole("button", { name: "Log in and continue to payment" }).click();
    await tab.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(tab.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await tab.getByRole("button", { name: "Pay £20.20" }).click();
    await tab.waitForURL(/\/pay\/test\//);
    await tab.getByRole("button", { name: /test card that works/ }).click();
    await tab.waitForURL(/\/orders\/TB-/);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(`You're going to ${name}`);
    await expect(tab.getByRole("img", { name: /QR code for ticket/ })).toHaveCount(2);
    await expect(tab.getByRole("region", { name: "Receipt" })).toContainText("£20.20");
  } finally {
    await site.close();
  }

  // The widget on its own, in both themes, as the profile menu's name badge opens it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(widgetUrl.replace(BASE_URL, ""));
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await inBothThemes(page, () => expectAccessible(page));
  await page.getByRole("link", { name: "All events" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Upcoming events" })).toBeVisible();
  await inBothThemes(page, () => expectAccessible(page));
});

import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectEmailIn, followEmailLink } from "./account-helpers";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/**
 * After the sale (issue 7): tickets offline, passing one to a friend, cancelling, and the
 * waitlist. Journeys that change orders make their own event first (a dev drill that sells
 * tickets through the real checkout services), so they never disturb each other or the demo.
 */
const FRIEND = { email: "friend@ticketyboo.test", password: "ticketyboo" };

// The outbox shows each email in a sandboxed iframe; Chromium logs refusing automation's helper there.
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

async function scenario(
  request: APIRequestContext,
  s: { name: string; capacity: number; pricePence: number; soldTo?: string; quantity?: number },
) {
  const name = `${s.name} ${Math.random().toString(36).slice(2, 7)}`;
  const res = await request.post("/dev/scenarios/event", { data: { ...s, name } });
  expect(res.status(), await res.text()).toBe(200);
  return { name, ...((await res.json()) as { eventId: string; slug: string; reference: string | null }) };
}

/** Another person at another device: their own browser context, signed in. */
async function personAt(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await acceptNecessaryOnly(page);
  await signIn(page, who);
  return page;
}

test.beforeEach(async ({ page }) => {
  await acceptNecessaryOnly(page);
});

test.describe("my tickets", () => {
  // Offline, the browser logs requests that could not be made, and the worker's "You're offline"
  // page is a 503; a 'Ticket Not Found' page is a 404.
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|status of 404|status of 503/] });

  test("a ticket opened once still shows its QR code with no signal", async ({ page, context }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/tickets");
    await expect(page.getByRole("heading", { level: 1, name: "My tickets" })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole("link", { name: /^Ticket 1:/ })
      .first()
      .click();
    await page.waitForURL(/\/u\/tickets\/[0-9a-f-]{36}$/);
    const qr = page.getByRole("img", { name: /QR code for your/ });
    await expect(qr).toBeVisible();
    const code = await page.locator("p.font-mono").textContent();
    const ticketPage = page.url();
    await expectAccessible(page);

    // The service worker has kept this page and its files.
    await expect
      .poll(
        () =>
          page.evaluate(
            async () =>
              Boolean(navigator.serviceWorker.controller) &&
              Boolean(await caches.match(location.href, { ignoreVary: true })),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(qr).toBeVisible();
      await expect(page.getByText(code!)).toBeVisible();
      await expectAccessible(page);

      // Moving about offline: back to the list (kept when it was seen), then to a ticket never
      // opened on this device, which says so rather than showing an error.
      await page.getByRole("link", { name: "My tickets" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "My tickets" })).toBeVisible();
      const unopened = page.locator(`a[href^="/u/tickets/"]:not([href="${new URL(ticketPage).pathname}"])`).first();
      await unopened.click();
      await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
      await expect(page.getByText("This ticket hasn't been opened on this device")).toBeVisible();
      await page.getByRole("link", { name: "See the tickets saved here" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My tickets" })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    // Signed out on this browser (an expired session, say): the next page forgets the kept tickets.
    const ticketUrl = ticketPage;
    await context.clearCookies();
    await acceptNecessaryOnly(page);
    await page.goto("/");
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), ticketUrl), {
        timeout: 10_000,
      })
      .toBe(false);
  });

  test("a ticket for a past event is kept, without asking to keep the screen on or add it to a calendar", async ({
    page,
  }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/tickets");
    await page.getByRole("region", { name: "Past" }).locator('a[href^="/u/tickets/"]').first().click();
    await page.waitForURL(/\/u\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByText("This event is over. The ticket stays here as a keepsake.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
  });

  test("an unknown ticket, or someone else's, is 'Ticket Not Found'", async ({ page }) => {
    await signIn(page, FRIEND);
    const res = await page.goto("/u/tickets/00000000-0000-4000-8000-000000000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Ticket Not Found" })).toBeVisible();
    await expect(page.getByText(/couldn't find this ticket in your account/)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("passing a ticket to a friend", () => {
  // The sender's old link is a 404 once the ticket is the friend's.
  test.use({
    allowConsoleErrors: [
      /Blocked script execution in 'about:srcdoc'|status of 404|status of 422 \(Unprocessable Entity\)/,
    ],
  });

  test("the friend claims it from the email, and the sender's copy stops being theirs", async ({ page, browser }) => {
    const e = await scenario(page.request, {
      name: "Share Night",
      capacity: 10,
      pricePence: 0,
      soldTo: DEMO.buyer.email,
      quantity: 1,
    });
    await signIn(page, DEMO.buyer);
    await page.goto(`/orders/${e.reference}`);
    await page.getByRole("link", { name: "Open ticket" }).click();
    await page.waitForURL(/\/u\/tickets\/[0-9a-f-]{36}$/);
    const ticketUrl = page.url();

    // A wrong address is named, and nothing is sent.
    await page.getByLabel("Friend's email").fill("not-an-email");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByText("Invalid email: check your friend's address.")).toBeVisible();
    await page.getByLabel("Friend's email").fill(FRIEND.email);
    await page.getByLabel("Their name (optional)").fill("Femi");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Sent to ${FRIEND.email}` })).toBeVisible();
    await expect(page.getByText(/On its way to Femi/)).toBeVisible();
    await expectAccessible(page);
    // While it's on its way, the order can't be cancelled from under it.
    await page.goto(`/orders/${e.reference}`);
    await expect(page.getByRole("region", { name: "Can't go?" })).toContainText("on its way to a friend");
    await expect(page.getByText("on its way to a friend", { exact: false })).toHaveCount(1);

    // Femi opens the email at another device, not yet logged in.
    const femi = await browser.newContext({ baseURL: BASE_URL });
    const femiPage = await femi.newPage();
    await acceptNecessaryOnly(femiPage);
    await followEmailLink(femiPage, FRIEND.email, `Bea Buyer sent you a ticket to ${e.name}`, "Claim my ticket");
    await expect(femiPage.getByText("Bea Buyer sent you a ticket")).toBeVisible();
    await expectAccessible(femiPage);
    await femiPage.getByRole("link", { name: "Log in" }).click();
    await femiPage.getByLabel("Email").fill(FRIEND.email);
    await femiPage.getByLabel("Password").fill(FRIEND.password);
    await femiPage.getByRole("button", { name: "Log In" }).click();
    await femiPage.waitForURL(/\/tickets\/claim\//);
    await femiPage.getByRole("button", { name: "Add it to my tickets" }).click();
    await femiPage.waitForURL(/\/u\/tickets\/[0-9a-f-]{36}$/);
    expect(femiPage.url()).toBe(ticketUrl);
    await expect(femiPage.getByText("Femi Friend · From a friend")).toBeVisible();
    await expect(femiPage.getByRole("img", { name: /QR code for your/ })).toBeVisible();
    await femi.close();

    // Bea's copy is gone from her account; her order says who has it.
    const res = await page.goto(ticketUrl);
    expect(res?.status()).toBe(404);
    await page.goto(`/orders/${e.reference}`);
    await expect(page.getByText("Passed to Femi Friend: it's in their account now.")).toBeVisible();
    // Nor can the order be cancelled from under Femi, and the page says why.
    await expect(page.getByRole("region", { name: "Can't go?" })).toContainText(
      "now belong to someone else, so it can't be cancelled",
    );
    await expect(page.getByText("now belong to someone else", { exact: false })).toHaveCount(1);
    await expectAccessible(page);
  });
});

test.describe("cancelling", () => {
  // A reason left out is refused with the error table's status (422), which the browser logs.
  test.use({
    allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|status of 422 \(Unprocessable Entity\)/],
  });
  test("a cancellation request needs a reason, then waits for the host", async ({ page }) => {
    const e = await scenario(page.request, {
      name: "Paid Gig",
      capacity: 10,
      pricePence: 1200,
      soldTo: DEMO.buyer.email,
      quantity: 2,
    });
    await signIn(page, DEMO.buyer);
    await page.goto(`/orders/${e.reference}`);
    await page.getByText("Ask the host to cancel and refund").click();
    await page.getByRole("button", { name: "Request cancellation" }).click();
    await expect(page.getByText("Error requesting cancellation .Please write a reason")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Your reason").fill("My train's been cancelled, sorry.");
    await page.getByRole("button", { name: "Request cancellation" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Request sent." })).toBeVisible();
    await expect(page.getByText(/Cancellation requested on .*Waiting for the host\./)).toBeVisible();
    await expect(page.getByText("Your reason: “My train's been cancelled, sorry.”", { exact: false })).toBeVisible();
    await expectAccessible(page);
    // The host has been told.
    await expectEmailIn(page, DEMO.host.email, `Cancellation requested: ${e.name} (${e.reference})`);
  });

  test("a free booking is cancelled by the buyer, and its places go back on sale", async ({ page }) => {
    const e = await scenario(page.request, {
      name: "Free Workshop",
      capacity: 2,
      pricePence: 0,
      soldTo: DEMO.buyer.email,
      quantity: 2,
    });
    await signIn(page, DEMO.buyer);
    await page.goto(`/events/${e.slug}`);
    await expect(page.getByText("Sorry, this event is sold out!")).toBeVisible();

    await page.goto(`/orders/${e.reference}`);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this booking?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your booking is cancelled" })).toBeVisible();
    await expect(page.getByText(/Cancelled on \w{3} \d{1,2} \w{3}/)).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/events/${e.slug}`);
    await expect(page.getByText("Sorry, this event is sold out!")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "One more General admission" })).toBeEnabled();
  });
});

test.describe("the waitlist", () => {
  test("a place freed by a cancellation goes to the first person waiting, who buys it", async ({ page, browser }) => {
    test.slow(); // three people, two payments
    const e = await scenario(page.request, {
      name: "Tiny Room Gig",
      capacity: 1,
      pricePence: 800,
      soldTo: DEMO.buyer.email,
      quantity: 1,
    });

    // Femi finds it sold out and joins the waitlist.
    const femi = await personAt(browser, FRIEND);
    await femi.goto(`/events/${e.slug}`);
    await expect(femi.getByText("Sorry, this event is sold out!")).toBeVisible();
    await femi.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(femi.getByText(/You're number 1 in line/)).toBeVisible();
    await expectAccessible(femi);

    // Bea can't go, and asks; the host approves with a full refund.
    await signIn(page, DEMO.buyer);
    await page.goto(`/orders/${e.reference}`);
    await page.getByText("Ask the host to cancel and refund").click();
    await page.getByLabel("Your reason").fill("Double-booked myself.");
    await page.getByRole("button", { name: "Request cancellation" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Request sent." })).toBeVisible();

    const host = await personAt(browser, DEMO.host);
    await host.goto("/h/tickets?view=requests");
    const request = host.getByRole("listitem").filter({ hasText: e.reference! });
    await expect(request.getByText("“Double-booked myself.”")).toBeVisible();
    await expectAccessible(host);
    // An amount that isn't one is named, without asking to refund it.
    await request.getByLabel("Refund (£)").fill("abc");
    await request.getByRole("button", { name: "Approve" }).click();
    await expect(request.getByRole("alert")).toHaveText("Enter the refund in pounds and pence, like 12.50.");
    await expect(request.getByLabel("Refund (£)")).toHaveAttribute("aria-invalid", "true");
    await request.getByLabel("Refund (£)").fill("8.08");
    await request.getByRole("button", { name: "Approve" }).click();
    const confirmRefund = host.getByRole("alertdialog", { name: "Cancel this order?" });
    await expect(confirmRefund).toContainText("Refund £8.08 to Bea Buyer");
    await confirmRefund.getByRole("button", { name: "Refund and cancel" }).click();
    await expect(host.getByRole("status").filter({ hasText: "Cancelled and refunded £8.08" })).toBeVisible();
    await host.context().close();

    // Bea hears about her refund.
    await expectEmailIn(page, DEMO.buyer.email, `Refund of £8.08 for order ${e.reference}`);

    // Femi's email: the place is held for her; she books it through the usual checkout.
    await followEmailLink(femi, FRIEND.email, `A place has come up for ${e.name}`, "Book my place");
    await expect(femi.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(femi.getByText(/Held for you until/)).toBeVisible();
    await expectAccessible(femi);
    // The place is held for Femi: for anyone else the event is still sold out, with the waitlist.
    await page.goto(`/events/${e.slug}`);
    await expect(page.getByText("Sorry, this event is sold out!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
    await femi.getByRole("button", { name: "Pay £8.08" }).click();
    await femi.waitForURL(/\/pay\/test\//);
    await femi.getByRole("button", { name: /test card that works/ }).click();
    await femi.waitForURL(/\/orders\/TB-/);
    await expect(femi.getByRole("heading", { level: 1 })).toHaveText(`You're going to ${e.name}`);
    await expect(femi.getByRole("img", { name: /QR code for ticket/ })).toHaveCount(1);
    await femi.goto(`/events/${e.slug}`);
    await expect(femi.getByText(/You're number|came up/)).toHaveCount(0);
    await femi.context().close();
  });
});

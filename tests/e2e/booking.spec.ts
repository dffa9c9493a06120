import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/** An event's page, found by name through the search API (slugs carry a hash). */
async function eventPath(request: APIRequestContext, name: string): Promise<string> {
  const body = (await (await request.get(`/api/search?q=${encodeURIComponent(name)}&limit=10`)).json()) as {
    results: { name: string; url: string }[];
  };
  const found = body.results.find((r) => r.name === name);
  expect(found, `the demo event "${name}"`).toBeDefined();
  return found!.url;
}

const panel = (page: Page) => page.getByRole("form", { name: "Tickets" });
const more = (page: Page, ticket: string) => panel(page).getByRole("button", { name: `One more ${ticket}` });

async function openEvent(page: Page, name: string) {
  await page.goto(await eventPath(page.request, name), { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function checkout(page: Page, { free = false }: { free?: boolean } = {}) {
  // With JavaScript, the press goes to the holds API (decision 0016), then on to the checkout page.
  const held = page.waitForResponse(
    (r) => /\/api\/events\/[^/]+\/holds/.test(r.url()) && r.request().method() === "POST",
  );
  await panel(page).getByRole("button", { name: "Checkout" }).click();
  expect((await held).status()).toBe(201);
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  // The built-in test provider is active here (no Stripe key): checkout says so plainly, when there is anything to pay
  if (free) await expect(page.getByText("Test payments: no real money moves.")).toHaveCount(0);
  else await expect(page.getByRole("note")).toContainText("Test payments: no real money moves.");
}

async function payWithTestCard(page: Page, outcome: "works" | "declined" = "works") {
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await page.waitForURL(/\/pay\/test\//);
  await expect(page.getByRole("note")).toContainText("Test payments: no real money moves.");
  await expectAccessible(page);
  await page.getByRole("button", { name: outcome === "works" ? /test card that works/ : /declined/ }).click();
}

test.beforeEach(async ({ page }) => {
  await acceptNecessaryOnly(page);
});

test.describe("booking", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.buyer);
  });

  test("two general tickets with a discount code, paid by test card", async ({ page }) => {
    await openEvent(page, "Getting Your First Gig: Promoters' Q&A");
    await more(page, "Ticket").click();
    await more(page, "Ticket").click();
    await panel(page).getByLabel("Discount or access code").fill("CROWD10");
    await panel(page).getByRole("button", { name: "Apply" }).click();
    await expect(panel(page).getByText("Discount Code Applied: CROWD10")).toBeVisible();
    // £10 less 10%, plus the 1% booking fee on what is paid: £9.09, all in.
    await expect(panel(page).getByText("£9.09")).toBeVisible();
    await expectAccessible(page);
    await checkout(page);
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("Discount (CROWD10)");
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("£9.09");
    await expectAccessible(page);
    await payWithTestCard(page);
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByText("Payment Successful! Generating Tickets")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "You're going to Getting Your First Gig: Promoters' Q&A",
    );
    await expect(page.getByRole("img", { name: /QR code for ticket/ })).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Receipt" })).toContainText("£9.09");
    await expectAccessible(page);
    const reference = /TB-[0-9A-Z]+/.exec(page.url())![0];

    // The order is in My Orders (from the account menu), with a receipt to download.
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "My Orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: reference });
    await expect(row).toContainText("Getting Your First Gig: Promoters' Q&A");
    await expect(row).toContainText("2 tickets");
    await expect(row).toContainText("£9.09");
    await expect(row).toContainText("Paid");
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await row.getByRole("link", { name: `Receipt for ${reference} (PDF)` }).click();
    expect((await download).suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(await readFile((await (await download).path())!)) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    for (const words of [reference, "Discount (CROWD10)", "Total paid £9.09", "BOUGHT BY", "through Ticketyboo"])
      expect(text).toContain(words);
  });

  test("a pay-what-you-wish ticket above the minimum", async ({ page }) => {
    await openEvent(page, "Benefit Gig for the Food Bank");
    await more(page, "Pay what you wish").click();
    const amount = panel(page).getByLabel(/Your price per ticket/);
    await amount.fill("4");
    await expect(panel(page).getByText(/Enter an amount from £5 to/)).toBeVisible();
    // Checked where it is typed: Checkout waits for an amount the server will take.
    await expect(panel(page).getByRole("button", { name: "Checkout" })).toBeDisabled();
    await expectAccessible(page);
    await amount.fill("12.50");
    await expect(panel(page).getByText("£12.63")).toBeVisible();
    await checkout(page);
    await expect(page.getByRole("button", { name: "Pay £12.63" })).toBeVisible();
    await expectAccessible(page);
    await payWithTestCard(page);
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByRole("region", { name: "Receipt" })).toContainText("£12.63");
    await expectAccessible(page);
  });

  test("a free event is booked without paying", async ({ page }) => {
    await openEvent(page, "Brass in the Park");
    await more(page, "Free ticket").click();
    await checkout(page, { free: true });
    await expect(page.getByText("You are eligible for free tickets")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Get my free tickets" }).click();
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByText("Booked")).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code for ticket/ })).toHaveCount(1);
    await expectAccessible(page);
  });

  test("two seats picked on the plan of a seated event", async ({ page }) => {
    await openEvent(page, "Cult Classics on the Big Screen");
    await more(page, "Stalls").click();
    await more(page, "Stalls").click();
    await expect(panel(page).getByRole("button", { name: "Choose 2 more seats" })).toBeDisabled();
    const plan = panel(page).getByRole("grid", { name: "Seat plan" });
    // Free seats near the back, by keyboard: focus the plan, move with the arrows, pick with Space.
    // Stalls tickets take stalls seats only: the circle's are not theirs to take.
    await expect(
      plan.getByRole("button", { name: /^Circle, row J, seat \d+, not for your tickets$/ }).first(),
    ).toBeVisible();
    const free = plan.getByRole("button", { name: /^Stalls, row F, seat \d+$/ });
    await free.nth(0).click();
    await free.nth(1).click();
    await expect(panel(page).getByText(/2 of 2 chosen: F\d+, F\d+/)).toBeVisible();
    await expect(plan.getByRole("button", { name: /wheelchair space/ }).first()).toBeVisible();
    await expectAccessible(page);
    await checkout(page);
    await expect(page.getByText(/Seats: F\d+, F\d+/)).toBeVisible();
    await payWithTestCard(page);
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByText(/Stalls · Seat F\d+/)).toHaveCount(2);
    await expectAccessible(page);
  });

  test("a private ticket unlocked with its code", async ({ page }) => {
    await openEvent(page, "Getting Your First Gig: Promoters' Q&A");
    await expect(panel(page).getByText("Crew and friends")).toHaveCount(0);
    await panel(page).getByLabel("Discount or access code").fill("crew");
    await panel(page).getByRole("button", { name: "Apply" }).click();
    await expect(panel(page).getByText("(private tickets unlocked)")).toBeVisible();
    await more(page, "Crew and friends").click();
    await checkout(page);
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("1 × Crew and friends");
    await expectAccessible(page);
    await payWithTestCard(page);
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByText("Crew and friends").first()).toBeVisible();
  });

  test("a declined card, then a retry that works", async ({ page }) => {
    await openEvent(page, "HIIT in the Park");
    await more(page, "Drop-in").click();
    await checkout(page);
    await payWithTestCard(page, "declined");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined. Try another card.");
    await expectAccessible(page);
    await page.getByRole("button", { name: /test card that works/ }).click();
    await page.waitForURL(/\/orders\/TB-/);
    await expect(page.getByText("Payment Successful! Generating Tickets")).toBeVisible();
  });
});

test.describe("someone else is quicker", () => {
  // The browser logs the holds API's 409 (the answer this test waits for) as a failed resource.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] });
  test("the last places go while you choose: the panel says so, empties the basket, shows it sold out", async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO.buyer);
    // An event of its own with eight places: one person may hold them all (up to ten), so one
    // other buyer can take the last places.
    const name = `Last Places ${Math.random().toString(36).slice(2, 7)}`;
    const made = await page.request.post("/dev/scenarios/event", { data: { name, capacity: 8, pricePence: 1000 } });
    expect(made.status(), await made.text()).toBe(200);
    const { slug } = (await made.json()) as { slug: string };
    await page.goto(`/events/${slug}`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const ticket = panel(page).getByRole("spinbutton").first();
    const typeId = (await ticket.getAttribute("name"))!.slice("qty:".length);
    await panel(page)
      .getByRole("button", { name: /^One more/ })
      .first()
      .click();

    // Another buyer, through the same Checkout, holds every place that is left.
    const other = await browser.newContext();
    await signIn(await other.newPage(), { email: "friend@ticketyboo.test", password: "ticketyboo" });
    const res = await other.request.post(`${new URL(page.url()).origin}/api/events/${slug}/holds`, {
      form: { [`qty:${typeId}`]: "8", key: crypto.randomUUID() },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status(), await res.text()).toBe(201);
    await other.close();

    await panel(page).getByRole("button", { name: "Checkout" }).click();
    // How many are left, and then what the page says of an event whose last places are held: sold out.
    // The refusal is asked of the whole tickets region: the page may already have reloaded into its
    // sold-out state (no form), which keeps the same refusal.
    const tickets = page.getByRole("complementary", { name: "Tickets" });
    await expect(tickets.getByRole("alert")).toContainText("Oops! It seems someone beat you to it...");
    await expect(tickets.getByRole("alert")).toContainText("has sold out.");
    await expect(tickets.getByText("Sorry, this event is sold out!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the booking timer", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.buyer);
  });

  test("runs out, says so, refreshes, and the tickets go back on sale", async ({ page, browser }) => {
    await page.clock.install();
    // A nearly sold-out workshop: hold every place that is left.
    await openEvent(page, "Pottery Wheel Taster");
    const left = Number(/Only (\d+) left/.exec((await panel(page).textContent()) ?? "")?.[1] ?? "0");
    expect(left, "the workshop has a few places left").toBeGreaterThan(0);
    for (let i = 0; i < left; i++) await more(page, "Place").click();
    await checkout(page);
    const holdUrl = page.url();

    // Meanwhile another buyer finds nothing left to choose.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(new URL(await eventPath(page.request, "Pottery Wheel Taster"), holdUrl).toString());
    const otherPanel = otherPage.getByRole("form", { name: "Tickets" });
    // Every place is held: for everyone else the event is sold out, with the waitlist, not a form of sold-out tickets.
    await expect(otherPage.getByText("Sorry, this event is sold out!")).toBeVisible();
    await expect(otherPage.getByRole("button", { name: "One more Place" })).toHaveCount(0);

    // A minute before the end: the warning, with one extension offered.
    await page.clock.fastForward("09:05");
    await expect(page.getByText("Less than a minute left.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Give me 10 more minutes" })).toBeVisible();
    await expectAccessible(page);

    // Time up, on the server and on the page.
    const holdId = holdUrl.split("/").at(-1)!;
    expect((await page.request.post(`/dev/holds/${holdId}/expire`)).status()).toBe(200);
    await page.clock.fastForward("01:00");
    await expect(page.getByText("You ran out of time. Refreshing page in 5 seconds")).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(page.getByText("This checkout has closed.")).toBeVisible();
    await expectAccessible(page);

    await otherPage.reload();
    await expect(otherPanel.getByRole("button", { name: "One more Place" })).toBeEnabled();
    await expect(otherPanel.getByText(`Only ${left} left`)).toBeVisible();
    await other.close();
  });
});

test.describe("signed out at checkout", () => {
  // The wrong password is answered 401, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 401/] });

  test("logs in inside the panel, keeping the basket, and the same press holds the tickets", async ({ page }) => {
    await openEvent(page, "HIIT in the Park");
    await more(page, "Drop-in").click();
    await more(page, "Drop-in").click();
    await expect(panel(page).getByRole("group", { name: "Log in to check out" })).toBeVisible();
    await expectAccessible(page);

    // A wrong password is refused in place, and the basket is still there.
    await panel(page).getByLabel("Email").fill(DEMO.buyer.email);
    await panel(page).getByLabel("Password").fill("not-the-password");
    await panel(page).getByRole("button", { name: "Log in and check out" }).click();
    await expect(panel(page).getByRole("alert")).toHaveText("Invalid login credentials");
    await expect(panel(page).getByRole("spinbutton", { name: /Drop-in/ })).toHaveValue("2");

    await panel(page).getByLabel("Password").fill(DEMO.buyer.password);
    await panel(page).getByRole("button", { name: "Log in and check out" }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("2 × Drop-in");
    // Signed in now: the header offers the person's menu rather than Log in.
    await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Checkout is a plain form: the page's action holds the tickets", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto(await eventPath(page.request, "Getting Your First Gig: Promoters' Q&A"));
    await panel(page).getByLabel("Ticket: number of tickets").fill("2");
    await panel(page).getByRole("button", { name: "Checkout" }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("2 × Ticket");
    // (axe runs inside the page, so it needs JavaScript: these pages are checked with it above.)
  });
});

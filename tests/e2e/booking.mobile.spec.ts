import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/** At 375 px, as most buyers book: on a phone. */
test.use({ viewport: { width: 375, height: 740 } });

const panel = (page: Page) => page.getByRole("form", { name: "Tickets" });

async function openEvent(page: Page, name: string) {
  const body = (await (await page.request.get(`/api/search?q=${encodeURIComponent(name)}&limit=10`)).json()) as {
    results: { name: string; url: string }[];
  };
  const found = body.results.find((r) => r.name === name);
  expect(found, `the demo event "${name}"`).toBeDefined();
  await page.goto(found!.url, { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.document, "the page is no wider than the phone").toBeLessThanOrEqual(widths.window);
}

test.describe("booking on a phone", () => {
  test.beforeEach(async ({ page }) => {
    await acceptNecessaryOnly(page);
    await signIn(page, DEMO.buyer);
  });

  test(
    "a circle seat on a seated event, through the booking bar, paid at the circle's price; the basket is empty " +
      "afterwards",
    async ({ page }) => {
      await openEvent(page, "Cult Classics on the Big Screen");

      // The booking bar: the all-in from-price (the circle's £5.00 plus the 1% fee) on the first screen.
      const bar = page.getByRole("region", { name: "Book tickets" });
      await expect(bar).toBeVisible();
      await expect(bar).toContainText("From £5.05");
      await expect(panel(page)).not.toBeInViewport();
      await bar.getByRole("link", { name: "Get tickets" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Tickets" })).toBeInViewport();
      await expect(page.getByRole("heading", { level: 2, name: "Tickets" })).toBeFocused();
      await expect(bar).toBeHidden();

      await panel(page).getByRole("button", { name: "One more Circle" }).click();
      const plan = panel(page).getByRole("grid", { name: "Seat plan" });
      // The plan scrolls inside the panel: the page never grows sideways.
      await noSidewaysScroll(page);
      await expect(plan.getByRole("button", { name: /^Stalls, row A, seat 3/ })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      const seat = plan.getByRole("button", { name: /^Circle, row J, seat \d+$/ }).last();
      await seat.scrollIntoViewIfNeeded();
      await seat.click();
      await expect(panel(page).getByText(/1 of 1 chosen: J\d+/)).toBeVisible();
      await expect(seat).toBeInViewport();
      await panel(page).getByLabel("Discount or access code").fill("CROWD10");
      await panel(page).getByRole("button", { name: "Apply" }).click();
      await expect(panel(page).getByText("Discount Code Applied: CROWD10")).toBeVisible();
      // The circle's £5.00, less 10%, plus the 1% fee on what is paid: £4.55 (a stalls seat would be £5.45).
      await expect(panel(page).getByText("£4.55")).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);

      const held = page.waitForResponse(
        (r) => /\/api\/events\/[^/]+\/holds/.test(r.url()) && r.request().method() === "POST",
      );
      await panel(page).getByRole("button", { name: "Checkout" }).click();
      expect((await held).status()).toBe(201);
      await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary).toContainText("Circle");
      await expect(summary).toContainText("£4.55");
      await page.getByRole("button", { name: /^Pay £4\.55/ }).click();
      await page.waitForURL(/\/pay\/test\//);
      await page.getByRole("button", { name: /test card that works/ }).click();
      await page.waitForURL(/\/orders\/TB-/);
      await expect(page.getByText(/Circle · Seat J\d+/)).toBeVisible();
      await expect(page.getByRole("region", { name: "Receipt" })).toContainText("£4.55");

      // Back to the event: the basket is empty, the code gone, and no 'Discount Code Applied' toast.
      await page.getByRole("link", { name: "Event details" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Cult Classics on the Big Screen" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(panel(page).getByRole("spinbutton", { name: "Circle: number of tickets" })).toHaveValue("0");
      await expect(panel(page).getByRole("button", { name: "Checkout" })).toBeDisabled();
      await expect(panel(page).getByText("Discount Code Applied: CROWD10")).toHaveCount(0);
      await expect(page.getByText("Discount Code Applied")).toHaveCount(0);
      await expect(panel(page).getByRole("grid", { name: "Seat plan" })).toHaveCount(0);
    },
  );
});

import type { Page } from "@playwright/test";
import type { Challenge } from "altcha-lib";
import { solveRobotCheck } from "../factories/robot-check";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/*
 * Access-first booking: a buyer saves their access needs once, books a free event of the demo
 * host's, chooses to share them with the host, and the host's dashboard shows them on the order.
 */

/** A new buyer through the auth API (robot check and all), signed in on the page's cookie jar. */
async function signUpBuyer(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const who = { email: `access-${stamp}@example.com`, password: "brass-band-2026" };
  const challenge = (await (await page.request.get("/api/altcha/challenge")).json()) as Challenge;
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { ...who, name: "Ash Access", firstName: "Ash", lastName: "Access", userType: "buyer", terms: true },
    headers: { Origin: BASE_URL, "x-altcha": await solveRobotCheck(challenge) },
  });
  expect(res.status(), "signing up").toBe(200);
  await signIn(page, who);
}

test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

test("a buyer saves access needs, shares them when booking, and the host sees them", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpBuyer(page);

  await page.goto("/u/settings/profile");
  const access = page.getByRole("region", { name: "Access needs" });
  await expect(access).toContainText("Private: only you see these.");
  await access.getByLabel("Step-free access").check();
  await access.getByLabel("Hearing loop").check();
  await access.getByLabel("Anything else the host should know").fill("A seat near the aisle, please.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await expect(access.getByLabel("Hearing loop")).toBeChecked();
  await expectAccessible(page);

  const search = (await (await page.request.get("/api/search?q=Brass%20in%20the%20Park&limit=10")).json()) as {
    results: { name: string; url: string }[];
  };
  await page.goto(search.results.find((r) => r.name === "Brass in the Park")!.url, { waitUntil: "networkidle" });
  const tickets = page.getByRole("form", { name: "Tickets" });
  await tickets.getByRole("button", { name: "One more Free ticket" }).click();
  await tickets.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);

  const share = page.getByLabel("Share my access needs with the host for this order");
  await expect(share).not.toBeChecked();
  const sharing = page.getByRole("region", { name: "Access needs" });
  await expect(sharing).toContainText("Step-free access");
  await expect(sharing).toContainText("A seat near the aisle, please.");
  await expectAccessible(page);
  await share.check();
  await page.getByRole("button", { name: "Get my free tickets" }).click();
  await page.waitForURL(/\/orders\/TB-/);
  const reference = page.url().split("/orders/")[1]!;

  await signIn(page, DEMO.host);
  await page.goto("/h/dashboard");
  const row = page.getByRole("listitem").filter({ hasText: reference });
  await row.getByText("Access needs shared").click();
  await expect(row).toContainText("Step-free access, Hearing loop");
  await expect(row).toContainText("A seat near the aisle, please.");
  await expectAccessible(page);
});

test("a host offers free companion tickets; a buyer books one ticket and a free companion", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Access Gig ${`${Date.now()}`.slice(-6)}`;
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name, capacity: 20, pricePence: 1200 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { eventId, slug } = (await made.json()) as { eventId: string; slug: string };

  // The demo host turns companion tickets on in the event's Tickets view.
  await signIn(page, DEMO.host);
  await page.goto(`/h/events/${eventId}/edit/tickets`);
  const setting = page.getByRole("form", { name: "Free companion tickets" });
  const offer = setting.getByLabel("Offer free companion tickets");
  await expect(offer).not.toBeChecked();
  await expect(setting).toContainText("one for each ticket they book");
  await expectAccessible(page);
  await offer.check();
  await setting.getByRole("button", { name: "Save companion tickets" }).click();
  await expect(page.getByText("Companion tickets on")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("form", { name: "Free companion tickets" }).getByLabel("Offer free companion tickets"),
  ).toBeChecked();

  // A buyer keeps their access needs, a personal assistant among them, on their profile.
  await signUpBuyer(page);
  await page.goto("/u/settings/profile");
  const access = page.getByRole("region", { name: "Access needs" });
  await access.getByLabel("Wheelchair user").check();
  await access.getByLabel("Companion or personal assistant").check();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  await page.goto(`/events/${slug}`, { waitUntil: "networkidle" });
  const tickets = page.getByRole("form", { name: "Tickets" });
  await tickets.getByRole("button", { name: "One more General admission" }).click();
  await tickets.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);

  // Companions go with sharing: the field waits for the box.
  const share = page.getByLabel("Share my access needs with the host for this order");
  const companions = page.getByLabel("Add free companion tickets");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(share).not.toBeChecked();
  await expect(companions).toBeDisabled();
  await expect(page.getByText("Companion tickets go with your access needs")).toBeVisible();
  await expectAccessible(page);
  await share.check();
  await expect(companions).toBeEnabled();
  await expect(companions).toHaveValue("1");
  await expect(summary).toContainText("1 × General admission");
  await expect(summary).toContainText("1 × Companion ticket · free");
  await expectAccessible(page);

  // The companion adds nothing to what is paid: £12 and the 1% booking fee.
  await page.getByRole("button", { name: "Pay £12.12" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole("button", { name: /test card that works/ }).click();
  await page.waitForURL(/\/orders\/TB-/);
  const reference = page.url().split("/orders/")[1]!;
  await expect(page.getByText("General admission · Companion ticket · free")).toBeVisible();
  await expect(page.getByRole("heading", { name: /2 tickets/ })).toBeVisible();
  const receipt = page.getByRole("region", { name: "Receipt" });
  await expect(receipt).toContainText("1 × Companion ticket · free");
  await expect(receipt).toContainText("£12.12");
  await expectAccessible(page);

  // The host sees the companion and the needs on the order.
  await signIn(page, DEMO.host);
  await page.goto("/h/dashboard");
  const row = page.getByRole("listitem").filter({ hasText: reference });
  await expect(row).toContainText("2 tickets (1 free companion)");
  await row.getByText("Access needs shared").click();
  await expect(row).toContainText("Wheelchair user, Companion or personal assistant");
  await expectAccessible(page);
});

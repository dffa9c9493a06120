import type { Browser, Page } from "@playwright/test";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/*
 * "Who's going" on an event page (decision 0037): absent while the host doesn't show guests; with it
 * on, the number going, and only ticket holders who chose to be shown, by first name, linking to their
 * profile; a holder shows and hides themselves; the host turning it off takes the section away.
 * The host is the second demo host, whose setting no other journey changes; it ends as it began (off).
 */

const HOST2 = { email: "host2@ticketyboo.test", password: DEMO.host.password };

async function personPage(browser: Browser, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await acceptNecessaryOnly(page);
  if (who) await signIn(page, who);
  return page;
}

async function setShowGuests(page: Page, on: boolean) {
  await page.goto("/u/display-guests");
  const toggle = page.getByLabel("Show guests on my event pages");
  await toggle.setChecked(on);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /Saved|Nothing to change/ })).toBeVisible();
}

test("who's going shows only guests who chose to be, and only while the host shows guests", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await acceptNecessaryOnly(page);
  const name = `Garden Party ${Date.now().toString(36)}`;
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name, capacity: 40, pricePence: 800, hostEmail: HOST2.email, soldTo: DEMO.buyer.email, quantity: 2 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { slug, eventId } = (await made.json()) as { slug: string; eventId: string };
  const friendSale = await page.request.post("/dev/scenarios/sale", {
    data: { eventId, soldTo: "friend@ticketyboo.test", quantity: 1 },
    headers: { Origin: BASE_URL },
  });
  expect(friendSale.status()).toBe(200);
  const going = page.getByRole("region", { name: "Who's going" });
  // Off to begin with, even when a failed try left it on.
  const host = await personPage(browser, HOST2);
  await setShowGuests(host, false);

  // The host doesn't show guests: no section, for anyone.
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your host" })).toBeVisible();
  await expect(going).toHaveCount(0);
  await setShowGuests(host, true);

  // On: three going, nobody shown yet (nobody has chosen to be), and a visitor has nothing to choose.
  await page.reload();
  await expect(going.getByText("3 going")).toBeVisible();
  await expect(going.getByText("Guests choose whether to appear here. Nobody has yet.")).toBeVisible();
  await expect(going.getByRole("list")).toHaveCount(0);
  await expect(going.getByRole("button")).toHaveCount(0);
  await expectAccessible(page);

  // The buyer, holding two tickets, chooses to be shown: once, by first name, linking to their profile.
  const buyer = await personPage(browser, DEMO.buyer);
  await buyer.goto(`/events/${slug}`);
  const theirs = buyer.getByRole("region", { name: "Who's going" });
  await expect(theirs.getByText("You have a ticket.")).toBeVisible();
  await theirs.getByRole("button", { name: "Show me" }).click();
  await expect(theirs.getByText("You're shown here")).toBeVisible();
  await expectAccessible(buyer);

  await page.reload();
  const faces = going.getByRole("list", { name: "Guests going" });
  await expect(faces.getByRole("link")).toHaveCount(1);
  await expect(faces.getByRole("link", { name: "Bea" })).toHaveAttribute("href", /^\/user\/[^/]+$/);
  await expect(faces.getByText("and 2 others")).toBeVisible();
  await expect(going).not.toContainText("Buyer");
  await expect(going).not.toContainText("@");
  await expectAccessible(page);
  // A profile is for people signed in: the visitor is sent home with a way to log in (the signed-in
  // area's rule for a visitor moving about the site), and a signed-in guest sees it.
  await faces.getByRole("link", { name: "Bea" }).click();
  await expect(page.getByText("Log in to see that page.")).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await buyer.reload();
  await theirs.getByRole("list", { name: "Guests going" }).getByRole("link", { name: "Bea" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Bea Buyer" })).toBeVisible();
  await buyer.goBack();

  // Hiding again takes them off at once.
  await theirs.getByRole("button", { name: "Hide me" }).click();
  await expect(theirs.getByRole("button", { name: "Show me" })).toBeVisible();
  await page.goto(`/events/${slug}`);
  await expect(going.getByText("3 going")).toBeVisible();
  await expect(going.getByRole("link", { name: "Bea" })).toHaveCount(0);

  // Shown again, then the host turns guests off: the section goes, for the buyer too.
  await theirs.getByRole("button", { name: "Show me" }).click();
  await expect(theirs.getByText("You're shown here")).toBeVisible();
  await setShowGuests(host, false);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your host" })).toBeVisible();
  await expect(going).toHaveCount(0);
  await buyer.reload();
  await expect(buyer.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(buyer.getByRole("region", { name: "Who's going" })).toHaveCount(0);
  await expectAccessible(buyer);
  await host.context().close();
  await buyer.context().close();
});

import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/**
 * The account pages of the buyer area: email preferences, display guests, feedback, customer
 * support and notifications. They change the demo accounts' own settings, so each test puts back
 * what it changed and the file runs in order.
 */
test.describe.configure({ mode: "serial" });

test.describe("buyer area account pages", () => {
  // A refused form is answered with the error table's status (422), which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("email preferences save only a change, and say so", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/marketing-permissions");
    await expect(page.getByRole("heading", { level: 1, name: "Email preferences" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Marketing emails" })).toBeVisible();
    // Buyers have no events to be summarised.
    await expect(page.getByLabel("Individual event summaries")).toHaveCount(0);
    await expectAccessible(page);

    const save = page.getByRole("button", { name: "Save preferences" });
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing to change" })).toBeVisible();

    const venues = page.getByLabel("News from venues");
    const wasChecked = await venues.isChecked();
    await venues.setChecked(!wasChecked);
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("News from venues")).toBeChecked({ checked: !wasChecked });

    // A change made while a save is still on its way is not swallowed by the save.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/u/marketing-permissions.data*", async (route) => {
      if (route.request().method() === "GET") await held;
      await route.continue();
    });
    await page.getByLabel("News from venues").setChecked(wasChecked);
    const saving = page.waitForResponse(
      (r) => r.url().includes("/u/marketing-permissions.data") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Save preferences" }).click();
    await saving;
    const general = page.getByLabel("Ticketyboo news and event picks");
    const generalWas = await general.isChecked();
    await general.setChecked(!generalWas);
    release();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveCount(0);
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await general.setChecked(generalWas);
    await expect(page.getByText("Unsaved changes")).toHaveCount(0);

    // A link followed once the save has answered, while the page is still reloading, leaves
    // without asking: nothing is unsaved.
    let releaseAgain = () => {};
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unroute("**/u/marketing-permissions.data*");
    await page.route("**/u/marketing-permissions.data*", async (route) => {
      if (route.request().method() === "GET") await heldAgain;
      await route.continue();
    });
    await general.setChecked(!generalWas);
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    const savedAgain = page.waitForResponse(
      (r) => r.url().includes("/u/marketing-permissions.data") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Save preferences" }).click();
    await savedAgain;
    await page.getByRole("link", { name: "Ticketyboo, your dashboard" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    releaseAgain();
    await expect(page).not.toHaveURL(/marketing-permissions/);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.unroute("**/u/marketing-permissions.data*");
  });

  test("hosts also choose their event summaries", async ({ page }) => {
    await signIn(page, DEMO.host);
    await page.goto("/u/marketing-permissions");
    await expect(page.getByRole("heading", { name: "Hosting summaries" })).toBeVisible();
    await expect(page.getByLabel("Individual event summaries")).toBeVisible();
    await expect(page.getByLabel("Monthly event summaries")).toBeVisible();
    await expectAccessible(page);
  });

  test("display guests is for hosts only", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/display-guests");
    await expect(page.getByRole("heading", { level: 1, name: "Display guests" })).toBeVisible();
    await expect(page.getByText("Available for host only!")).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a host turns guests on their event pages on and off", async ({ page }) => {
    await signIn(page, DEMO.host);
    await page.goto("/u/display-guests");
    const toggle = page.getByLabel("Show guests on my event pages");
    const wasChecked = await toggle.isChecked();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing to change" })).toBeVisible();
    await toggle.setChecked(!wasChecked);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Show guests on my event pages").setChecked(wasChecked);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  });

  test("feedback names the field that is wrong, then thanks the person", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/feedback");
    await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await page.getByLabel("What's it about?").selectOption({ label: "Booking and paying" });
    await page.getByLabel("Message").fill("Checkout was quick and the prices were all-in. Lovely.");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByRole("heading", { name: "Thanks — we read every message" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Send more feedback" }).click();
    await expect(page.getByRole("button", { name: "Send feedback" })).toBeVisible();
  });

  test("customer support keeps what was typed on an error and says where the reply goes", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/customer-support");
    await expect(page.getByRole("heading", { level: 1, name: "Customer support" })).toBeVisible();
    await expect(page.getByText(`We'll reply to ${DEMO.buyer.email}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Subject").fill("Tickets missing");
    await page.getByLabel("Message").fill("Help");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message needs at least 10 characters.")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Tickets missing");

    await page.getByLabel("Order reference").fill("TB-1234");
    await page.getByLabel("Message").fill("I booked for Friday but can't see my tickets anywhere.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Thanks, your message is with us" })).toBeVisible();
    await expect(page.getByText(`We'll reply to ${DEMO.buyer.email} within 2 working days`)).toBeVisible();
  });

  test("notifications page shows the feed or a friendly empty state", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/feed");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const list = page.getByRole("list", { name: "Your notifications" });
    if ((await list.count()) === 0) {
      await expect(page.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Find something to do" })).toBeVisible();
    } else {
      await expect(list.getByRole("listitem").first()).toBeVisible();
      const markAll = page.getByRole("button", { name: "Mark all as read" });
      if (await markAll.count()) {
        await markAll.click();
        await expect(page.getByText("You're all caught up.")).toBeVisible();
      }
    }
    await expectAccessible(page);
  });

  test("the account pages are linked from one another", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/feedback");
    const nav = page.getByRole("navigation", { name: "Account" });
    await nav.getByRole("link", { name: "Email preferences" }).click();
    await expect(page).toHaveURL(/\/u\/marketing-permissions$/);
    await nav.getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL(/\/u\/feed$/);
    await nav.getByRole("link", { name: "Customer support" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Customer support" })).toBeVisible();
  });
});

import { acceptNecessaryOnly, DEMO, expect, expectAccessible, logIn, test } from "./fixtures";

test.describe("signed-in and signed-out shells", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("the buyer's area: from outside the site, log in first; from inside, to the root", async ({ page }) => {
    // Opened from outside (an email's link, a bookmark): log in, then on to the page.
    await page.goto("/u/dashboard");
    await expect(page).toHaveURL(/\/log-in\?redirect=%2Fu%2Fdashboard$/);
    // Followed from one of our own pages: the root, with a toast to log in.
    await page.goto("/legal/cookie-policy");
    await page.evaluate(() => (window.location.href = "/u/dashboard"));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Log in to see that page.")).toBeVisible();
  });

  test("a buyer signs in, sees the signed-in navigation and menu, and is kept off sign-in pages", async ({ page }) => {
    await logIn(page, DEMO.buyer);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bea");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My Tickets" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Features" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ticketyboo, your dashboard" })).toHaveAttribute(
      "href",
      "/u/dashboard",
    );

    await page.getByRole("button", { name: /Account menu for/ }).click();
    const menu = page.getByRole("menu");
    for (const item of ["Chat Support", "Help Articles", "Become a Partner", "Settings", "Sign out"]) {
      await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
    }
    await expect(menu.getByRole("menuitem", { name: "My Signage" })).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page.goto("/log-in");
    await expect(page).toHaveURL(/\/u\/dashboard$/);
  });

  test("a host's menu offers Partners Studio and My Signage", async ({ page }) => {
    await logIn(page, DEMO.host);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Partners Studio" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "My Signage" })).toBeVisible();
    await expect(menu.getByLabel("Verified host")).toBeVisible();
  });

  test("the account menu opens from the keyboard, and Escape closes it", async ({ page }) => {
    await logIn(page, DEMO.buyer);
    const button = page.getByRole("button", { name: /Account menu for/ });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("wrong credentials get the spec's message and keep the email typed", async ({ page }) => {
    await page.goto("/log-in");
    await page.getByLabel("Email").fill(DEMO.buyer.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.buyer.email);
  });

  test("logging out asks first, then returns to the root signed out", async ({ page }) => {
    await logIn(page, DEMO.buyer);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    const dialog = page.getByRole("alertdialog", { name: "See you soon..." });
    await expect(dialog).toContainText("Are you sure you want to log out?");
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await page.goto("/u/dashboard");
    await expect(page).toHaveURL(/\/log-in\?redirect=%2Fu%2Fdashboard$/);
  });
});

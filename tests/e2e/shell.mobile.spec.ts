import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

test.describe("on a phone", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("signed out: footer shown, no bottom navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);
  });

  test("signed in: the bottom navigation replaces the footer", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/u/dashboard");
    const nav = page.getByRole("navigation", { name: "App" });
    await expect(nav).toBeVisible();
    for (const item of ["Home", "Map", "Tickets", "Support", "Profile"]) {
      await expect(nav.getByRole("link", { name: item })).toBeVisible();
    }
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expectAccessible(page);
  });
});

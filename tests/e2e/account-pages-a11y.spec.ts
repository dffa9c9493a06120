import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/**
 * axe on every account page, in light and dark: contrast problems hide in one theme only.
 */
const signedOut = [
  "/log-in",
  "/sign-up",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/email-verified?error=invalid_token",
];
const buyerPages = [
  "/u/dashboard",
  "/u/settings/profile",
  "/u/settings/security",
  "/u/settings/following",
  "/u/marketing-permissions",
  "/u/display-guests",
  "/u/feedback",
  "/u/customer-support",
  "/u/feed",
  "/u/orders",
  "/u/delete-account",
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`account pages in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await acceptNecessaryOnly(page);
    });

    test("signed-out pages pass axe", async ({ page }) => {
      test.slow(); // axe on five pages
      for (const path of signedOut) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectAccessible(page);
        });
      }
    });

    test("the buyer's pages, the log-out question and a public profile pass axe", async ({ page }) => {
      test.slow(); // axe on twelve pages
      await signIn(page, DEMO.buyer);
      for (const path of buyerPages) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectAccessible(page);
        });
      }
      await page.goto("/u/settings/profile");
      await page.getByRole("link", { name: /View your public profile/ }).click();
      await expect(page).toHaveURL(/\/user\//);
      await expect(page.getByRole("heading", { level: 1, name: /Bea/ })).toBeVisible();
      await expectAccessible(page);

      await page.goto("/log-out");
      await expect(page.getByRole("alertdialog", { name: "See you soon..." })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

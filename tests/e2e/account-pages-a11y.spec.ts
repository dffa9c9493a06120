import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/**
 * axe, in light and dark, on the account pages no link leads to: the pages an email's link opens
 * (here with a link that has expired) and the log-out question. Every account page a link reaches
 * (log in, sign up, the buyer's /u/* pages, a profile) is judged by the site crawler, in both themes.
 */
const fromEmails = ["/reset-password?token=not-a-real-token", "/email-verified?error=invalid_token"];

for (const theme of ["light", "dark"] as const) {
  test.describe(`account pages in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("the pages an email opens, and the log-out question, pass axe", async ({ page }) => {
      await acceptNecessaryOnly(page);
      for (const path of fromEmails) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectAccessible(page);
        });
      }
      await signIn(page, DEMO.buyer);
      await page.goto("/log-out");
      await expect(page.getByRole("alertdialog", { name: "See you soon..." })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

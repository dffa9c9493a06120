import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

test("a link from an email, opened while signed out, asks the person to log in and then goes there", async ({
  page,
}) => {
  // Opened from a mail program, as 'Show my tickets' is: the browser says the page was opened from outside the site.
  await page.goto("/u/tickets");
  await expect(page).toHaveURL(/\/log-in\?redirect=%2Fu%2Ftickets$/);
  await expect(page.getByText("Log in to see that page.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email").fill(DEMO.buyer.email);
  await page.getByLabel("Password").fill(DEMO.buyer.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/u\/tickets$/);
  await expect(page.getByRole("heading", { level: 1, name: "My tickets" })).toBeVisible();
});

test.describe("sign-up", () => {
  // The refused submit is answered 422, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

  test("errors go as each field is put right, not at the next submit", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Please enter a password of at least 6 characters.")).toBeVisible();
    await expect(page.getByText("You need to agree to our terms to use Ticketyboo")).toBeVisible();

    await page.getByLabel("Email").fill("new.person@example.com");
    await expect(page.getByText("Invalid email")).toBeHidden();
    // The others are still wrong, so their errors stay.
    await expect(page.getByText("Please enter a password of at least 6 characters.")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("a much longer passphrase");
    await expect(page.getByText("Please enter a password of at least 6 characters.")).toBeHidden();
    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    await expect(page.getByText("You need to agree to our terms to use Ticketyboo")).toBeHidden();
    await expectAccessible(page);
  });
});

test("'+' keeps the keyboard's place when it reaches the most that can be chosen", async ({ page }) => {
  await page.goto("/search?q=quiz");
  await page.getByRole("main").getByRole("link").filter({ hasText: /quiz/i }).first().click();
  const more = page.getByRole("button", { name: /^One more / }).first();
  const name = (await more.getAttribute("aria-label"))!.replace(/^One more /, "");
  await more.focus();
  for (let i = 0; i < 50 && (await more.isEnabled()); i++) await page.keyboard.press("Enter");
  await expect(more).toBeDisabled();
  // Focus moved to the number, not dropped to the page; one more Tab-back reaches '−'.
  await expect(page.getByRole("spinbutton", { name: `${name}: number of tickets` })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: `One fewer ${name}` })).toBeFocused();
});

test("Tab from 'My Tickets' lands on the account menu, even while the menu's code is on its way", async ({ page }) => {
  await signIn(page, DEMO.buyer);
  // The menu's code is held back, as on a slow connection, until the test lets it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/profile-menu-content/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/u/tickets");
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Tickets" }).focus();
  await page.keyboard.press("Tab");
  const menuButton = page.getByRole("button", { name: /Account menu for/ });
  await expect(menuButton).toBeFocused();
  release();
  // The real menu takes over in place (its trigger carries Radix's data-state), keeping focus;
  // Enter opens it.
  await expect(menuButton).toHaveAttribute("data-state", "closed");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(menuButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
});

import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test, untilHydrated } from "./fixtures";

test.describe("shared UI", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("the confirmation dialog answers Yes and Cancel", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("button", { name: "Ask for confirmation" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this draft?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Last answer: cancel")).toBeVisible();

    await page.getByRole("button", { name: "Ask for confirmation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("Last answer: yes")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("toasts appear and close by themselves after about 5 seconds", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("button", { name: "Show a toast" }).click();
    const toast = page.getByText("Event published");
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0); // toasts pause while hovered
    await expect(toast).toBeHidden({ timeout: 9_000 });
  });

  test("the loading overlay shows its title and description, then clears", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("button", { name: "Show loading overlay" }).click();
    const overlay = page.getByRole("alertdialog", { name: "Publishing your event" });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText("This takes a few seconds.");
    await expect(overlay).toHaveCount(0, { timeout: 5_000 });
  });

  test("Ctrl+D toggles the debug panel and Ctrl+G the grid", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+d");
    const panel = page.getByRole("dialog", { name: "Debug panel" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Signed out");
    await expect(panel).toContainText(/Request id/);
    await expect(panel).toContainText("explore-map");
    await expect(panel).not.toContainText("ai-description-helper"); // private flags stay on the server
    await page.keyboard.press("Control+d");
    await expect(panel).toHaveCount(0);

    await page.keyboard.press("Control+g");
    await expect(page.getByTestId("grid-overlay")).toBeVisible();
    await page.keyboard.press("Control+g");
    await expect(page.getByTestId("grid-overlay")).toHaveCount(0);
  });

  test("the debug panel reports a bug on the page it was opened on, which staff read as one", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/explore?when=today");
    await untilHydrated(page);
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+d");
    await page
      .getByRole("dialog", { name: "Debug panel" })
      .getByRole("link", { name: "Report a bug on this page" })
      .click();
    await expect(page).toHaveURL(/\/u\/feedback\?topic=bug&page=/);
    await expect(page.getByLabel("What's it about?")).toHaveValue("bug");
    await expect(page.getByText("About the page /explore?when=today.")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Message").fill("The map stayed grey after choosing Today.");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your feedback has gone to the team." })).toBeVisible();

    await page.context().clearCookies();
    await acceptNecessaryOnly(page);
    await signIn(page, { email: "staff@ticketyboo.test", password: DEMO.buyer.password });
    await page.goto("/admin/feedback");
    const report = page.getByRole("listitem").filter({ hasText: "The map stayed grey after choosing Today." });
    await expect(report).toContainText(/bug report/i);
    await expect(report).toContainText("On /explore?when=today");
  });
});

import type { Page, Request } from "@playwright/test";
import { acceptNecessaryOnly, expect, expectAccessible, test } from "./fixtures";

test.describe("theme", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("follows the device until picked, and the pick survives a reload with no flash", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("menuitem", { name: "Light Mode" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(lightBg).not.toBe(darkBg);

    // The server renders the picked theme into the first byte of HTML: nothing to flash.
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]*data-theme="light"/);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Dark Mode" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Dark Mode" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expectAccessible(page);
  });
});

test.describe("cookie card", () => {
  const metricsRequests = (page: Page) => {
    const seen: Request[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/metrics") seen.push(r);
    });
    return seen;
  };
  const consentCookie = async (page: Page) => {
    const cookie = (await page.context().cookies()).find((c) => c.name === "tb_consent");
    return cookie
      ? (JSON.parse(decodeURIComponent(cookie.value)) as { performance: boolean; statistics: boolean })
      : null;
  };

  test("sets nothing non-essential before a choice", async ({ page }) => {
    const metrics = metricsRequests(page);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toBeVisible();
    await page.goto("/grid-overlay");
    await page.waitForLoadState("networkidle");
    expect(metrics).toHaveLength(0);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names.filter((n) => !["tb_app_ui"].includes(n))).toEqual([]);
    await expectAccessible(page);
  });

  test("Accept All stores both, thanks the visitor, and stays chosen after reload", async ({ page }) => {
    const metrics = metricsRequests(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Accept All" }).click();
    await expect(page.getByText("Cookie preference updated successfully!")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toHaveCount(0);
    expect(await consentCookie(page)).toMatchObject({ performance: true, statistics: true });
    // We ask for ten years (see the consent unit test); Chromium caps every cookie at 400 days.
    const cookie = (await page.context().cookies()).find((c) => c.name === "tb_consent")!;
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
    await expect.poll(() => metrics.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toHaveCount(0);
  });

  test("Accept Selected stores exactly the ticked boxes", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("checkbox", { name: /Statistics/ }).check();
    await page.getByRole("button", { name: "Accept Selected" }).click();
    await expect(page.getByText("Cookie preference updated successfully!")).toBeVisible();
    expect(await consentCookie(page)).toMatchObject({ performance: false, statistics: true });
    await page.reload();
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toHaveCount(0);
  });

  test("Reject non-essential is one click and nothing is measured after it", async ({ page }) => {
    const metrics = metricsRequests(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Reject non-essential" }).click();
    await expect(page.getByText("Cookie preference updated successfully!")).toBeVisible();
    expect(await consentCookie(page)).toMatchObject({ performance: false, statistics: false });
    await page.goto("/grid-overlay");
    await page.waitForLoadState("networkidle");
    expect(metrics).toHaveLength(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toHaveCount(0);
  });
});

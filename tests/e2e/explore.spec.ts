import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, expect, expectAccessible, test } from "./fixtures";

const MANCHESTER = { latitude: 53.4808, longitude: -2.2426 };
const list = (page: Page) => page.getByRole("region", { name: "Events", exact: true });

test.beforeEach(async ({ page }) => {
  await acceptNecessaryOnly(page);
});

test.describe("explore without a location", () => {
  test("renders the UK-wide list server-side, and says so when location is declined", async ({ page }) => {
    // No permission granted: the browser refuses, and the page stays on the whole UK.
    const response = await page.goto("/explore");
    expect(await response!.text()).toContain("upcoming events");
    await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
    await expect(page.getByText(/\d+ upcoming events across the UK\./)).toBeVisible();
    await expect(page.getByText("Location is turned off for this site, so here is the whole UK.")).toBeVisible();
    await expect(list(page).getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Map of these events" })).toBeVisible();
    await expectAccessible(page);
  });

  test("filters live in the URL and survive a reload", async ({ page }) => {
    await page.goto("/explore?near=uk");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Comedy" }).click();
    await expect(page).toHaveURL(/category=comedy-events/);
    await page.getByRole("group", { name: "When" }).getByRole("link", { name: "This week", exact: true }).click();
    await expect(page).toHaveURL(/date=week/);
    await expect(page).toHaveURL(/category=comedy-events/);
    await page.reload();
    await expect(
      page.getByRole("group", { name: "When" }).getByRole("link", { name: "This week", exact: true }),
    ).toHaveAttribute("aria-current", "true");
    await expect(
      page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Comedy" }),
    ).toHaveAttribute("aria-current", "true");
  });
});

test.describe("explore near a place", () => {
  test.use({ geolocation: MANCHESTER, permissions: ["geolocation"], reducedMotion: "reduce" });

  test("uses the device location: events near Manchester, nearest first, with distances", async ({ page }) => {
    await page.goto("/explore");
    await page.waitForURL(/near=53\.4808(%2C|,)-2\.2426/);
    await expect(page.getByText(/upcoming events? near you, within 25 miles\./)).toBeVisible();
    const distances = await list(page)
      .getByText(/miles away$/)
      .allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    const miles = distances.map((d) => Number(/([\d.]+) miles/.exec(d)?.[1] ?? 0));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThanOrEqual(25);
    // The map fits itself to the pins found near the device: axe judges the page once it is still
    // (drawn, its tiles in, and its clusters not animating, as for anyone asking for less motion).
    await expect(page.getByRole("region", { name: "Map of these events" })).toHaveAttribute("aria-busy", "false");
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);
  });

  test("a typed town works, and an unknown one says what was not found", async ({ page }) => {
    await page.goto("/explore?near=uk");
    await page.getByLabel("Town or city").fill("Leeds");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page).toHaveURL(/place=Leeds/);
    await expect(page.getByText(/upcoming events? near Leeds, within 25 miles\./)).toBeVisible();
    await expect(
      list(page)
        .getByText(/Leeds|Roundhay|Brudenell/)
        .first(),
    ).toBeVisible();

    await page.getByLabel("Town or city").fill("Leds");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByText("We couldn't find “Leds” in the UK.")).toBeVisible();
    await page.getByRole("link", { name: "Leeds", exact: true }).click();
    await expect(page.getByText(/near Leeds/)).toBeVisible();

    // The home page remembers the place the person chose.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Near Leeds" })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Near Leeds" })
        .getByText(/miles away$/)
        .first(),
    ).toBeVisible();
  });

  test("nothing nearby gets a helpful message, not an empty grid", async ({ page }) => {
    await page.goto("/explore?place=Inverness&miles=5");
    await expect(page.getByText("No events near Inverness yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Within 50 miles" })).toBeVisible();
    await page.getByRole("link", { name: "See the whole UK" }).click();
    await expect(page.getByText(/upcoming events across the UK\./)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, geolocation: MANCHESTER, permissions: ["geolocation"] });

  test("toggles between the list and the map", async ({ page }) => {
    // The map's pins are fetched with the map, not with the page: a phone on the list never asks for them.
    const pinRequests: string[] = [];
    page.on("request", (r) => r.url().includes("/explore/pins") && pinRequests.push(r.url()));
    await page.goto("/explore?near=uk");
    const toggle = page.getByRole("group", { name: "Show as" });
    await expect(toggle.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("region", { name: "Map of these events" })).toBeHidden();
    await page.waitForLoadState("networkidle");
    expect(pinRequests).toEqual([]);
    await toggle.getByRole("button", { name: "Map" }).click();
    await expect(toggle.getByRole("button", { name: "Map" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("region", { name: "Map of these events" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Map of these events" })).toHaveAttribute("aria-busy", "false");
    expect(pinRequests.map((u) => new URL(u).search)).toEqual(["?near=uk"]);
    // Every event of the list is on the map, in clusters or as pins.
    await expect(page.locator(".tb-pin, .marker-cluster").first()).toBeVisible();
    await expect(list(page)).toBeHidden();
    await expectAccessible(page);
  });
});

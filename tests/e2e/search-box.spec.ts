import type { Page } from "@playwright/test";
import { acceptNecessaryOnly, expect, expectAccessible, test } from "./fixtures";

/*
 * The header search box: an ARIA combobox over GET /api/search (spec §9: 500 ms debounce, at most
 * 10 suggestions, 5 on phones; §5: trimmed, empty hides). Event pages are asserted by URL only.
 */

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search events" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggested events" });
/** The event options, without the closing "See all results" one. */
const eventOptions = (page: Page) =>
  suggestions(page).getByRole("option").filter({ hasNotText: "See all results for" });

/** Records the suggestion requests the page makes. */
function watchSearchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search") seen.push(url);
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await acceptNecessaryOnly(page);
  await page.goto("/");
  // The combobox role arrives with JavaScript: before that it is a plain search field.
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
});

test.describe("header search box", () => {
  test("a typo still finds the event, once typing pauses, with one request", async ({ page }) => {
    const requests = watchSearchRequests(page);
    // The answer for the whole text waits until the box has been seen saying it is searching
    // (on a quiet machine the search is quicker than an assertion can look).
    let answer = () => {};
    const seenSearching = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/search?*", async (route) => {
      if (new URL(route.request().url()).searchParams.get("q") === "windmil brixton") await seenSearching;
      await route.continue();
    });
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially("windmil brixton", { delay: 40 });
    await expect(page.getByText("Searching…")).toBeVisible();
    answer();

    const option = eventOptions(page).filter({ hasText: "New Noise at the Windmill: Five Bands" });
    await expect(option).toBeVisible();
    await expect(option).toContainText("The Windmill Brixton, London");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: /^\d+ results?$/ })).toBeAttached();
    // Fifteen keystrokes, but the debounce asked once for the whole text (a busy machine may
    // pause mid-word and ask once or twice more; never once per key).
    expect(requests.at(-1)!.searchParams.get("q")).toBe("windmil brixton");
    expect(requests.length).toBeLessThanOrEqual(3);
    expect(requests.at(-1)!.searchParams.get("limit")).toBe("10");
  });

  test("Enter without a highlighted option opens the full results, trimmed, and the box keeps the query", async ({
    page,
  }) => {
    const box = searchBox(page);
    await box.fill("  kelham   quiz ");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "kelham quiz");
    await expect(page.getByRole("heading", { level: 1, name: "Results for “kelham quiz”" })).toBeVisible();
    await expect(searchBox(page)).toHaveValue("kelham quiz");
    await expect(suggestions(page)).toBeHidden();
  });

  test("See all results goes to the results page for the text", async ({ page }) => {
    await searchBox(page).fill("windmil");
    await suggestions(page).getByRole("option", { name: "See all results for “windmil”" }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "windmil");
    await expect(searchBox(page)).toHaveValue("windmil");
    await expect(suggestions(page)).toBeHidden();
  });

  test("empty or whitespace-only text shows nothing and asks nothing", async ({ page }) => {
    const requests = watchSearchRequests(page);
    const box = searchBox(page);
    await box.fill("   ");
    await page.waitForTimeout(900); // past the 500 ms debounce
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    expect(requests).toHaveLength(0);

    // Clearing what was typed hides the suggestions again.
    await box.fill("kelham quiz");
    await expect(eventOptions(page).first()).toBeVisible();
    await box.fill("");
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes the suggestions, a second Escape clears the text; Tab and a click outside close them", async ({
    page,
  }) => {
    const box = searchBox(page);
    await box.fill("kelham quiz");
    await expect(eventOptions(page).first()).toBeVisible();

    await box.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("kelham quiz");
    await box.press("Escape");
    await expect(box).toHaveValue("");

    await box.fill("kelham quiz");
    await expect(eventOptions(page).first()).toBeVisible();
    await box.press("Tab");
    await expect(suggestions(page)).toBeHidden();

    await box.click();
    await box.press("ArrowDown");
    await expect(suggestions(page)).toBeVisible();
    await page.mouse.click(5, 400); // the page's side margin, away from the suggestions
    await expect(suggestions(page)).toBeHidden();
  });

  test("at most 10 suggestions on a larger screen", async ({ page }) => {
    // The Crown Collective hosts most of the demo's events.
    const all = await (await page.request.get("/api/search?q=crown&limit=50")).json();
    expect(all.results.length, "the demo data has more than 10 Crown Collective events").toBeGreaterThan(10);
    await searchBox(page).fill("crown");
    await expect(eventOptions(page)).toHaveCount(10);
  });

  test("axe passes with the suggestions open and one highlighted", async ({ page }) => {
    const box = searchBox(page);
    await box.fill("kelham quiz");
    await expect(eventOptions(page).first()).toBeVisible();
    await box.press("ArrowDown");
    await expect(eventOptions(page).first()).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
  });

  test.describe("when the network fails", () => {
    // The signal drops: the browser itself is offline, and says so in its log.
    // React Router also fails to fetch route manifests for the links on the page, and says so.
    test.use({ allowConsoleErrors: [/ERR_FAILED|ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/] });

    test("says so kindly and still offers the full results", async ({ page }) => {
      await page.context().setOffline(true);
      await searchBox(page).fill("jazz night");
      await expect(page.getByText("We couldn't load suggestions just now.")).toBeVisible();
      await expect(suggestions(page).getByRole("option", { name: "See all results for “jazz night”" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Suggestions are unavailable" })).toBeAttached();
    });
  });

  test("a query with no matches says so", async ({ page }) => {
    await searchBox(page).fill("zzqxv wibble");
    await expect(page.getByText("No events match “zzqxv wibble”")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "No results" })).toBeAttached();
    await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("choosing a suggestion", () => {
  // The event page may answer 404 while it is being built: this is about where we land.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("ArrowDown and Enter open the highlighted event; Arrow keys wrap", async ({ page }) => {
    const box = searchBox(page);
    await box.fill("kelham quiz");
    const first = eventOptions(page).filter({ hasText: "Kelham Island Pub Quiz" });
    await expect(first).toBeVisible();
    await expect(first).toContainText("Kelham Island Tavern, Sheffield");
    const options = suggestions(page).getByRole("option");
    const count = await options.count();

    // Up from the box wraps to the last option (See all), down from there wraps to the first.
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await expect(options.last()).toHaveText("See all results for “kelham quiz”");
    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    expect(count).toBeGreaterThan(1);

    const href = await options.first().getAttribute("href");
    expect(href).toMatch(/^\/events\/[\w-]+$/);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === href);
    await expect(suggestions(page)).toBeHidden();
    // Outside /search the box goes back to empty.
    await expect(searchBox(page)).toHaveValue("");
  });

  test("clicking a suggestion opens that event", async ({ page }) => {
    await searchBox(page).fill("windmil brixton");
    const option = eventOptions(page).filter({ hasText: "New Noise at the Windmill: Five Bands" });
    const href = await option.getAttribute("href");
    expect(href).toMatch(/^\/events\/new-noise-at-the-windmill-five-bands/);
    await option.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect(suggestions(page)).toBeHidden();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("at most 5 suggestions, across the full width, and axe passes", async ({ page }) => {
    const requests = watchSearchRequests(page);
    await searchBox(page).fill("crown");
    await expect(eventOptions(page)).toHaveCount(5);
    expect(requests.at(-1)!.searchParams.get("limit")).toBe("5");
    const box = await suggestions(page).boundingBox();
    expect(box!.x).toBeLessThanOrEqual(1);
    expect(box!.width).toBeGreaterThanOrEqual(388);
    await expectAccessible(page);
  });
});

import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { demoSlug } from "../../src/db/seed/seed-demo";
import { acceptNecessaryOnly, expect, expectAccessible, test } from "./fixtures";

/** The card (an article) whose heading is this event's name. */
const card = (page: Page, name: string): Locator =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

test.beforeEach(async ({ page }) => {
  await acceptNecessaryOnly(page);
});

test.describe("home", () => {
  test("renders its sections server-side, with the Organization data and a canonical link", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Find something brilliant to do tonight." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trending now" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Just announced" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Coming up" })).toBeVisible();
    await expect(page.getByText(/\d+ upcoming events with places left/)).toBeVisible();
    // All twelve categories, each with its count.
    const strip = page.getByRole("region", { name: "Browse by category" });
    await expect(strip.getByRole("link")).toHaveCount(12);
    await expect(strip.getByRole("link", { name: /^Comedy\s*,\s*\d+\s*upcoming$/ })).toBeVisible();
    expect(await jsonLd(page)).toContainEqual(expect.objectContaining({ "@type": "Organization", name: "Ticketyboo" }));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Ticketyboo/);
    await expectAccessible(page);
  });

  test("pages through what's coming up", async ({ page }) => {
    // Pressed once the page's script has settled, as booking.spec's presses are: under a loaded CI a press
    // made while the page was hydrating once left it on page 1.
    await page.goto("/", { waitUntil: "networkidle" });
    const pages = page.getByRole("navigation", { name: "Upcoming events pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?page=2#upcoming$/);
    await expect(pages.getByText("Page 2")).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
  });
});

test.describe("event cards", () => {
  test("show the seeded badges: Sold Out, Today, {n}% SoldOut and Ended", async ({ page }) => {
    await page.goto("/events/category/music-events");
    await expect(card(page, "Northern Soul All-Nighter").getByRole("list", { name: "Status" })).toContainText(
      "Sold Out",
    );
    await expect(card(page, "New Noise at the Windmill: Five Bands").getByText("Today", { exact: true })).toBeVisible();
    await expect(
      card(page, "New Noise at the Windmill: Five Bands").getByText(/^Today at \d{1,2}:\d{2} [ap]m$/),
    ).toBeVisible();
    await expect(card(page, "Songwriters' Open Mic").getByText(/^(8\d|9\d)% SoldOut$/)).toBeVisible();
    // Prices on cards are all-in.
    await expect(card(page, "New Noise at the Windmill: Five Bands").getByText(/^From £\d+\.\d{2}$/)).toBeVisible();
    await expectAccessible(page);

    await page.goto("/events/category/sports-fitness-events");
    await expect(card(page, "Sunrise Yoga in the Park").getByRole("list", { name: "Status" })).toHaveText("Ended");
  });
});

test.describe("category and type pages", () => {
  test("a category page's filters live in the URL and survive a reload", async ({ page }) => {
    await page.goto("/events/category/community-events");
    await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    await page.getByRole("group", { name: "Price" }).getByRole("link", { name: "Free", exact: true }).click();
    await expect(page).toHaveURL(/\/events\/category\/community-events\?price=free$/);
    await page.reload();
    await expect(
      page.getByRole("group", { name: "Price" }).getByRole("link", { name: "Free", exact: true }),
    ).toHaveAttribute("aria-current", "true");
    const prices = page.getByRole("article").getByText(/^(Free Entry|£|From £)/);
    await expect(prices.first()).toBeVisible();
    expect(new Set(await prices.allTextContents())).toEqual(new Set(["Free Entry"]));
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/events\/category\/community-events$/);
    await expectAccessible(page);
  });

  test("a category's types filter the list, and a type page lists that type across categories", async ({ page }) => {
    await page.goto("/events/category/pubs-clubs-events");
    await page
      .getByRole("navigation", { name: "Pubs & Clubs types" })
      .getByRole("link", { name: /^Quiz night/ })
      .click();
    await expect(page).toHaveURL(/type=quiz-night/);
    await expect(card(page, "Kelham Island Pub Quiz")).toBeVisible();
    await page.goto("/events/type/quiz-night");
    await expect(page.getByRole("heading", { level: 1, name: "Quiz night" })).toBeVisible();
    await expect(card(page, "Kelham Island Pub Quiz")).toBeVisible();
    await expectAccessible(page);
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("unknown category and type slugs are real 404s", async ({ page }) => {
      expect((await page.goto("/events/category/jazz-hands"))?.status()).toBe(404);
      expect((await page.goto("/events/type/not-a-type"))?.status()).toBe(404);
    });
  });
});

test.describe("search", () => {
  test("finds an event from a typo, from the header, and never a private one", async ({ page }) => {
    await page.goto("/");
    // The field becomes a combobox once the page runs; typing before that would race hydration.
    const box = page.getByRole("search").getByRole("combobox", { name: "Search events" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.fill("kelam quizz");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=kelam(\+|%20)quizz/);
    await expect(page.getByRole("heading", { level: 1, name: "Results for “kelam quizz”" })).toBeVisible();
    await expect(card(page, "Kelham Island Pub Quiz")).toBeVisible();
    await expectAccessible(page);
  });

  test(
    "a misspelt word finds the event from the header's suggestions and from /search; nothing found offers the " +
      "closest query",
    async ({ page }) => {
      await page.goto("/");
      const box = page.getByRole("search").getByRole("combobox", { name: "Search events" });
      await expect(box).toHaveAttribute("aria-expanded", "false");
      // "extravagnza": one letter missing from a word of twelve.
      await box.fill("bingo extravagnza");
      await expect(
        page
          .getByRole("listbox", { name: "Suggested events" })
          .getByRole("option")
          .filter({ hasText: "Drag Bingo Extravaganza" }),
      ).toBeVisible();

      // A word of four letters may not have a typo, so "brss" finds nothing, but brass is one away:
      // the header's box offers it, and so does the results page.
      await box.fill("brss");
      await expect(page.getByText("No events match “brss”")).toBeVisible();
      await expect(page.getByRole("link", { name: "brass", exact: true })).toHaveAttribute("href", "/search?q=brass");

      // "sunrsie": two letters swapped.
      await page.goto("/search?q=sunrsie%20yoga");
      await expect(card(page, "Sunrise Yoga in the Park")).toBeVisible();

      // A word of four letters may not have a typo, so "brss" finds nothing, but brass is one away.
      await page.goto("/search?q=brss");
      await expect(page.getByText("Nothing matches “brss”")).toBeVisible();
      await page.getByRole("link", { name: "“brass”" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Results for “brass”" })).toBeVisible();
      await expect(card(page, "Brass in the Park")).toBeVisible();
    },
  );

  test("the JSON API answers with the spec's shape", async ({ request }) => {
    const response = await request.get("/api/search?q=windmil%20brixton&limit=3");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { results: { id: string; slug: string; name: string; date: string }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(body.results[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        slug: expect.any(String),
        name: expect.stringContaining("Windmill"),
        date: expect.any(String),
      }),
    );
  });
});

test.describe("event page", () => {
  test("carries valid Event JSON-LD, all-in ticket prices and recommendations", async ({ page }) => {
    await page.goto("/events/category/pubs-clubs-events");
    await card(page, "Kelham Island Pub Quiz").getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Kelham Island Pub Quiz" })).toBeVisible();
    const event = (await jsonLd(page)).find((b) => b["@type"] === "Event")!;
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      name: "Kelham Island Pub Quiz",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Kelham Island Tavern",
        address: { "@type": "PostalAddress", addressLocality: "Sheffield", addressCountry: "GB" },
      },
      organizer: { name: "Northern Sparks" },
    });
    for (const field of ["startDate", "endDate", "image", "description", "offers", "url"])
      expect(event, field).toHaveProperty(field);
    const offers = event.offers as {
      price: string;
      priceCurrency: string;
      availability: string;
      url: string;
      validFrom: string;
    }[];
    expect(offers[0]).toMatchObject({
      priceCurrency: "GBP",
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      availability: expect.stringMatching(/^https:\/\/schema\.org\//),
    });
    await expect(
      page
        .getByRole("complementary", { name: "Tickets" })
        .getByText(/incl\. £\d+\.\d{2} booking fee/)
        .first(),
    ).toBeVisible();
    // Recommendations are asked for as the reader nears them, not with the page.
    await expect(page.getByRole("heading", { name: "You might also like" })).toHaveCount(0);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const more = page.getByRole("region", { name: "You might also like" });
    await expect(more.getByRole("heading", { name: "You might also like" })).toBeVisible();
    await expect(more.getByRole("link").first()).toBeVisible();
    // The beer festival round the corner: its distance is from this event, not from the reader.
    await expect(more.getByText(/miles from this event$/).first()).toBeVisible();
    await expect(more.getByText(/miles away$/)).toHaveCount(0);
    await expectAccessible(page);

    // Add to calendar downloads the event as an iCalendar file.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${demoSlug("pubs-clubs-events", "Kelham Island Pub Quiz")}.ics`);
    const ics = fs.readFileSync((await file.path())!, "utf8");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("SUMMARY:Kelham Island Pub Quiz\r\n");
  });

  test("a private event opens by its link but is never listed, indexed or described to search engines", async ({
    page,
  }) => {
    const slug = demoSlug("food-drink-events", "Supper Club Pop-up");
    const response = await page.goto(`/events/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Supper Club Pop-up" })).toBeVisible();
    await expect(page.getByText("Only people with the link can find this page.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect((await jsonLd(page)).filter((b) => b["@type"] === "Event")).toEqual([]);
    await expectAccessible(page);

    // Other events have a supper or a club; the private one is never among them.
    await page.goto("/search?q=supper%20club%20pop%20up");
    await expect(page.getByRole("heading", { level: 1, name: "Results for “supper club pop up”" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(card(page, "Supper Club Pop-up")).toHaveCount(0);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("<urlset");
    expect(sitemap).not.toContain(slug);
    expect(sitemap).toContain(`/events/${demoSlug("pubs-clubs-events", "Kelham Island Pub Quiz")}`);
  });

  test("a sold-out event says so", async ({ page }) => {
    await page.goto("/events/category/music-events");
    await card(page, "Northern Soul All-Nighter").getByRole("link").first().click();
    await expect(page.getByText("Sorry, this event is sold out!")).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("an unknown event is a 404", async ({ page }) => {
      expect((await page.goto("/events/no-such-event-here"))?.status()).toBe(404);
    });
  });
});

test("every public event page in the sitemap carries Event JSON-LD with the required fields", async ({ request }) => {
  test.slow();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>[^<]*(\/events\/[a-z0-9-]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .filter((p) => !/\/events\/(category|type)\//.test(p));
  expect(pages.length).toBeGreaterThan(40);
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const event = blocks.find((b) => b["@type"] === "Event");
    expect(event, path).toBeDefined();
    for (const field of [
      "name",
      "startDate",
      "eventStatus",
      "eventAttendanceMode",
      "location",
      "image",
      "description",
      "url",
      "organizer",
    ]) {
      expect(event, `${path} ${field}`).toHaveProperty(field);
    }
  }
});

import { acceptNecessaryOnly, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

test.describe("pages of the shell", () => {
  test("home renders server-side with header, search and footer, and passes axe", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain("Event, Artist, Venue"); // server-rendered, not added by script
    await expect(page.getByRole("banner")).toBeVisible();
    // Once the page runs, the search field is a combobox that suggests events as you type.
    await expect(page.getByRole("combobox", { name: "Search events" })).toHaveAttribute(
      "placeholder",
      "Event, Artist, Venue",
    );
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Features" }),
    ).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const heading of ["Hosting Events", "Features", "Product", "Company", "Resources", "Legal"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test.describe("without signal", () => {
    // The browser logs the fetch it could not make.
    test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

    test("code fetched in the background that cannot arrive fails quietly, with no error on the page", async ({
      page,
    }) => {
      // The confirmation dialog's code is fetched once the page is idle; with no signal that fetch fails.
      await page.route(/\/assets\/confirm-dialog-view-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
      const failed = page.waitForEvent("requestfailed", (r) => /confirm-dialog-view-/.test(r.url()));
      await page.goto("/");
      await failed;
      // A rejection nobody handled would reach the page as an error (the fixture fails the test on it)
      // within a task or two of the failure: give it a moment.
      await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    });

    test("a part whose code cannot arrive is left out, not the page, and comes once the signal does", async ({
      page,
    }) => {
      // The toaster's code (sonner) comes once the page is idle: here the signal drops before it does.
      let signal = false;
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        const response = await route.fetch();
        const toaster = (await response.text()).includes("data-sonner-toaster");
        if (toaster && !signal) return route.abort("internetdisconnected");
        return route.fulfill({ response });
      });
      const failed = page.waitForEvent("requestfailed", (r) => r.url().includes("/assets/"));
      await page.goto("/");
      await failed;
      await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
      // The page is still the page, not its error screen (and the fixture saw no error logged).
      await expect(page.getByText("Error code:")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Running a night of your own?" })).toBeVisible();
      // With the signal back, the next message fetches the toaster again and shows.
      signal = true;
      await page.getByRole("button", { name: "Reject non-essential" }).click();
      await expect(page.getByText("Cookie preference updated successfully!")).toBeVisible();
    });
  });

  test.describe("not found", () => {
    test.use({ allowConsoleErrors: [/status of 404/] });

    test("/404 is a real 404 page", async ({ page }) => {
      const response = await page.goto("/404");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
      await expectAccessible(page);
    });

    test("an unknown path answers 404 with the same page", async ({ page }) => {
      const response = await page.goto("/no/such/place");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
    });
  });

  test("?zen shows the page bare: no header, footer or cookie card", async ({ page }) => {
    await page.goto("/?zen=1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your cookie choices" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("/grid-overlay shows the layout grid", async ({ page }) => {
    await page.goto("/grid-overlay");
    await expect(page.getByRole("heading", { name: "Layout grid" })).toBeVisible();
    await expect(page.getByTestId("grid-overlay")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("navigation behaviour", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("a hash link scrolls smoothly to its section", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("link", { name: "Jump to the far section" }).click();
    await expect(page).toHaveURL(/#far-section$/);
    await expect(page.getByRole("heading", { name: "Far section" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test("other route changes start at the top", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("link", { name: "Jump to the far section" }).click();
    await expect(page.getByRole("heading", { name: "Far section" })).toBeInViewport();
    await page.getByRole("link", { name: "Open a slow page" }).scrollIntoViewIfNeeded();
    await page.getByRole("link", { name: "Open a slow page" }).click();
    await expect(page.getByRole("heading", { name: "Slow page" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a pink progress bar shows while a page loads, then goes", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("link", { name: "Open a slow page" }).click();
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS("height", "3px");
    await expect(page.getByRole("heading", { name: "Slow page" })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test.describe("errors", () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test("a loader that throws shows the error card inside the shell", async ({ page }) => {
      const response = await page.goto("/dev/error");
      expect(response?.status()).toBe(500);
      const card = page.getByRole("alert").filter({ hasText: "Error code" });
      await expect(card).toBeVisible();
      await expect(card).toContainText("Error code: Unknown");
      await expect(card.getByRole("heading", { level: 1 })).not.toBeEmpty();
      await expect(page.getByRole("banner")).toBeVisible();
      await expectAccessible(page);
    });
  });
});

test.describe("errors a person can meet", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("a link to nothing says so rather than blame the server", async ({ page }) => {
    await acceptNecessaryOnly(page);
    await signIn(page, DEMO.buyer);
    for (const path of ["/orders/TB-NOPE1234", "/tickets/claim/not-a-real-link"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      const card = page.getByRole("alert").filter({ hasText: "Error code: 404" });
      await expect(card).toContainText("We couldn't find that.");
      await expect(card).not.toContainText("on our side");
    }
    await expectAccessible(page);
  });

  test("a page left while its data is still arriving leaves no error behind", async ({ page }) => {
    await acceptNecessaryOnly(page);
    await page.goto("/dev/streaming?ms=400");
    await expect(page.getByText("The rest of this page's data: arrived")).toBeVisible();

    // Hold the page's code, so that its data has begun to arrive (the rest follows in 5 s) while
    // the navigation still waits; then go elsewhere. The fixture fails on any uncaught error.
    await page.goto("/");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/drills-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const arriving = page.waitForResponse((r) => r.url().includes("/dev/streaming.data"));
    // No link leads to a drill page from the home page: the router is asked directly.
    await page.evaluate(() => {
      void (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/dev/streaming?ms=5000");
    });
    await arriving;
    await page.getByRole("banner").getByRole("link", { name: "Explore", exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.unroute(/\/assets\/drills-[^/]*\.js$/);
  });
});

type RouterWindow = { __reactRouterDataRouter: { navigate(to: string): Promise<void> } };

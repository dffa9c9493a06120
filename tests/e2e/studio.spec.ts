import type { Page } from "@playwright/test";
import type { Challenge } from "altcha-lib";
import { solveRobotCheck } from "../factories/robot-check";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/*
 * Partner Studio: a buyer becomes a host and lands on an empty dashboard; the demo host sees their
 * figures and the Tickets page in the Studio's frame; another host gets nothing of theirs.
 */

const HOST2 = { email: "host2@ticketyboo.test", password: DEMO.host.password };

/** A new buyer account through the auth API, robot check and all, signed in on the page's cookie jar. */
async function signUpBuyer(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const who = { email: `new-host-${stamp}@example.com`, password: "quiz-night-2026" };
  const challenge = (await (await page.request.get("/api/altcha/challenge")).json()) as Challenge;
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { ...who, name: "Robin Quizmaster", firstName: "Robin", lastName: "Quizmaster", userType: "buyer" },
    headers: { Origin: BASE_URL, "x-altcha": await solveRobotCheck(challenge) },
  });
  expect(res.status(), "signing up").toBe(200);
  await signIn(page, who);
  return { ...who, stamp };
}

async function inBothThemes(page: Page, check: () => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "tb_theme", value: theme, url: BASE_URL }]);
    await page.reload();
    await check();
  }
}

test.describe("Partner Studio", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test.describe("a buyer becomes a host", () => {
    // The refused submit is answered 422, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

    test("from the menu to onboarding, a refusal that keeps what was typed, then an empty dashboard", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const buyer = await signUpBuyer(page);
      // The Studio sends someone who hosts nothing to onboarding.
      await page.goto("/h/dashboard");
      await expect(page).toHaveURL(/\/h\/onboarding$/);
      await page.goto("/u/dashboard");
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await page.getByRole("menuitem", { name: "Become a Partner" }).click();
      await expect(page).toHaveURL(/\/h\/onboarding$/);
      await expect(page.getByRole("heading", { level: 1, name: "Become a Partner" })).toBeVisible();
      await inBothThemes(page, () => expectAccessible(page));

      const form = page.getByRole("form", { name: "Host profile" });
      // A route of the app is not a booking page's address: the check says so as it is typed.
      const username = form.getByLabel("Username");
      await username.fill("events");
      await expect(form.getByText("That username is taken.")).toBeVisible();
      await form.getByLabel(/Short bio/).fill("Quizzes every Tuesday at the Red Lion.");
      await form.getByRole("button", { name: "Open my Partner Studio" }).click();
      await expect(form.getByText("Please check the 2 highlighted fields.")).toBeVisible();
      await expect(form.getByText("Please enter your host name.")).toBeVisible();
      await expect(form.getByLabel("Host name")).toBeFocused();
      // Nothing typed is lost.
      await expect(form.getByLabel(/Short bio/)).toHaveValue("Quizzes every Tuesday at the Red Lion.");
      await expect(username).toHaveValue("events");
      await expectAccessible(page);

      await form.getByLabel("Host name").fill("Red Lion Quizzes");
      await username.fill(`redlion${buyer.stamp}`.slice(0, 30));
      await expect(form.getByText("That username is available.")).toBeVisible();
      await form.getByRole("button", { name: "Open my Partner Studio" }).click();

      await expect(page).toHaveURL(/\/h\/dashboard$/);
      await expect(page.getByText("Welcome to Partner Studio! Your host profile is ready.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText("How Red Lion Quizzes is doing today.")).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByText("No sales in the last 7 days.", { exact: false })).toBeVisible();
      await expect(main.getByText("No orders yet.", { exact: false })).toBeVisible();
      await expect(main.getByText("No events coming up.", { exact: false })).toBeVisible();
      await expect(main.getByText("No requests waiting.")).toBeVisible();
      await expect(main.getByText("Nothing needs you right now.")).toBeVisible();
      await inBothThemes(page, () => expectAccessible(page));

      // Onboarding is done: it sends a host on to the dashboard, and the menu now says Partners Studio.
      await page.goto("/h/onboarding");
      await expect(page).toHaveURL(/\/h\/dashboard$/);
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await expect(page.getByRole("menuitem", { name: "Partners Studio" })).toHaveAttribute("href", "/h/dashboard");
    });
  });

  test("the demo host's dashboard has figures, and Tickets sits in the Studio's frame", async ({ page }) => {
    test.setTimeout(120_000);
    // A sale made now, so the last seven days have one whatever day the demo was seeded.
    const made = await page.request.post("/dev/scenarios/event", {
      data: { name: "Studio Figures Night", capacity: 40, pricePence: 1200, soldTo: DEMO.buyer.email, quantity: 2 },
      headers: { Origin: BASE_URL },
    });
    expect(made.status()).toBe(200);
    await signIn(page, DEMO.host);
    await page.goto("/h/dashboard");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const sales = main.getByRole("region", { name: "Sales" });
    const sold = Number(await sales.getByText("Tickets sold").locator("xpath=following-sibling::dd").innerText());
    expect(sold).toBeGreaterThanOrEqual(2);
    await expect(
      main.getByRole("region", { name: "Recent orders" }).getByText("Studio Figures Night").first(),
    ).toBeVisible();
    // The chart is drawn in the browser, and the same figures are in the table.
    await expect(sales.locator(".recharts-surface")).toBeVisible();
    await sales.getByText("Figures by day").click();
    await expect(sales.getByRole("table", { name: "Tickets sold and revenue by day" }).getByRole("row")).toHaveCount(8);
    await sales.getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/range=30$/);
    await expect(sales.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    await expect(sales.getByText("Last 30 days", { exact: false })).toBeVisible();
    await inBothThemes(page, () => expectAccessible(page));

    // The Studio's own navigation, with the way back; no buyer's bottom bar.
    const studioNav = page.getByRole("navigation", { name: "Partner Studio" });
    await expect(studioNav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await studioNav.getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/h\/tickets$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tickets and cancellations" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the marketplace" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
    await inBothThemes(page, () => expectAccessible(page));
  });

  test.describe("another host", () => {
    // The refused change is answered 404, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

    test("gets not found for the demo host's objects, and changes nothing", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const made = await page.request.post("/dev/scenarios/event", {
        data: { name: "Crown Only Night", capacity: 30, pricePence: 800, soldTo: DEMO.buyer.email },
        headers: { Origin: BASE_URL },
      });
      expect(made.status()).toBe(200);
      await signIn(page, DEMO.host);
      await page.goto("/h/dashboard");
      await expect(page.getByRole("main").getByText("Crown Only Night").first()).toBeVisible();
      await page.goto("/h/tickets");
      const capacity = page.getByRole("spinbutton", { name: /^Capacity of / }).first();
      const before = await capacity.inputValue();
      const ticketTypeId = (await capacity.getAttribute("id"))!.replace(/^capacity-/, "");

      const other = await browser.newContext();
      const theirs = await other.newPage();
      await acceptNecessaryOnly(theirs);
      await signIn(theirs, HOST2);
      const res = await theirs.request.post("/h/tickets", {
        form: { intent: "capacity", target: ticketTypeId, capacity: "1" },
        headers: { Origin: BASE_URL },
      });
      expect(res.status()).toBe(404);
      // Their dashboard is their own: none of the demo host's orders.
      await theirs.goto("/h/dashboard");
      await expect(theirs.getByText("How Northern Sparks is doing today.")).toBeVisible();
      await expect(theirs.getByRole("main").getByText("Crown Only Night")).toHaveCount(0);
      await other.close();

      await page.reload();
      await expect(page.getByRole("spinbutton", { name: /^Capacity of / }).first()).toHaveValue(before);
    });
  });
});

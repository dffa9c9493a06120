import type { Page } from "@playwright/test";
import type { Challenge } from "altcha-lib";
import { solveRobotCheck } from "../factories/robot-check";
import { expectEmailIn } from "./account-helpers";
import {
  acceptNecessaryOnly,
  BASE_URL,
  DEMO,
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  signIn,
  test,
} from "./fixtures";

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
    data: {
      ...who,
      name: "Robin Quizmaster",
      firstName: "Robin",
      lastName: "Quizmaster",
      userType: "buyer",
      terms: true,
    },
    headers: { Origin: BASE_URL, "x-altcha": await solveRobotCheck(challenge) },
  });
  expect(res.status(), "signing up").toBe(200);
  await signIn(page, who);
  return { ...who, stamp };
}

/** A Tuesday at least a week away, as the date field takes it. */
function aTuesdayAhead(): string {
  const day = new Date(Date.now() + 8 * 86_400_000);
  day.setUTCHours(12, 0, 0, 0);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The new host's first event, as they would make it: the form (a refusal first), a ticket type, a
 * venue added from the editor that the event comes back holding, publishing, the public page, a
 * season of six weekly dates, and one date with a sale cancelled (its buyer refunded and told).
 */
async function firstQuizOnSale(page: Page, stamp: string) {
  const name = `Red Lion Quiz ${stamp}`;
  const main = page.getByRole("main");
  // The editor's actions menu, opened as a person presses its "…" button.
  const openActions = () =>
    main
      .locator("summary")
      .filter({ hasText: `Actions: ${name}` })
      .click();
  await page.goto("/h/dashboard");
  await main.getByRole("link", { name: "New event" }).click();
  await expect(page).toHaveURL(/\/h\/events\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await expectAccessible(page);

  // Sent without a name or a date: each is named, and what was typed stays.
  await main.getByLabel("Starts").fill("7pm");
  await main.getByRole("button", { name: "Save and add tickets" }).click();
  await expect(main.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByLabel("Starts")).toHaveValue("7pm");
  await expectAccessible(page);

  await main.getByLabel("Name", { exact: true }).fill(name);
  await main.getByLabel("Category").selectOption("pubs-clubs-events");
  await main.getByLabel("Type", { exact: true }).selectOption("quiz-night");
  await main.getByLabel("Date", { exact: true }).fill(aTuesdayAhead());
  await main.getByLabel("Starts").fill("19:30");
  await main.getByRole("button", { name: "Save and add tickets" }).click();

  // A draft, on its tickets view: one ticket type.
  await expect(page).toHaveURL(/\/h\/events\/[0-9a-f-]{36}\/edit\/tickets$/);
  const eventId = /events\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a ticket type" });
  await add.getByLabel("Name", { exact: true }).fill("Team place");
  await add.getByLabel("Price (£)").fill("3");
  await add.getByLabel("Places").fill("60");
  await add.getByRole("button", { name: "Add ticket type" }).click();
  await expect(main.getByRole("heading", { level: 3, name: "Team place" })).toBeVisible();

  // Publishing needs a place: the venue is added from the overview, and the event comes back there.
  await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(main.getByLabel("Venue", { exact: true })).toHaveValue("");
  await main.getByRole("link", { name: "Add a venue" }).click();
  await expect(page).toHaveURL(new RegExp(`/h/venues/add\\?for=${eventId}$`));
  const venueForm = page.getByRole("form", { name: "Venue" });
  await venueForm.getByLabel("Venue name").fill(`The Red Lion ${stamp}`);
  await venueForm.getByLabel("Address line 1").fill("12 High Street");
  await venueForm.getByLabel("Town or city").fill("Oxford");
  await venueForm.getByLabel("Postcode").fill("ox1 4aa");
  await venueForm.getByLabel("Capacity", { exact: true }).fill("80");
  await venueForm.getByRole("button", { name: "Add venue" }).click();
  await expect(page).toHaveURL(new RegExp(`/h/events/${eventId}/edit$`));
  await expect(page.getByText("Venue added, and your event is there now")).toBeVisible();
  await expect(main.getByLabel("Venue", { exact: true })).not.toHaveValue("");
  await expectAccessible(page);

  // A phone's photo too big to send is refused by name as it is chosen, and the editor stays as it was.
  const picture = main.getByLabel("Add a picture");
  await picture.setInputFiles({ name: "phone.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(12 * 1024 * 1024) });
  await expect(main.getByText("Maximum allowed size for image is 10MB")).toBeVisible();
  await expect(picture).toHaveAttribute("aria-invalid", "true");
  await expect(picture).toHaveValue("");
  await expect(main.getByText("No pictures yet.", { exact: false })).toBeVisible();
  await expect(main.getByLabel("Venue", { exact: true })).not.toHaveValue("");

  // Publish from the editor's frame, then the public page.
  await openActions();
  await main.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Event published")).toBeVisible();
  await main.getByRole("link", { name: "View on Ticketyboo" }).click();
  await expect(page).toHaveURL(/\/events\//);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(`The Red Lion ${stamp}`).first()).toBeVisible();
  await expectAccessible(page);

  // The season: six weekly dates, each its own event on sale.
  await page.goto(`/h/events/${eventId}/edit`);
  const repeat = main.getByRole("region", { name: "Repeat this event" });
  await repeat.getByLabel("How often").selectOption("weekly");
  await repeat.getByLabel("Dates in all").fill("6");
  await repeat.getByRole("button", { name: "Make the dates" }).click();
  await expect(repeat.getByText("In this series (6 dates)")).toBeVisible();
  await expectAccessible(page);
  const dates = repeat.getByRole("listitem").getByRole("link");
  await expect(dates).toHaveCount(6);
  const third = (await dates.nth(2).getAttribute("href"))!;
  const thirdId = /events\/([0-9a-f-]{36})\/edit/.exec(third)![1]!;
  await page.goto("/h/events");
  await page.getByRole("searchbox", { name: "Search events by name" }).fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("table", { name: "Your events" }).getByRole("link", { name })).toHaveCount(6);

  // The third date sells a ticket, then is called off: its buyer is refunded and told.
  const sold = await page.request.post("/dev/scenarios/sale", {
    data: { eventId: thirdId, soldTo: DEMO.buyer.email },
    headers: { Origin: BASE_URL },
  });
  expect(sold.status(), "selling the third date").toBe(200);
  const { reference } = (await sold.json()) as { reference: string };
  await page.goto(third);
  await openActions();
  await main.getByRole("button", { name: "Cancel event", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText(/every paid order is refunded in full \(1 paid ticket\)/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByText("Event cancelled")).toBeVisible();
  await page.goto(`/h/events/${eventId}/edit`);
  await expect(repeat.getByRole("link", { name: /\(cancelled\)$/ })).toHaveCount(1);
  await expectEmailIn(page, DEMO.buyer.email, `for order ${reference}`);
}

test.describe("Partner Studio", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test.describe("a buyer becomes a host", () => {
    // The refused submit is answered 422, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

    test("from the menu to onboarding and an empty dashboard, to a first quiz on sale, repeated for six weeks", async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const buyer = await signUpBuyer(page);
      // The Studio sends someone who hosts nothing to onboarding.
      await page.goto("/h/dashboard");
      await expect(page).toHaveURL(/\/h\/onboarding$/);
      await page.goto("/u/dashboard");
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await page.getByRole("menuitem", { name: "Become a Partner" }).click();
      await expect(page).toHaveURL(/\/h\/onboarding$/);
      await expect(page.getByRole("heading", { level: 1, name: "Become a Partner" })).toBeVisible();
      await expectAccessibleInBothThemes(page);

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
      await expectAccessibleInBothThemes(page);

      // Onboarding is done: it sends a host on to the dashboard, and the menu now says Partners Studio.
      await page.goto("/h/onboarding");
      await expect(page).toHaveURL(/\/h\/dashboard$/);
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await expect(page.getByRole("menuitem", { name: "Partners Studio" })).toHaveAttribute("href", "/h");
      await page.keyboard.press("Escape");

      await firstQuizOnSale(page, buyer.stamp);
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
    await expectAccessibleInBothThemes(page);

    // The Studio's own navigation, with the way back; no buyer's bottom bar.
    const studioNav = page.getByRole("navigation", { name: "Partner Studio" });
    await expect(studioNav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // The pages come in sections: what is done before, on and after the night.
    await expect(studioNav.getByRole("list", { name: "On the night" }).getByRole("link")).toHaveText([
      "Scan",
      "Guests",
      "Waitlists",
    ]);
    await studioNav.getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/h\/tickets$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the marketplace" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
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
      await page.goto("/h/tickets?view=places");
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

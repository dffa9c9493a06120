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
 * The event editor's tickets and survey views, and discounts: the demo host fills an event's ticket
 * types up to the bound, asks a question at checkout and makes a code for that event only; then the
 * demo buyer books with the code, answers the question, and finds the answer on their order.
 */

test.describe("the event editor's tickets, survey and discounts", () => {
  // The refused add is answered 422, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));

  test("a host adds ticket types to the bound, a question and a code; a buyer books with both", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${Date.now()}`.slice(-6);
    const name = `Supper Club ${stamp}`;
    // Seven ticket types to start with, so three more reach the bound of ten.
    const made = await page.request.post("/dev/scenarios/event", {
      data: { name, capacity: 40, pricePence: 1500, ticketTypes: 7 },
      headers: { Origin: BASE_URL },
    });
    expect(made.status()).toBe(200);
    const { eventId, slug } = (await made.json()) as { eventId: string; slug: string };

    await signIn(page, DEMO.host);
    await page.goto(`/h/events/${eventId}/edit/tickets`);
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Tickets" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(main.getByText("7 of 10")).toBeVisible();
    // The buyer's all-in price beside the face value, from the one price function.
    await expect(main.getByText("Buyers pay £15.15, including a £0.15 booking fee").first()).toBeVisible();
    await expectAccessibleInBothThemes(page);

    const add = page.getByRole("form", { name: "Add a ticket type" });
    // A refusal names each field and keeps what was typed.
    await add.getByLabel("Price (£)").fill("5.5.5");
    await add.getByRole("button", { name: "Add ticket type" }).click();
    await expect(add.getByText("Give the ticket type a name.")).toBeVisible();
    await expect(add.getByText("Enter a price in pounds, like 12.50, or 0 for free.")).toBeVisible();
    await expect(add.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(add.getByLabel("Price (£)")).toHaveValue("5.5.5");
    await expectAccessible(page);
    // Leaving with something typed asks first (spec §5), and staying keeps it.
    await add.getByLabel("Name", { exact: true }).fill("Half-typed");
    await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Survey" }).click();
    const leave = page.getByRole("alertdialog");
    await expect(leave).toContainText("You have unsaved changes. Are you sure you want to leave?");
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/edit\/tickets$/);
    await expect(add.getByLabel("Name", { exact: true })).toHaveValue("Half-typed");

    const addType = async (fields: { name: string; price: string; places: string; wish?: boolean }) => {
      await add.getByLabel("Name", { exact: true }).fill(fields.name);
      await add.getByLabel("Price (£)").fill(fields.price);
      await add.getByLabel("Places").fill(fields.places);
      if (fields.wish) await add.getByLabel(/Pay what you wish/).check();
      await add.getByRole("button", { name: "Add ticket type" }).click();
      await expect(main.getByRole("heading", { level: 3, name: fields.name })).toBeVisible();
    };
    await addType({ name: "Early bird", price: "8", places: "20" });
    await expect(main.getByText("Buyers pay £8.08, including a £0.08 booking fee")).toBeVisible();
    await addType({ name: "Pay what you feel", price: "5", places: "30", wish: true });
    await expect(main.getByText("Pay what you wish, from £5")).toBeVisible();
    await expect(main.getByText("Buyers pay from £5.05, including a £0.05 booking fee")).toBeVisible();
    await addType({ name: "Concession", price: "6", places: "10" });
    // Ten: the add form gives way to the spec's words.
    await expect(main.getByText("10 of 10")).toBeVisible();
    await expect(
      main.getByRole("status").filter({ hasText: "An event can have at most 10 ticket types." }),
    ).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a ticket type" })).toHaveCount(0);
    await expectAccessible(page);

    // A question at checkout, on the Survey tab.
    await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Survey" }).click();
    await expect(page).toHaveURL(new RegExp(`/h/events/${eventId}/edit/survey$`));
    await expect(main.getByText("No questions yet", { exact: false })).toBeVisible();
    await expectAccessible(page);
    const ask = page.getByRole("form", { name: "Add a question" });
    await ask.getByLabel("Question", { exact: true }).fill("Any dietary needs?");
    await ask.getByLabel("One of the options below").check();
    await ask.getByLabel(/^Options/).fill("None\nVegetarian\nVegan");
    await ask.getByLabel("Buyers must answer it").check();
    await ask.getByRole("button", { name: "Add question" }).click();
    await expect(main.getByRole("heading", { level: 3, name: "Any dietary needs?" })).toBeVisible();
    await expect(main.getByText("One of the options · Must be answered")).toBeVisible();
    await expectAccessible(page);

    // A code for this event only, from its tickets view.
    await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Tickets" }).click();
    await main.getByText("New discount for this event").click();
    const code = `SUPPER${stamp}`;
    const discount = page.getByRole("form", { name: "New discount for this event" });
    await discount.getByLabel("Name", { exact: true }).fill("Supper friends");
    await discount.getByLabel("Code", { exact: true }).fill(code);
    await discount.getByLabel("How much off").fill("20");
    await discount.getByRole("button", { name: "Create discount" }).click();
    const listed = main.getByRole("listitem").filter({ hasText: code.toLowerCase() });
    await expect(listed).toContainText("20% off");
    await expect(listed).toContainText("Limited to chosen events, this one included");
    await expectAccessible(page);

    // The host-wide list, from the Studio's navigation.
    await page.getByRole("navigation", { name: "Partner Studio" }).getByRole("link", { name: "Discounts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: code.toLowerCase() })).toContainText(`Only ${name}`);
    await expectAccessible(page);

    // The buyer books the early bird with the code and answers the question.
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await acceptNecessaryOnly(buyer);
    await signIn(buyer, DEMO.buyer);
    await buyer.goto(`/events/${slug}`, { waitUntil: "networkidle" });
    const panel = buyer.getByRole("form", { name: "Tickets" });
    await panel.getByRole("button", { name: "One more Early bird" }).click();
    await panel.getByLabel("Discount or access code").fill(code);
    await panel.getByRole("button", { name: "Apply" }).click();
    await expect(panel.getByText(`Discount Code Applied: ${code}`)).toBeVisible();
    // £8 less 20% is £6.40, and the 1% booking fee on what is paid: £6.46, all in.
    await expect(panel.getByText("£6.46")).toBeVisible();
    await panel.getByRole("button", { name: "Checkout" }).click();
    await buyer.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    const dietary = buyer.getByLabel(/Any dietary needs\?/);
    await expect(dietary).toBeVisible();
    await dietary.selectOption("Vegan");
    await expectAccessible(buyer);
    await buyer.getByRole("button", { name: "Pay £6.46" }).click();
    await buyer.waitForURL(/\/pay\/test\//);
    await buyer.getByRole("button", { name: /test card that works/ }).click();
    await buyer.waitForURL(/\/orders\/TB-/);
    const answers = buyer.getByRole("region", { name: "Your answers for the host" });
    await expect(answers.getByText("Any dietary needs?")).toBeVisible();
    await expect(answers.getByText("Vegan")).toBeVisible();
    await expect(buyer.getByRole("region", { name: "Receipt" })).toContainText("£6.46");
    await expectAccessible(buyer);
    await buyerContext.close();

    // The sale shows on the host's tickets view, and the code counts its use.
    await page.goto(`/h/events/${eventId}/edit/tickets`);
    const early = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Early bird" }) });
    await expect(early.getByText("Sold", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("1");
    await expect(main.getByRole("listitem").filter({ hasText: code.toLowerCase() })).toContainText("Used 1 time");
  });
});

import {
  BASE_URL,
  DEMO,
  acceptNecessaryOnly,
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  signIn,
  test,
} from "./fixtures";

/*
 * Promote (issue 21): the demo host makes a tracking link for an event, a buyer opens it (having
 * allowed necessary cookies only, so attribution comes from the page's address: decision 0039)
 * and books with the test card, and the host sees the visit and the sale counted. The share kit's
 * downloads answer with their types and real content; axe passes in each state, in both themes.
 */

// The empty name is refused with 422, which the browser logs.
test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

test("the demo host makes a tracking link and sees a sale through it; the share kit downloads", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await acceptNecessaryOnly(page);
  const stamp = Date.now().toString(36);
  const name = `Promote Night ${stamp}`;
  const made = await page.request.post("/dev/scenarios/event", {
    // Within the hour, so Promote lists it first (it shows the next 30, and other journeys add theirs).
    data: { name, capacity: 20, pricePence: 1000, startsInHours: 1 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { eventId } = (await made.json()) as { eventId: string };
  await signIn(page, DEMO.host);

  // Promote, from the Studio's menu; the event's share kit and links.
  await page.goto("/h/dashboard");
  await page.getByRole("navigation", { name: "Partner Studio" }).first().getByRole("link", { name: "Promote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Promote" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: `Share kit and tracking links: ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("No tracking links yet.")).toBeVisible();
  await expectAccessible(page);

  // A link for a promoter: named, tagged, with a short address on our site.
  await page.getByRole("button", { name: "Make tracking link" }).click();
  await expect(page.getByText("Give the link a name, such as 'Instagram bio'.")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Sam the promoter");
  await page.getByRole("combobox", { name: "Where it goes" }).selectOption("referral");
  await page.getByRole("button", { name: "Make tracking link" }).click();
  await expect(page.getByText("Tracking link 'Sam the promoter' made.").first()).toBeVisible();
  const table = page.getByRole("table", { name: "Tracking links and what came through each" });
  const row = table.getByRole("row").filter({ hasText: "Sam the promoter" });
  await expect(row).toContainText("utm_source=sam-the-promoter · utm_medium=referral");
  const shortUrl = (await row.locator("code").textContent())!;
  expect(shortUrl).toMatch(new RegExp(`^${BASE_URL}/t/[a-z2-9]{8}$`));
  await expectAccessible(page);

  // The share kit's downloads: a PDF poster, a PNG poster, the square and the story picture.
  const hrefs = await page
    .getByRole("region", { name: "Posters and pictures" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
  expect(hrefs.map((h) => h.split("/").pop())).toEqual(["poster.pdf", "poster.png", "square.png", "story.png"]);
  for (const href of hrefs) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"]).toBe(href.endsWith(".pdf") ? "application/pdf" : "image/png");
    const body = await res.body();
    expect(body.length, href).toBeGreaterThan(href.endsWith(".pdf") ? 2_000 : 20_000);
    expect(body.subarray(0, 5).toString("latin1")).toBe(href.endsWith(".pdf") ? "%PDF-" : "\x89PNG\r");
  }

  // A buyer opens the link (necessary cookies only), lands on the event with the tags, and books one ticket.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await acceptNecessaryOnly(buyer);
  await signIn(buyer, DEMO.buyer);
  await buyer.goto(new URL(shortUrl).pathname, { waitUntil: "networkidle" });
  await expect(buyer).toHaveURL(/\/events\/promote-night-[^?]+\?utm_source=sam-the-promoter&utm_medium=referral&/);
  await expect(buyer.getByRole("heading", { level: 1, name })).toBeVisible();
  const panel = buyer.getByRole("form", { name: "Tickets" });
  await panel.getByRole("button", { name: "One more General admission" }).click();
  await panel.getByRole("button", { name: "Checkout" }).click();
  await buyer.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  await buyer.getByRole("button", { name: /^Pay £/ }).click();
  await buyer.waitForURL(/\/pay\/test\//);
  await buyer.getByRole("button", { name: /test card that works/ }).click();
  await buyer.waitForURL(/\/orders\/TB-/);
  await expect(buyer.getByText("Payment Successful! Generating Tickets")).toBeVisible();
  await buyerContext.close();

  // The host sees the visit and the sale: one order, one ticket, £10 net (the fee is the buyer's).
  await page.reload();
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expect(row.getByRole("cell").nth(4)).toHaveText("£10.00");
  // A link with a sale can't be deleted, only archived.
  await expect(row.getByRole("button", { name: "Delete Sam the promoter" })).toHaveCount(0);
  await expectAccessible(page);

  // The event editor's Share tab is the same kit, and leads to the links.
  await page.goto(`/h/events/${eventId}/edit/share`);
  await expect(page.getByRole("link", { name: "Tracking links in Promote" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Posters and pictures" })).toBeVisible();
  // In both themes, as are the next two.
  await expectAccessibleInBothThemes(page);
  await page.goto(`/h/promote`);
  await expectAccessibleInBothThemes(page);
  await page.getByRole("link", { name: `Share kit and tracking links: ${name}` }).click();
  await expect(row).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

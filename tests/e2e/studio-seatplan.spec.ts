import type { APIRequestContext } from "@playwright/test";
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
 * Partner Studio's seat plan editor: the demo host opens their comedy club's plan, renames a row,
 * makes an aisle, a wheelchair space and its companion seat with the keyboard alone, and saves; a
 * buyer then sees the plan as drawn on an event there. Another host gets nothing of it.
 */

const VENUE = "The Stand Comedy Club";
const EVENT = "Public Speaking for Nervous Speakers";

async function venueId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/dev/scenarios/venue?name=${encodeURIComponent(VENUE)}`);
  expect(res.status(), `the demo venue "${VENUE}"`).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function eventPath(request: APIRequestContext, name: string): Promise<string> {
  const body = (await (await request.get(`/api/search?q=${encodeURIComponent(name)}&limit=10`)).json()) as {
    results: { name: string; url: string }[];
  };
  const found = body.results.find((r) => r.name === name);
  expect(found, `the demo event "${name}"`).toBeDefined();
  return found!.url;
}

test.describe("the seat plan editor", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));
  // Another host's try is answered 404, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  test("draws an aisle, a wheelchair space and its companion by keyboard, and the buyer's plan shows them", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, DEMO.host);
    const id = await venueId(page.request);
    await page.goto(`/h/venues/${id}/seatplan`);
    await expect(page.getByRole("heading", { level: 1, name: "Seat plan" })).toBeVisible();
    await expect(page.getByText(`Partner Studio · ${VENUE}`)).toBeVisible();
    await expectAccessibleInBothThemes(page);

    const plan = page.getByRole("grid", { name: `Seat plan of ${VENUE}` });
    const status = page.getByRole("status").filter({ hasText: /Row|Tool/ });
    // The plan works once its code runs (its positions are pressable then); row 6 gets the venue's own name.
    await expect(plan.getByRole("button", { name: /^Row A, position 1,/ })).toBeEnabled();
    await page.getByLabel("Row 6", { exact: true }).fill("FF");

    // Tab reaches the plan once, at its first position; the arrow keys move from there.
    await plan.getByRole("button", { name: /^Row A, position 1,/ }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect(plan.getByRole("button", { name: /^Row FF, position 6, seat/ })).toBeFocused();
    // 2 picks the gap tool, Space applies it; each step is announced.
    await page.keyboard.press("2");
    await expect(status).toHaveText("Tool: Gap (aisle).");
    await page.keyboard.press("Space");
    await expect(status).toHaveText("Row FF, position 6: gap.");
    await expect(plan.getByRole("button", { name: /^Row FF, position 6, gap/ })).toBeFocused();
    // A companion seat away from any wheelchair space is named before saving…
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("5");
    await page.keyboard.press("Enter");
    await expect(
      page.getByText("A companion seat must sit next to a wheelchair space, in the same row: FF10 doesn't."),
    ).toBeVisible();
    // …and is fine once the wheelchair space beside it is there.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("4");
    await page.keyboard.press("Space");
    await expect(status).toHaveText("Row FF, position 9: wheelchair space.");
    await expect(page.getByText(/companion seat must sit next to/)).toHaveCount(0);
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Save seat plan" }).click();
    await expect(page.getByText("Seat plan saved")).toBeVisible();
    await page.reload();
    await expect(plan.getByRole("button", { name: /^Row FF, position 6, gap/ })).toBeVisible();
    await expect(plan.getByRole("button", { name: /^Row FF, position 9, wheelchair space/ })).toBeVisible();
    await expect(plan.getByRole("button", { name: /^Row FF, position 10, companion seat/ })).toBeVisible();
    await expect(page.getByLabel("Row 6", { exact: true })).toHaveValue("FF");
    await expectAccessible(page);

    // Another host can neither see nor change this plan.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await acceptNecessaryOnly(theirs);
    await signIn(theirs, { email: "host2@ticketyboo.test", password: DEMO.host.password });
    expect((await theirs.request.get(`/h/venues/${id}/seatplan`)).status()).toBe(404);
    const post = await theirs.request.post(`/h/venues/${id}/seatplan`, {
      form: { rows: "1", columns: "1", rowName: "A", layout: "o" },
      headers: { Origin: BASE_URL },
    });
    expect(post.status()).toBe(404);
    await other.close();

    // A buyer choosing a stalls seat at an event there sees the row's name, no seat in the aisle,
    // and the wheelchair space with its companion seat.
    const buyer = await browser.newContext();
    const shopper = await buyer.newPage();
    await acceptNecessaryOnly(shopper);
    await signIn(shopper, DEMO.buyer);
    await shopper.goto(await eventPath(shopper.request, EVENT), { waitUntil: "networkidle" });
    const panel = shopper.getByRole("form", { name: "Tickets" });
    await panel.getByRole("button", { name: "One more Stalls" }).click();
    const seats = panel.getByRole("grid", { name: "Seat plan" });
    await expect(seats.getByRole("button", { name: /^Stalls, row FF, seat 5$/ })).toBeVisible();
    await expect(seats.getByRole("button", { name: /row FF, seat 6\b/ })).toHaveCount(0);
    await expect(seats.getByRole("button", { name: /^Stalls, row FF, seat 9, wheelchair space$/ })).toBeVisible();
    await expect(seats.getByRole("button", { name: /^Stalls, row FF, seat 10, companion seat$/ })).toBeVisible();
    // The arrow keys step over the aisle.
    await seats.getByRole("button", { name: /^Stalls, row FF, seat 5$/ }).click();
    await shopper.keyboard.press("ArrowRight");
    await expect(seats.getByRole("button", { name: /^Stalls, row FF, seat 7$/ })).toBeFocused();
    await expect(panel.getByText(/1 of 1 chosen: FF5/)).toBeVisible();
    await expectAccessible(shopper);
    await buyer.close();
  });
});

import type { Page } from "@playwright/test";
import { expectEmailIn } from "./account-helpers";
import { acceptNecessaryOnly, BASE_URL, DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/*
 * Partner Studio's events table and its actions, as the demo host runs them: sorting, filtering and
 * searching on the server, a hidden column that stays hidden, then duplicating, publishing,
 * archiving after a sale and cancelling an event whose buyer is refunded and told.
 */

/** A fresh event a week away, with `quantity` £12 tickets sold to the demo buyer through checkout's services. */
async function eventWithASale(page: Page, name: string) {
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name, capacity: 40, pricePence: 1200, soldTo: DEMO.buyer.email, quantity: 2 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status(), `making ${name}`).toBe(200);
  return (await made.json()) as { eventId: string; slug: string; reference: string };
}

/** The table's row for an event, by its name's link. */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "Your events" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** Opens an event's actions menu (a disclosure: the row's group), as a person presses its "…" button. */
async function openActions(page: Page, name: string) {
  const menu = rowOf(page, name).getByRole("group");
  await expect(menu.getByText(`Actions: ${name}`, { exact: true })).toBeAttached();
  await menu.click();
}

async function choose(page: Page, name: string, action: string) {
  await openActions(page, name);
  await rowOf(page, name).getByRole("button", { name: action, exact: true }).click();
}

test("the demo host sorts, filters and searches events, then duplicates, publishes, archives and cancels", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptNecessaryOnly(page);
  const stamp = Date.now().toString(36);
  const archiveMe = `Archive Me Night ${stamp}`;
  const cancelMe = `Cancel Me Night ${stamp}`;
  const archived = await eventWithASale(page, archiveMe);
  const cancelled = await eventWithASale(page, cancelMe);
  await signIn(page, DEMO.host);

  // From the Studio's navigation to the table.
  await page.goto("/h/dashboard");
  await page.getByRole("navigation", { name: "Partner Studio" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/h\/events$/);
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  const table = page.getByRole("table", { name: "Your events" });
  await expect(table.getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("link", { name: "New event" })).toHaveAttribute("href", "/h/events/new");
  await expectAccessible(page);

  // Sorting is done on the server: by name, then the other way round.
  await table.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name$/);
  await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  const firstNames = await table.getByRole("row").nth(1).getByRole("link").first().innerText();
  await table.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=-name$/);
  await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("row").nth(1).getByRole("link").first()).not.toHaveText(firstNames);

  // Filtering by status applies at once; the demo host has one draft.
  await page.getByRole("combobox", { name: "Status" }).selectOption("draft");
  await expect(page).toHaveURL(/status=draft/);
  await expect(table.getByText("Draft", { exact: true }).first()).toBeVisible();
  await expect(table.getByText("Published", { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Searching by name, across every status.
  await page.getByRole("combobox", { name: "Status" }).selectOption("all");
  await page.getByRole("searchbox", { name: "Search events by name" }).fill(`night ${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=night\\+${stamp}`));
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(rowOf(page, archiveMe)).toBeVisible();
  await expect(rowOf(page, cancelMe)).toBeVisible();

  // Hiding a column is remembered in this browser: still hidden after a reload.
  await expect(table.getByRole("columnheader", { name: "Revenue" })).toBeVisible();
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Revenue" }).uncheck();
  await expect(table.getByRole("columnheader", { name: "Revenue" })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Sold" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Revenue" })).toHaveCount(0);
  await expectAccessible(page);

  // A paid event that took money can't be deleted: the menu says why, and offers archiving.
  await openActions(page, archiveMe);
  await expect(rowOf(page, archiveMe).getByRole("button", { name: "Delete", exact: true })).toBeDisabled();
  await expect(rowOf(page, archiveMe).getByText(/has taken payments, so it can't be deleted/)).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  // Duplicate: a draft copy, then publish it.
  await choose(page, archiveMe, "Duplicate");
  await expect(page.getByText("Event duplicated")).toBeVisible();
  const copy = `${archiveMe} (copy)`;
  await expect(rowOf(page, copy).getByText("Draft", { exact: true })).toBeVisible();
  await expect(rowOf(page, copy).getByText("0 / 40")).toBeVisible();
  await choose(page, copy, "Publish");
  await expect(page.getByText("Event published")).toBeVisible();
  await expect(rowOf(page, copy).getByText("Published", { exact: true })).toBeVisible();

  // Archive the original after its sale, once asked.
  await choose(page, archiveMe, "Archive");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Archive ${archiveMe}?` })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Event archived")).toBeVisible();
  await expect(rowOf(page, archiveMe).getByText("Archived", { exact: true })).toBeVisible();
  // Off the marketplace: its page is gone for everyone but its host.
  expect((await fetch(`${BASE_URL}/events/${archived.slug}`)).status).toBe(404);

  // Cancel the other: the buyer is refunded and told.
  await choose(page, cancelMe, "Cancel event");
  await expect(dialog.getByText(/every paid order is refunded in full \(2 paid tickets\)/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByText("Event cancelled")).toBeVisible();
  await expect(rowOf(page, cancelMe).getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(rowOf(page, cancelMe).getByText("0 / 40")).toBeVisible();
  await expectAccessible(page);

  await expectEmailIn(page, DEMO.buyer.email, `Cancelled: ${cancelMe}`);
  await expectEmailIn(page, DEMO.buyer.email, `for order ${cancelled.reference}`);
  await expectAccessible(page);
});

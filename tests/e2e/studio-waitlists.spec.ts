import { readFile } from "node:fs/promises";
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
 * The host's waitlists (issue 20): a sold-out event with three people waiting, found on /h/waitlists
 * by its event and by name; the second in line offered a place by hand (asked first: nothing is free,
 * so a place is added), the third removed (asked first), the list exported, and the event's own
 * Waitlist tab showing the same.
 */

test("the demo host runs a sold-out event's waitlist: filter, offer by hand, remove, export", async ({ page }) => {
  test.setTimeout(90_000);
  await acceptNecessaryOnly(page);
  const stamp = Date.now().toString(36);
  const name = `Waitlist Night ${stamp}`;
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name, capacity: 2, pricePence: 0, soldTo: DEMO.buyer.email, quantity: 2 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { eventId } = (await made.json()) as { eventId: string };
  const [ann, bob, cat] = [`Ann Able ${stamp}`, `Bob Baker ${stamp}`, `Cat Cole ${stamp}`];
  const waiting = await page.request.post("/dev/scenarios/waitlist", {
    data: { eventId, people: [{ name: ann }, { name: bob, quantity: 2 }, { name: cat }] },
    headers: { Origin: BASE_URL },
  });
  expect(waiting.status()).toBe(200);
  await signIn(page, DEMO.host);

  // Waitlists, from the Studio's menu; the sold-out event chosen from the filter.
  await page.goto("/h/dashboard");
  await page
    .getByRole("navigation", { name: "Partner Studio" })
    .first()
    .getByRole("link", { name: "Waitlists" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Waitlists" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("combobox", { name: "Event", exact: true }).selectOption(eventId);
  await expect(page).toHaveURL(new RegExp(`event=${eventId}`));
  const table = page.getByRole("table", { name: "Your waitlists" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText(ann);
  await expect(table.getByRole("row").nth(1)).toContainText("No. 1 in line");
  await expect(page.getByText(`3 people for ${name}.`)).toBeVisible();

  // Found by name.
  await page.getByRole("searchbox", { name: "Search waitlists" }).fill("bob baker");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  const bobRow = table.getByRole("row").filter({ hasText: bob });
  await expect(bobRow).toContainText("No. 2 in line");

  // Bob, second in line, offered his two places by hand: none are free, so the host is told they'll be added.
  await bobRow.getByRole("button", { name: `Offer places to ${bob}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Offer ${bob} 2 places?` })).toBeVisible();
  await expect(dialog.getByText("None are free, so 2 places will be added to General admission.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send the offer" }).click();
  await expect(page.getByText(new RegExp(`^Offered ${bob} 2 places, held until `)).first()).toBeVisible();
  await expect(bobRow).toContainText("Offer sent");
  await expect(bobRow).toContainText(/2 places until/);
  await expect(bobRow.getByRole("button", { name: /^Offer places/ })).toHaveCount(0);
  await expectAccessible(page);

  // Cat removed, asked first; she leaves the list of those in line, and shows under "Left or removed".
  await page.getByRole("searchbox", { name: "Search waitlists" }).fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("row")).toHaveCount(4);
  await table
    .getByRole("row")
    .filter({ hasText: cat })
    .getByRole("button", { name: `Remove ${cat}` })
    .click();
  await expect(dialog.getByRole("heading", { name: `Remove ${cat} from the waitlist?` })).toBeVisible();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`${cat} is off the waitlist.`).first()).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByText(cat)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("gone");
  await expect(page).toHaveURL(/status=gone/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText(cat);
  await expect(table.getByRole("row").nth(1)).toContainText("Removed");

  // The event's own Waitlist tab: the line's counts, and the whole list as a CSV file.
  await page.goto(`/h/events/${eventId}/edit`);
  await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Waitlist" }).click();
  await expect(page).toHaveURL(new RegExp(`/h/events/${eventId}/edit/waitlist$`));
  await expect(page.getByRole("heading", { name: "Waitlist", exact: true })).toBeVisible();
  const tab = page.getByRole("table", { name: `Waitlist of ${name}` });
  await expect(tab.getByRole("row")).toHaveCount(3);
  await expectAccessible(page);
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("all");
  await expect(tab.getByRole("row")).toHaveCount(4);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`waitlist-waitlist-night-${stamp}.csv`);
  const csv = (await readFile((await download.path())!)).toString("utf8");
  expect(csv.startsWith("\uFEFFEvent,Event date,Name,Email,Places wanted,Joined,Status,Place in line")).toBe(true);
  // In the line's order, as the tab shows it; dates are quoted (they have commas).
  const lines = csv.trimEnd().split("\r\n").slice(1);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(new RegExp(`^${name},"[^"]+",${ann},[^,]+,1,"[^"]+",Waiting,1,,,$`));
  expect(lines[1]).toMatch(new RegExp(`^${name},"[^"]+",${bob},[^,]+,2,"[^"]+",Offer sent,,"[^"]+","[^"]+",2$`));
  expect(lines[2]).toMatch(new RegExp(`^${name},"[^"]+",${cat},[^,]+,1,"[^"]+",Removed,,,,$`));

  // The dark theme passes too.
  await expectAccessibleInBothThemes(page);
  await page.goto("/h/waitlists");
  await expectAccessibleInBothThemes(page);
});

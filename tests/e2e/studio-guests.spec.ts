import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
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
 * The door's guest list, as the demo host runs it: an event's ticket holders on its Guests tab, a
 * guest added by hand, a CSV import refused for one bad line (named, nothing imported) then taken
 * whole, a ticket holder checked in and undone, the list exported, and the guest found on the
 * master list.
 */

// A refused form answers 422, which the browser logs.
test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

const counts = (page: Page) => page.getByText("checked in / expected").locator("..");

async function preview(page: Page, name: string, text: string) {
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: `Preview of ${name}` })).toBeVisible();
}

test("the demo host keeps an event's guest list: add, import, check in, export, find", async ({ page }) => {
  test.setTimeout(90_000);
  await acceptNecessaryOnly(page);
  const stamp = Date.now().toString(36);
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name: `Door List Night ${stamp}`, capacity: 40, pricePence: 1200, soldTo: DEMO.buyer.email, quantity: 2 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { eventId, reference } = (await made.json()) as { eventId: string; reference: string };
  await signIn(page, DEMO.host);

  // The event's Guests tab: its two ticket holders, none in yet.
  await page.goto(`/h/events/${eventId}/edit`);
  await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: "Guests" }).click();
  await expect(page).toHaveURL(new RegExp(`/h/events/${eventId}/edit/guests$`));
  await expect(counts(page)).toContainText("0 / 2");
  await expect(page.getByText(`Order ${reference}`)).toHaveCount(2);
  await expectAccessible(page);

  // Adding a guest by hand: a refusal names the field and keeps what was typed.
  await page.getByRole("link", { name: "Add guest" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add guest" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add guest" });
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Plus-ones").fill("1");
  await form.getByRole("button", { name: "Add to the list" }).click();
  await expect(form.getByText("Enter the guest's name")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue("ada@example.com");
  await expectAccessible(page);
  await form.getByLabel("Name").fill(`Ada Lovelace ${stamp}`);
  await form.getByRole("button", { name: "Add to the list" }).click();
  await expect(page).toHaveURL(new RegExp(`/h/events/${eventId}/edit/guests$`));
  await expect(page.getByText(`Ada Lovelace ${stamp} is on the guest list.`).first()).toBeVisible();
  await expect(counts(page)).toContainText("0 / 4");

  // A CSV file with one bad line: the preview names it, and nothing can be imported.
  const bad = `Name,Email,Plus-ones\nGrace Hopper ${stamp},grace@example.com,0\nHedy Lamarr ${stamp},not-an-email,0\n`;
  // A file too big to send is refused by name as it is chosen.
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "everyone.csv", mimeType: "text/csv", buffer: Buffer.alloc(2 * 1024 * 1024, "a") });
  await expect(page.getByText("That file is over 256 KB.")).toBeVisible();
  await expect(page.getByLabel("CSV file", { exact: true })).toHaveValue("");
  await preview(page, "guests.csv", bad);
  await expect(page.getByText("Line 3: enter an email address like name@example.com")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Check in Grace Hopper ${stamp}` })).toHaveCount(0);
  await expect(counts(page)).toContainText("0 / 4");
  await expectAccessible(page);

  // Fixed, it is taken whole.
  await preview(page, "guests-fixed.csv", bad.replace("not-an-email", "hedy@example.com"));
  await expect(page.getByText("2 guests are ready to import.")).toBeVisible();
  await page.getByRole("button", { name: "Import 2 guests" }).click();
  await expect(page.getByText("Imported 2 guests.").first()).toBeVisible();
  await expect(counts(page)).toContainText("0 / 6");
  const list = page.getByRole("list", { name: "Guest list" });
  await expect(list.getByRole("button", { name: `Check in Hedy Lamarr ${stamp}` })).toBeVisible();

  // A ticket holder checked in by hand, then undone.
  const holder = list
    .getByRole("listitem")
    .filter({ hasText: `Order ${reference}` })
    .first();
  await holder.getByRole("button", { name: /^Check in/ }).click();
  await expect(counts(page)).toContainText("1 / 6");
  await expect(holder.getByText(/^In at /)).toBeVisible();
  await expectAccessible(page);
  await holder.getByRole("button", { name: /^Undo/ }).click();
  await expect(counts(page)).toContainText("0 / 6");

  // The list as a CSV file for a spreadsheet.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^guests-door-list-night-.*\.csv$/);
  const csv = (await readFile((await download.path())!)).toString("utf8");
  expect(csv.startsWith("\uFEFFName,Email,Ticket type,Plus-ones")).toBe(true);
  expect(csv).toContain(`Ada Lovelace ${stamp},ada@example.com,,1,,Guest`);
  expect(csv).toContain(`,Ticket,${reference},`);

  // The guest on the master list, found by search; the dark theme passes too.
  await page.getByRole("navigation", { name: "Partner Studio" }).first().getByRole("link", { name: "Guests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guests" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search guests" }).fill(`Ada Lovelace ${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Ada/);
  const table = page.getByRole("table", { name: "Your guests" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText(`Ada Lovelace ${stamp}`)).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.goto(`/h/events/${eventId}/edit/guests`);
  await expectAccessibleInBothThemes(page);
});

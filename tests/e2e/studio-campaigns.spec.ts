import { request } from "@playwright/test";
import { BASE_URL, DEMO, acceptNecessaryOnly, expect, expectAccessible, signIn, test } from "./fixtures";
import { expectEmailIn } from "./account-helpers";

/*
 * Email marketing (issue 21): the demo host imports a list with the consent its people gave, writes a
 * campaign with an event card, sends a test that arrives in the outbox with a one-click unsubscribe
 * that works (posted as a mail app posts it, and by its page), schedules the campaign, and once the
 * jobs queue's sender has run (driven by its dev drill, as at the scheduled time) sees it sent.
 */

// The email previews (the editor's and the outbox's) are sandboxed frames: axe's script can't run in them.
// The import refused for want of a consent statement answers 422, as it should.
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|status of 422 \(Unprocessable Entity\)/] });

test("the demo host builds a campaign with an event card, tests it, schedules it and sees it sent", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await acceptNecessaryOnly(page);
  const stamp = Date.now().toString(36);
  const eventName = `Campaign Gig ${stamp}`;
  const made = await page.request.post("/dev/scenarios/event", {
    data: { name: eventName, capacity: 50, pricePence: 1200 },
    headers: { Origin: BASE_URL },
  });
  expect(made.status()).toBe(200);
  const { eventId } = (await made.json()) as { eventId: string };
  await signIn(page, DEMO.host);

  // Email marketing, from the Studio's menu.
  await page.goto("/h/dashboard");
  await page.getByRole("navigation", { name: "Partner Studio" }).first().getByRole("link", { name: "Email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email marketing" })).toBeVisible();
  await expectAccessible(page);

  // A list, and two people imported into it from CSV with how they agreed.
  await page.getByRole("link", { name: "Audiences" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audiences" })).toBeVisible();
  await expectAccessible(page);
  const listName = `Door sign-ups ${stamp}`;
  await page.getByLabel("New list").fill(listName);
  await page.getByRole("button", { name: "Make list" }).click();
  await expect(page.getByText(`List "${listName}" created.`).first()).toBeVisible();
  const fay = `fay-${stamp}@example.com`;
  const gus = `gus-${stamp}@example.com`;
  await page.getByLabel("Into list").selectOption({ label: listName });
  // A file too big to send is refused by name as it is chosen.
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "everyone.csv", mimeType: "text/csv", buffer: Buffer.alloc(2 * 1024 * 1024, "a") });
  await expect(page.getByText("That file is over 512 KB.")).toBeVisible();
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "sign-ups.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Email,Name,Consented\n${fay},Fay,01/10/2026\n${gus},Gus,\n`),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("2 people are ready to import.")).toBeVisible();
  await expectAccessible(page);
  // Importing without saying how they agreed is refused, naming the field; nothing typed is lost.
  await page.getByLabel("Everyone in this file agreed to get emails from us").check();
  await page.getByRole("button", { name: "Import 2 people" }).click();
  await expect(page.getByText(/Say how these people agreed to hear from you/)).toBeVisible();
  await page.getByLabel("How did these people agree to hear from you?").fill("Ticked the box on our door sheet");
  await page.getByLabel("Everyone in this file agreed to get emails from us").check();
  await page.getByRole("button", { name: "Import 2 people" }).click();
  await expect(page.getByText("Imported 2 people.").first()).toBeVisible();
  await page.getByRole("link", { name: `View ${listName}` }).click();
  const people = page.getByRole("table", { name: "Each person and how they agreed" });
  await expect(people.getByRole("row").filter({ hasText: fay })).toContainText("Ticked the box on our door sheet");
  await expectAccessible(page);

  // A new campaign: subject, a heading, and a card for the event.
  await page.goto("/h/marketing/email");
  await page.getByRole("button", { name: "New campaign" }).click();
  await expect(page).toHaveURL(/\/h\/promote\/email-campaign\/[0-9a-f-]{36}$/);
  const editor = page.url();
  const subject = `Back at the Crown ${stamp}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview text").fill("Doors at seven");
  await page.getByLabel("Heading").fill("Our next night");
  await page.getByLabel("Text", { exact: true }).fill("Come along.\n\nBring a friend.");
  await page.getByRole("checkbox", { name: `List: ${listName}` }).check();
  await page.getByRole("group", { name: "Add a block" }).getByRole("button", { name: "Event card" }).click();
  await expect(page.getByRole("group", { name: "3. Event card" })).toBeVisible();
  await page.getByRole("combobox", { name: "Event", exact: true }).selectOption(eventId);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.").first()).toBeVisible();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText(eventName)).toBeVisible();
  await expect(preview.getByText("Get tickets")).toBeVisible();
  await expect(preview.getByText(/£\d+\.\d\d/)).toBeVisible();
  await expectAccessible(page);

  // A test to the host's own address: in the outbox, with List-Unsubscribe headers.
  await page.getByRole("button", { name: `Send a test to ${DEMO.host.email}` }).click();
  await expect(page.getByText(`Test sent to ${DEMO.host.email}.`).first()).toBeVisible();
  await expectEmailIn(page, DEMO.host.email, `[Test] ${subject}`);
  await page
    .getByRole("link", { name: `[Test] ${subject}` })
    .first()
    .click();
  await expect(page.getByText("List-Unsubscribe-Post: List-Unsubscribe=One-Click")).toBeVisible();
  const header = await page.getByText(/^List-Unsubscribe: </).textContent();
  const oneClick = /<([^>]+)>/.exec(header!)![1]!;
  // One click, as a mail app makes it: a POST with no session and no page.
  const mailApp = await request.newContext();
  const posted = await mailApp.post(oneClick, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(posted.status()).toBe(204);
  await mailApp.dispose();
  // The footer's link opens the page, which knows; the host takes themselves back.
  const links = page.getByRole("region", { name: "Links in this email" });
  const unsubscribe = await links.getByRole("link", { name: /^Unsubscribe from / }).getAttribute("href");
  await page.goto(unsubscribe!);
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "I unsubscribed by mistake" }).click();
  await expect(page.getByRole("heading", { name: /^Stop emails from / })).toBeVisible();

  // Scheduled for tomorrow (the form suggests it), in London time.
  await page.goto(editor);
  await expect(page.getByLabel("Send at (London time): date")).not.toHaveValue("");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText(/^Scheduled for .+ \(London time\)\.$/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Unschedule and edit" })).toBeVisible();
  await expectAccessible(page);

  // The jobs queue's sender, run as at the day after tomorrow: the campaign goes to the list.
  const ran = await page.request.post("/dev/scenarios/campaigns/run", {
    data: { at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    headers: { Origin: BASE_URL },
  });
  expect(ran.status()).toBe(200);
  const run = (await ran.json()) as { started: number; sent: number };
  expect(run.started).toBeGreaterThanOrEqual(1);
  expect(run.sent).toBeGreaterThanOrEqual(2);
  await expectEmailIn(page, fay, subject);

  await page.goto(editor);
  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
  const sent = page.getByRole("term").filter({ hasText: "Sent" }).locator("xpath=following-sibling::dd[1]");
  await expect(sent).toHaveText(/^\d+$/);
  expect(Number(await sent.textContent())).toBeGreaterThanOrEqual(2);
  await expectAccessible(page);

  // On the narrowest phones, neither the editor nor the audiences page scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of [editor, "/h/marketing/email/recipients"]) {
    await page.goto(path);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide, `${path} at 320 px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "tb_theme", value: theme, url: BASE_URL }]);
    await page.goto("/h/marketing/email");
    const row = page.getByRole("listitem").filter({ hasText: subject });
    await expect(row.getByText("Sent", { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
  }
});

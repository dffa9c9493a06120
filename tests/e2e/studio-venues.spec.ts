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
 * Partner Studio's venues: the demo host adds a venue with its access information (a refusal first,
 * which keeps what was typed), places its pin with the pointer and the keyboard, finds it in the
 * list, edits and deletes it; then gives a demo venue access information and finds it on an event
 * page there. Another host gets page-not-found for it and changes nothing.
 */

const HOST2 = { email: "host2@ticketyboo.test", password: DEMO.host.password };
/** A demo venue of the demo host's with events on sale (it has no access information in the seed). */
const DEMO_VENUE = "Clwb Ifor Bach";

test.describe("Partner Studio venues", () => {
  test.beforeEach(async ({ page }) => acceptNecessaryOnly(page));
  // The refused add is answered 422 and another host's venue 404, which the browser logs.
  test.use({ allowConsoleErrors: [/status of (422 \(Unprocessable Entity\)|404 \(Not Found\))/] });

  test("add a venue with access information, find it, edit it; access shows on an event page", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const name = `Arches Lantern Rooms ${Date.now().toString(36)}`;
    await signIn(page, DEMO.host);
    await page.goto("/h/venues");
    await expect(page.getByRole("heading", { level: 1, name: "Venues" })).toBeVisible();
    const studioNav = page.getByRole("navigation", { name: "Partner Studio" });
    await expect(studioNav.getByRole("link", { name: "Venues" })).toHaveAttribute("aria-current", "page");
    await expectAccessibleInBothThemes(page);

    // Adding: a refusal names each field, says the spec's words, and loses nothing typed.
    await page.getByRole("link", { name: "Add a venue" }).click();
    await expect(page).toHaveURL(/\/h\/venues\/add$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add a venue" })).toBeVisible();
    const form = page.getByRole("form", { name: "Venue" });
    await form.getByLabel("Venue name").fill(name);
    await form.getByLabel("Address line 1").fill("12 Quay Street");
    await form.getByLabel("Town or city").fill("Bristol");
    await form.getByLabel("Postcode").fill("bs1 4d");
    await form.getByRole("group", { name: "Step-free entrance" }).getByRole("radio", { name: "Yes" }).check();
    await form.getByLabel(/Anything else about access/).fill("Ramp at the Quay Street door.\nLift to the bar.");
    await form.getByRole("button", { name: "Add venue" }).click();
    await expect(form.getByText("Venue add failed.")).toBeVisible();
    await expect(form.getByText("Please check the 2 highlighted fields.")).toBeVisible();
    await expect(form.getByText("Invalid postcode. Enter a full UK postcode, like SW1A 1AA.")).toBeVisible();
    await expect(form.getByText("Enter the venue's capacity: the most people it holds.")).toBeVisible();
    await expect(form.getByLabel("Postcode")).toBeFocused();
    await expect(form.getByLabel("Venue name")).toHaveValue(name);
    await expect(
      form.getByRole("group", { name: "Step-free entrance" }).getByRole("radio", { name: "Yes" }),
    ).toBeChecked();
    await expect(form.getByLabel(/Anything else about access/)).toHaveValue(
      "Ramp at the Quay Street door.\nLift to the bar.",
    );
    await expectAccessible(page);

    await form.getByLabel("Postcode").fill("bs14dj");
    await form.getByLabel("Capacity").fill("180");
    await form.getByRole("group", { name: "Accessible toilets" }).getByRole("radio", { name: "Yes" }).check();
    await form.getByRole("group", { name: "Hearing loop" }).getByRole("radio", { name: "No", exact: true }).check();
    // The pin starts on the town; a click on the map puts it there, and the arrow keys move it.
    await expect(form.getByText("Pin at the centre of Bristol: move it to the venue's door.")).toBeVisible();
    const map = form.getByRole("region", { name: "Map for placing the venue's pin" });
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.75, y: box.height * 0.5 } });
    const placed = form.getByText(/^Pin placed at /);
    await expect(placed).toBeVisible();
    const clicked = await placed.innerText();
    await form.getByRole("button", { name: /^Venue pin/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(placed).not.toHaveText(clicked);
    const pinText = await placed.innerText();
    await form.getByRole("button", { name: "Add venue" }).click();

    // Its overview: what was saved, as buyers will see it.
    await expect(page).toHaveURL(/\/h\/venues\/[0-9a-f-]{36}\/overview$/);
    const overviewUrl = page.url();
    await expect(page.getByText("Venue added")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("12 Quay Street, Bristol BS1 4DJ")).toBeVisible();
    await expect(page.getByText("180 people")).toBeVisible();
    const shown = page.getByRole("region", { name: "Access", exact: true });
    await expect(shown.getByText("Step-free entrance")).toBeVisible();
    await expect(shown.getByText("Accessible toilets")).toBeVisible();
    await expect(shown.getByText("No hearing loop")).toBeVisible();
    await expect(shown.getByText("Lift to the bar.", { exact: false })).toBeVisible();
    await expect(page.getByText(pinText)).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a seat plan" })).toHaveAttribute(
      "href",
      new URL(overviewUrl).pathname.replace(/overview$/, "seatplan"),
    );
    await expectAccessibleInBothThemes(page);

    // In the list, with its capacity, no seats, no events and its access icons.
    await page.getByRole("link", { name: "Venues", exact: true }).first().click();
    await expect(page).toHaveURL(/\/h\/venues$/);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(row.getByText("180", { exact: true })).toBeVisible();
    await expect(row.getByText("Not seated")).toBeVisible();
    await expect(row.getByText("None yet")).toBeVisible();
    await expect(row.getByRole("list", { name: "Access" }).getByText("Step-free entrance")).toBeAttached();
    await expect(row.getByRole("list", { name: "Access" }).getByRole("listitem")).toHaveCount(2);

    // Editing: the same form, starting from what was saved.
    await row.getByRole("link", { name }).click();
    await expect(page).toHaveURL(overviewUrl);
    const edit = page.getByRole("form", { name: "Venue" });
    await expect(edit.getByLabel("Postcode")).toHaveValue("BS1 4DJ");
    await edit.getByLabel("Capacity").fill("1,200");
    await edit.getByRole("group", { name: "Quiet space" }).getByRole("radio", { name: "Yes" }).check();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Venue updated" })).toBeVisible();
    await expect(page.getByText("1,200 people")).toBeVisible();
    await expect(page.getByRole("region", { name: "Access", exact: true }).getByText("Quiet space")).toBeVisible();
    await expect(edit.getByLabel("Capacity")).toHaveValue("1200");
    await expect(page.getByText(pinText)).toBeVisible();

    // Another host: page-not-found for it, and a post to it changes nothing.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await acceptNecessaryOnly(theirs);
    await signIn(theirs, HOST2);
    expect((await theirs.goto(overviewUrl))?.status()).toBe(404);
    const res = await theirs.request.post(overviewUrl, {
      form: { intent: "delete" },
      headers: { Origin: BASE_URL },
    });
    expect(res.status()).toBe(404);
    await other.close();

    // Deleting: no event uses it, so it can go, once asked.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("button", { name: "Delete venue" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete venue" }).click();
    await expect(page).toHaveURL(/\/h\/venues$/);
    await expect(page.getByText("Venue deleted")).toBeVisible();
    await expect(page.getByRole("heading", { name })).toHaveCount(0);

    // A demo venue with events: it cannot be deleted, and its access information reaches its event pages.
    await page.getByRole("link", { name: DEMO_VENUE }).click();
    await expect(page.getByRole("heading", { level: 1, name: DEMO_VENUE })).toBeVisible();
    await expect(page.getByText(/^This venue can't be deleted while \d+ events use it\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete venue" })).toHaveCount(0);
    const demo = page.getByRole("form", { name: "Venue" });
    await demo.getByRole("group", { name: "Step-free entrance" }).getByRole("radio", { name: "Yes" }).check();
    await demo.getByRole("group", { name: "Hearing loop" }).getByRole("radio", { name: "Yes" }).check();
    await demo
      .getByRole("group", { name: "Accessible parking" })
      .getByRole("radio", { name: "No", exact: true })
      .check();
    await demo
      .getByLabel(/Anything else about access/)
      .fill("Step-free entrance on Womanby Street; ask staff for the lift.");
    await demo.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Venue updated" })).toBeVisible();
    const events = page.getByRole("region", { name: "Events at this venue" });
    const eventName = await events.getByRole("link").first().innerText();
    await events.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: eventName })).toBeVisible();
    const access = page.getByRole("region", { name: "Access", exact: true });
    await expect(access).toHaveCount(1);
    await expect(access.getByText("Step-free entrance", { exact: true })).toBeVisible();
    await expect(access.getByText("Hearing loop", { exact: true })).toBeVisible();
    await expect(access.getByText("No accessible parking")).toBeVisible();
    await expect(access.getByText("ask staff for the lift", { exact: false })).toBeVisible();
    await expect(access.getByText("Quiet space")).toHaveCount(0);
    await expectAccessibleInBothThemes(page);

    // It is in the page as served: without JavaScript too.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const reader = await plain.newPage();
    await reader.goto(page.url());
    await expect(reader.getByRole("region", { name: "Access", exact: true }).getByText("Hearing loop")).toBeVisible();
    await plain.close();
  });
});

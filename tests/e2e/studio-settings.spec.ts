import { endOf } from "../../src/domain/event-flags";
import { formatAmount } from "../../src/lib/format";
import { hostSettingsMessages as m } from "../../src/texts/host-settings-messages";
import {
  DEMO,
  acceptNecessaryOnly,
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  signIn,
  test,
} from "./fixtures";

/*
 * Partner Studio's online profile, settings and payouts (issue 21), one journey: the demo host
 * writes a bio and a link, has an unreadable brand colour refused in plain words and a readable
 * one saved, sees both on their public profile, connects payouts with the test provider, and reads
 * what is due, which the test works out itself from the host's orders as the database has them.
 */

interface RawOrder {
  eventId: string;
  currency: "GBP" | "EUR";
  totalPence: number;
  bookingFeePence: number;
  refundedPence: number;
  feeMode: "pass" | "absorb";
  startsAt: string;
  endsAt: string | null;
  applicationFeePence: number | null;
}

/**
 * What is due, worked out here from the orders: our fee is the application fee of a sale paid to
 * the host's account, else the booking fee passed on, else 1% absorbed (half-up); the host keeps the
 * rest less the refunded share; what we collected is due two days after its event ends.
 */
function expectedFigures(orders: RawOrder[], now: Date) {
  const out = { paid: 0, dueNow: 0, upcoming: 0 };
  for (const o of orders.filter((x) => x.currency === "GBP")) {
    const fee =
      o.applicationFeePence ?? (o.feeMode === "pass" ? o.bookingFeePence : Math.floor((2 * o.totalPence + 100) / 200));
    const kept = o.totalPence - fee;
    const net = kept - Math.floor((2 * o.refundedPence * kept + o.totalPence) / (2 * o.totalPence));
    const ends = endOf({ startsAt: new Date(o.startsAt), endsAt: o.endsAt ? new Date(o.endsAt) : null });
    if (o.applicationFeePence !== null) out.paid += net;
    else if (ends.getTime() + 2 * 86_400_000 <= now.getTime()) out.dueNow += net;
    else out.upcoming += net;
  }
  return out;
}

test.describe("Partner Studio's online profile and payouts", () => {
  // The refused colour is answered 422, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422 \(Unprocessable Entity\)/] });

  test("the demo host edits the online profile, sees it in public, connects payouts and reads what is due", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await acceptNecessaryOnly(page);
    await signIn(page, DEMO.host);
    const stamp = Date.now().toString(36);
    const bio = `Quiz nights, open mics and the odd ceilidh. (${stamp})`;

    // The online profile, from the Studio's menu.
    await page.goto("/h/dashboard");
    await page
      .getByRole("navigation", { name: "Partner Studio" })
      .first()
      .getByRole("link", { name: "Online profile" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Online profile" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verified badge" })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    const profile = page.getByRole("form", { name: "Online profile" });
    await profile.getByLabel("Bio").fill(bio);
    await profile.getByLabel("Instagram").fill("instagram.com/crowncollective");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText(m.profileSaved)).toBeVisible();
    await expect(profile.getByLabel("Instagram")).toHaveValue("https://instagram.com/crowncollective");

    // A grey that neither white nor dark text reads on is refused, saying so; a deep blue is saved.
    const colors = page.getByRole("form", { name: "Brand colours" });
    await colors.getByLabel(/^Main colour/).fill("#808080");
    await expect(colors.getByText("Unreadable: text needs 4.5:1 or more.")).toBeVisible();
    await colors.getByRole("button", { name: "Save colours" }).click();
    await expect(colors.getByText(m.unreadableColor("Main colour", "#808080", "3.9", "4.4"))).toBeVisible();
    await expect(colors.getByLabel(/^Main colour/)).toHaveValue("#808080");
    await expect(colors.getByLabel(/^Main colour/)).toBeFocused();
    await expectAccessible(page);
    await colors.getByLabel(/^Main colour/).fill("#1E3A8A");
    await colors.getByRole("button", { name: "Save colours" }).click();
    await expect(page.getByText(m.colorsSaved)).toBeVisible();
    await expect(colors.getByLabel(/^Main colour/)).toHaveValue("#1E3A8A");

    // The booking page shows the bio, the link and the colour.
    await page.getByRole("link", { name: "View your booking page" }).click();
    await expect(page).toHaveURL(/\/thecrowncollective$/);
    await expect(page.getByRole("heading", { level: 1, name: "The Crown Collective" })).toBeVisible();
    await expect(page.getByText(bio)).toBeVisible();
    const instagram = page
      .getByRole("list", { name: "The Crown Collective elsewhere" })
      .getByRole("link", { name: /Instagram/ });
    await expect(instagram).toHaveAttribute("href", "https://instagram.com/crowncollective");
    await expect(page.getByText("Event host", { exact: true })).toHaveCSS("background-color", "rgb(30, 58, 138)");
    await expectAccessibleInBothThemes(page);

    // Settings › Payouts: not connected yet, then connected through the test provider's onboarding.
    await page.goto("/h/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Payouts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Connect payouts" }).click();
    await expect(page).toHaveURL(/\/pay\/test\/connect\/acct_test_/);
    await expect(page.getByRole("heading", { name: "Set up payouts" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Complete test onboarding" }).click();
    await expect(page).toHaveURL(/\/h\/settings\/payouts\?from=onboarding$/);
    await expect(page.getByRole("status").getByText("Connected")).toBeVisible();
    await expectAccessibleInBothThemes(page);

    // What is due, as the page says it and as the orders add up (other journeys may sell meanwhile: both are
    // read again until they agree).
    await expect(async () => {
      const res = await page.request.get(`/dev/scenarios/host-orders?email=${encodeURIComponent(DEMO.host.email)}`);
      expect(res.status()).toBe(200);
      const { orders } = (await res.json()) as { orders: RawOrder[] };
      await page.reload();
      const want = expectedFigures(orders, new Date());
      const totals = page.getByRole("region", { name: "Totals in GBP" });
      const card = (label: string) => totals.locator("div", { has: page.getByText(label, { exact: true }) }).last();
      await expect(card("Paid to you")).toContainText(formatAmount(want.paid, "GBP"), { timeout: 1_000 });
      await expect(card("Due now")).toContainText(formatAmount(want.dueNow, "GBP"), { timeout: 1_000 });
      await expect(card("Due after upcoming events")).toContainText(formatAmount(want.upcoming, "GBP"), {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);
  });
});

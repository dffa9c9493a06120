import { acceptNecessaryOnly, expect, expectAccessible, expectAccessibleInBothThemes, test } from "./fixtures";

/*
 * A host's booking page by username and following (spec §2 `/{username}`): a visitor opens Northern
 * Sparks' page (which passes axe in both themes), is sent to log in by Follow and comes back, follows,
 * finds the host's next event on their dashboard under "From hosts you follow", and unfollows from
 * their list. The friend's account follows nobody else, and no other journey follows this host.
 */

const FRIEND = { email: "friend@ticketyboo.test", password: "ticketyboo" };

// The 404 of a name nobody has is logged by the browser.
test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

test("a visitor opens a host's page, logs in to follow, sees their events on the dashboard and unfollows", async ({
  page,
}) => {
  test.slow(); // axe on six pages, two of them in both themes
  await acceptNecessaryOnly(page);

  // Signed out: the page by username, in the host's words, with their events; capitals find it too.
  await page.goto("/NorthernSparks");
  await expect(page).toHaveURL(/\/northernsparks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Northern Sparks" })).toBeVisible();
  await expect(page.getByText("Community nights, fundraisers and dance floors")).toBeVisible();
  await expect(page).toHaveTitle(/Northern Sparks/);
  await expect(page.locator("header p[aria-hidden]"), "the header names the host").toHaveText("Northern Sparks");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Northern Sparks" });
  const upcoming = page.getByRole("region", { name: "Upcoming events" });
  const next = (await upcoming.getByRole("heading", { level: 3 }).first().textContent())!.trim();
  const followers = page.getByText(/^\d+ followers?$/);
  await expect(followers).toHaveText("0 followers");
  await expectAccessibleInBothThemes(page);
  // A name nobody has is the site's 404.
  const missing = await page.goto("/nobody-has-this-name");
  expect(missing?.status()).toBe(404);

  // Follow, signed out: log in, and back to the page.
  await page.goto("/northernsparks");
  await page.getByRole("link", { name: "Follow Northern Sparks" }).click();
  await expect(page).toHaveURL(/\/log-in\?redirect=%2Fnorthernsparks/);
  await page.getByLabel("Email").fill(FRIEND.email);
  await page.getByLabel("Password").fill(FRIEND.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/northernsparks$/);

  await page.getByRole("button", { name: "Follow Northern Sparks" }).click();
  await expect(page.getByText("Following", { exact: true })).toBeVisible();
  await expect(followers).toHaveText("1 follower");
  await expect(page.getByRole("button", { name: "Unfollow Northern Sparks" })).toBeVisible();
  // It holds after a reload: the page reads it back.
  await page.reload();
  await expect(page.getByRole("button", { name: "Unfollow Northern Sparks" })).toBeVisible();
  await expectAccessible(page);

  // The dashboard shows the host's next event.
  await page.goto("/u/dashboard");
  const fromHosts = page.getByRole("region", { name: "From hosts you follow" });
  await expect(fromHosts.getByRole("heading", { level: 3, name: next })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Unfollow from the list of hosts they follow; the dashboard says how to follow someone again.
  await fromHosts.getByRole("link", { name: "Hosts you follow (1)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hosts you follow" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Northern Sparks" })).toHaveAttribute("href", "/northernsparks");
  await page.getByRole("button", { name: "Unfollow Northern Sparks" }).click();
  await expect(page.getByText("You don't follow anyone yet")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/u/dashboard");
  await expect(fromHosts.getByText("Follow the hosts you like to see their next events here")).toBeVisible();
  await expect(fromHosts.getByRole("link", { name: "Explore events" })).toHaveAttribute("href", "/explore");
  await page.goto("/northernsparks");
  await expect(followers).toHaveText("0 followers");
});

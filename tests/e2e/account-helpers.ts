import { expect, type Page } from "@playwright/test";

/** Ticks ALTCHA's "I'm not a robot" box and waits until the browser has solved the puzzle. */
export async function solveRobotCheck(page: Page) {
  const check = page.getByRole("group", { name: "Robot check" });
  // Where a person taps: the box's label (ALTCHA draws its tick over the input itself).
  await check.getByText("I'm not a robot").click();
  await expect(check.getByText("Verified")).toBeVisible({ timeout: 20_000 });
}

/** Logs in through the form (the same way a person does) and waits for the dashboard. */
export async function logInAs(page: Page, email: string, password: string) {
  await page.goto("/log-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/u/dashboard");
}

/**
 * Waits until an email to `to` with this subject is in the dev outbox. Emails are written after the
 * change that needs them has committed (after-commit work, then a job), so the page is read again
 * until it is there.
 */
export async function expectEmailIn(page: Page, to: string, subject: string) {
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Opens the newest email to `to` with this subject in the dev outbox and follows its button link,
 * as a person would from their inbox. Emails leave through a job, so it waits for one to appear.
 */
export async function followEmailLink(page: Page, to: string, subject: string, linkText: string | RegExp) {
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("link", { name: subject }).first().click();
  const link = page.getByRole("region", { name: "Links in this email" }).getByRole("link", { name: linkText }).first();
  const href = await link.getAttribute("href");
  expect(href, "the email's link").toBeTruthy();
  await page.goto(href!);
}

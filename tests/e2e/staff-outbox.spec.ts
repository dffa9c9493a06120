import { acceptNecessaryOnly, expect, expectAccessible, DEMO, logIn, signIn, test } from "./fixtures";
import { solveRobotCheck } from "./account-helpers";

/**
 * A newcomer runs `npm start` (production: no /dev routes, no SMTP) and signs up. The verification
 * email is stored; staff read it, with its links, in the staff area, which is a 404 for everyone else.
 */
// The email's HTML sits in a sandboxed iframe (no scripts): Chromium logs that it refused the
// browser automation's helper there. The refusals to strangers are pages served with 404.
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|status of 404/] });

const STAFF = { email: "staff@ticketyboo.test", password: "ticketyboo" };

test("staff read any stored email in the staff area, and nobody else can", async ({ page, browser }) => {
  await acceptNecessaryOnly(page);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const newcomer = { email: `newcomer.${stamp}@example.com`, password: "harbour-kite-58" };

  await page.goto("/sign-up");
  await page.getByText("Go to events").click();
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Email").fill(newcomer.email);
  await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
  await page.getByLabel("Confirm password").fill(newcomer.password);
  await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
  await solveRobotCheck(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/u/dashboard");

  // The newcomer is no staff member: the staff pages do not exist for them.
  for (const path of ["/staff/outbox", `/staff/outbox?to=${encodeURIComponent(newcomer.email)}`, "/staff/emails"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(/We couldn't find that/)).toBeVisible();
    await expect(page.getByRole("heading", { name: /All emails|Emails not delivered/ })).toHaveCount(0);
  }

  // Staff, in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logIn(staff, STAFF);
  await expect(async () => {
    await staff.goto(`/staff/outbox?to=${encodeURIComponent(newcomer.email)}`);
    await expect(staff.getByRole("link", { name: "Verify your email for Ticketyboo" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(staff.getByRole("heading", { level: 1, name: "All emails" })).toBeVisible();
  await expectAccessible(staff);
  await staff.getByRole("link", { name: "Verify your email for Ticketyboo" }).click();
  await staff.waitForURL(/\/staff\/outbox\/[0-9a-f-]{36}$/);
  const messagePath = new URL(staff.url()).pathname;
  await expect(staff.getByRole("heading", { level: 1, name: "Verify your email for Ticketyboo" })).toBeVisible();
  await expect(staff.getByText(newcomer.email)).toBeVisible();
  // The HTML as sent, sandboxed: no scripts, forms or navigation from inside the email.
  const html = staff.getByTitle("HTML of “Verify your email for Ticketyboo”");
  await expect(html).toHaveAttribute("sandbox", "");
  await expect(staff.getByRole("region", { name: "Plain text" })).toContainText("Nia");
  const verify = staff
    .getByRole("region", { name: "Links in this email" })
    .getByRole("link", { name: "Verify my email" })
    .first();
  const href = await verify.getAttribute("href");
  expect(href).toContain("/api/auth/verify-email");
  await expectAccessible(staff);
  await staffContext.close();

  // Nobody else reads one email either: not the buyer, not a stranger signed out.
  for (const who of ["newcomer", "buyer", "signed out"] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    if (who === "buyer") await signIn(other, DEMO.buyer);
    if (who === "newcomer") await signIn(other, newcomer);
    for (const path of [messagePath, `${messagePath}/attachment/0`]) {
      const res = await other.goto(path);
      expect(res?.status(), `${who}: ${path}`).toBe(404);
    }
    await expect(other.getByText("Verify my email")).toHaveCount(0);
    await context.close();
  }

  // The newcomer follows the link staff read out, and is verified.
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
});

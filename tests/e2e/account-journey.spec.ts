import sharp from "sharp";
import { acceptNecessaryOnly, BASE_URL, expect, expectAccessible, test } from "./fixtures";
import { followEmailLink, logInAs, solveRobotCheck } from "./account-helpers";

/**
 * One person's whole life with an account, in the order a real person would go: sign up, verify,
 * sign out and in, forget the password, change it, change email, add a photo, set preferences,
 * and leave. Each step checks what the person sees, and axe checks every page on the way.
 */
// The outbox shows each email in a sandboxed iframe (no scripts); Chromium logs that it refused
// the browser automation's own helper script there. The email page itself logs nothing.
// A refused form is answered with the error table's status (422), which the browser logs.
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|status of 422 \(Unprocessable Entity\)/] });

test.describe("an account from sign-up to deletion", () => {
  // One person, step by step: each test starts where the last one left the account.
  test.describe.configure({ mode: "serial" });
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const person = {
    firstName: "Jo",
    lastName: "Journey",
    email: `jo.${stamp}@example.com`,
    newEmail: `jo.new.${stamp}@example.com`,
  };
  let password = "river-lantern-42";

  test.beforeEach(async ({ page }) => {
    await acceptNecessaryOnly(page);
  });

  test("signs up with the robot check solved, and the verification email arrives", async ({ page }) => {
    await page.goto("/sign-up");
    await expectAccessible(page);
    await page.getByText("Go to events").click();
    await page.getByLabel("First name").fill(person.firstName);
    await page.getByLabel("Last name").fill(person.lastName);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill("not-the-same-one");
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Nothing is sent until every field is right, and each problem is named where it is.
    await expect(page.getByText("passwords do not match, please check and try again")).toBeVisible();
    await expect(page.getByText("You need to agree to our terms to use Ticketyboo")).toBeVisible();
    await expect(page.getByText("Please verify you are not a robot!")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(person.email);
    await expectAccessible(page);

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
    await solveRobotCheck(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL("**/u/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(person.firstName);
    await expect(page.getByText("Please verify your email.")).toBeVisible();
    await expectAccessible(page);

    await followEmailLink(page, person.email, "Verify your email for Ticketyboo", "Verify my email");
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await expect(page.getByText("Please verify your email.")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the same email cannot sign up twice", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Another");
    await page.getByLabel("Last name").fill("Person");
    await page.getByLabel("Email").fill(person.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("a-different-secret-7");
    await page.getByLabel("Confirm password").fill("a-different-secret-7");
    await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
    await solveRobotCheck(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("This email is already in use. Try Forget Password to regain access.")).toBeVisible();
  });

  test("signs out after confirming, then signs back in", async ({ page }) => {
    await logInAs(page, person.email, password);
    await page.goto("/log-out");
    await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to log out?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // Signed out, the address opened again from outside the site asks to log in first.
    await page.goto("/u/dashboard");
    await page.waitForURL((url) => url.pathname === "/log-in" && url.searchParams.get("redirect") === "/u/dashboard");

    await page.goto("/log-in");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Invalid login credentials")).toBeVisible();
    await logInAs(page, person.email, password);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(person.firstName);
  });

  test("resets a forgotten password from the emailed link", async ({ page }) => {
    await page.goto("/forgot-password");
    await expectAccessible(page);
    await page.getByLabel("Email").fill(person.email);
    await solveRobotCheck(page);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    await followEmailLink(page, person.email, "Reset your Ticketyboo password", /Choose a new password|Reset/);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);
    const link = page.url();
    password = "meadow-compass-81";
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm new password").fill(password);
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/log-in**");
    // The link used, opened again: said at once, with no form to fill in first.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Send me a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto("/log-in");

    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("river-lantern-42");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Invalid login credentials")).toBeVisible();
    await logInAs(page, person.email, password);
  });

  test("changes the password, refusing a wrong current one", async ({ page }) => {
    await logInAs(page, person.email, password);
    await page.goto("/u/settings/security");
    await expectAccessible(page);
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password", { exact: true }).fill("harbour-violet-19");
    await form.getByLabel("Confirm new password").fill("harbour-violet-19");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Old password is Incorrect")).toBeVisible();

    await form.getByLabel("Current password").fill(password);
    await form.getByLabel("New password", { exact: true }).fill("harbour-violet-19");
    await form.getByLabel("Confirm new password").fill("harbour-violet-19");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed.").first()).toBeVisible();
    password = "harbour-violet-19";
  });

  test("changes email, which takes effect once the new address is confirmed", async ({ page }) => {
    await logInAs(page, person.email, password);
    await page.goto("/u/settings/security");
    const form = page.getByRole("form", { name: "Email address" });
    await form.getByLabel("New email").fill(person.newEmail);
    await form.getByLabel("Your password").fill(password);
    await form.getByRole("button", { name: "Change email" }).click();
    await expect(
      page.getByText(new RegExp(`sent a link to ${person.newEmail.replace(/[.+]/g, "\\$&")}`, "i")).first(),
    ).toBeVisible();

    // Opened in a browser where nobody is signed in (another device, or someone else), the link asks for the
    // account's password before it changes anything.
    await page.context().clearCookies({ name: "tb.session_token" });
    await followEmailLink(page, person.newEmail, "Confirm your new email address", "Confirm my new email");
    await expect(page).toHaveURL(/\/log-in\?redirect=/);
    await expect(page.getByText("Log in to confirm your new email address")).toBeVisible();
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await page.goto("/u/settings/security");
    await expect(page.getByRole("region", { name: "Email address" })).toContainText(
      `Currently ${person.newEmail} (verified)`,
    );
    // The old address is told, with a way to change it back.
    await expect(async () => {
      await page.goto(`/dev/outbox?to=${encodeURIComponent(person.email)}`);
      await expect(page.getByRole("link", { name: "The email on your Ticketyboo account was changed" })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await page.goto("/log-out");
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await logInAs(page, person.newEmail, password);
  });

  test("uploads a profile photo and saves the profile", async ({ page }) => {
    await logInAs(page, person.newEmail, password);
    await page.goto("/u/settings/profile");
    await expectAccessible(page);
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 230, g: 30, b: 110 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel(/Choose photo|Replace photo/)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
    await page.getByLabel("Bio").fill("Pub quizzes and basement gigs.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile updated").first()).toBeVisible();

    // The stored photo is ours: a re-encoded square served from our own media path.
    const img = page.getByRole("img", { name: "Your photo" });
    await expect(img).toHaveAttribute("src", /\/media\//);
    const src = (await img.getAttribute("src"))!;
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    const meta = await sharp(await response.body()).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(meta.height);

    await page.reload();
    await expect(page.getByLabel("Bio")).toHaveValue("Pub quizzes and basement gigs.");
  });

  test("sets email preferences", async ({ page }) => {
    await logInAs(page, person.newEmail, password);
    await page.goto("/u/marketing-permissions");
    await expectAccessible(page);
    const picks = page.getByRole("checkbox", { name: "Ticketyboo news and event picks" });
    const venues = page.getByRole("checkbox", { name: "News from venues" });
    await expect(picks).not.toBeChecked();
    await picks.check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.reload();
    await expect(picks).toBeChecked();
    await expect(venues).not.toBeChecked();
  });

  test("downloads their data, then deletes the account after confirming the password", async ({ page }) => {
    await logInAs(page, person.newEmail, password);
    const download = await page.request.get("/u/settings/download-data");
    expect(download.status()).toBe(200);
    const data = (await download.json()) as { profile?: { email?: string } };
    expect(JSON.stringify(data)).toContain(person.newEmail);

    await page.goto("/u/delete-account", { waitUntil: "networkidle" });
    await expectAccessible(page);
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Incorrect password")).toBeVisible();

    // Cancel in the dialog keeps everything as it was.
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/u\/delete-account$/);

    await page.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByText("Your account has been deleted. Thanks for booking with Ticketyboo.")).toBeVisible();

    await page.goto("/log-in");
    await page.getByLabel("Email").fill(person.newEmail);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Invalid login credentials")).toBeVisible();
  });
});

test.describe("the email verification banner", () => {
  test("resending is blocked for 5 minutes with the time of the next send, and Not Now hides it for good", async ({
    page,
  }) => {
    await acceptNecessaryOnly(page);
    const email = `banner.${Date.now().toString(36)}@example.com`;
    await page.goto("/sign-up");
    await page.getByText("Go to events").click();
    await page.getByLabel("First name").fill("Ben");
    await page.getByLabel("Last name").fill("Banner");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("lantern-meadow-63");
    await page.getByLabel("Confirm password").fill("lantern-meadow-63");
    await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
    await solveRobotCheck(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL("**/u/dashboard");

    const banner = page.getByRole("region", { name: "Verify your email" });
    await expect(banner).toContainText("Please verify your email.");
    await expectAccessible(page);
    // Sign-up has just sent one, so a resend now is refused, saying when the next one can go.
    await banner.getByRole("button", { name: "Resend Verification" }).click();
    await expect(
      page.getByText(/We've just sent you an email\. You can ask for another at \d{1,2}:\d{2}/),
    ).toBeVisible();

    const remembered = page.waitForResponse((r) => r.url().includes("/account/verify-later"));
    await banner.getByRole("button", { name: "Not Now" }).click();
    await expect(banner).toHaveCount(0);
    await remembered;
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ben");
    await expect(page.getByRole("region", { name: "Verify your email" })).toHaveCount(0);
  });
});

test("a host signing in is told hosting tools live in Partner Studio, with a link", async ({ page }) => {
  await acceptNecessaryOnly(page);
  await logInAs(page, "host@ticketyboo.test", "ticketyboo");
  const toast = page.getByText("Hosting tools now live in Partner Studio.");
  await expect(toast).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Partner Studio" })).toBeVisible();
});

test("after a stranger's wrong passwords, the owner logs in with the robot check instead of being locked out", async ({
  page,
  playwright,
}) => {
  await acceptNecessaryOnly(page);
  const email = `owner.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
  const password = "orchard-lamplight-58";
  await page.goto("/sign-up");
  await page.getByText("Go to events").click();
  await page.getByLabel("First name").fill("Olu");
  await page.getByLabel("Last name").fill("Owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("checkbox", { name: /I agree to the terms of use/ }).check();
  await solveRobotCheck(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/u/dashboard");
  await page.context().clearCookies();
  await acceptNecessaryOnly(page);

  // Someone who knows the address guesses five times, from a client of their own.
  const stranger = await playwright.request.newContext({ baseURL: BASE_URL });
  for (let i = 0; i < 5; i++) {
    const guess = await stranger.post("/api/auth/sign-in/email", { data: { email, password: `guess-${i}-wrong` } });
    expect(guess.status()).toBe(401);
  }
  await stranger.dispose();

  await page.goto("/log-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  const check = page.getByRole("group", { name: "Robot check" });
  await expect(check).toBeVisible();
  await expect(page.getByText("Please verify you are not a robot!")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectAccessible(page);

  await page.getByLabel("Password").fill(password);
  await solveRobotCheck(page);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/u/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Olu");
});

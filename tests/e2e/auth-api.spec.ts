import { expect, test } from "@playwright/test";
import { DEMO } from "./fixtures";

/**
 * The session contract over plain HTTP, as a script or another client would meet it: the cookie
 * from signing in opens the buyer's area, and wrong passwords are refused, then throttled.
 */
test.describe("POST /api/auth/sign-in/email", () => {
  test("the right password returns a session cookie that opens /u/dashboard; without it, a redirect to /", async ({
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.post("/api/auth/sign-in/email", { data: DEMO.buyer });
    expect(response.status()).toBe(200);
    const setCookie = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    const session = setCookie.find((c) => /session_token=/.test(c));
    expect(session, "a session cookie").toBeTruthy();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    const dashboard = await api.get("/u/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.text()).toContain("Bea");
    await api.dispose();

    const anonymous = await playwright.request.newContext({ baseURL });
    const refused = await anonymous.get("/u/dashboard", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/");
    await anonymous.dispose();
  });

  test("a wrong password gets 401 and no cookie; past 5 for the account, the robot check is asked for", async ({
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const who = { email: `nobody.${Date.now().toString(36)}@example.com`, password: "not-the-password" };
    const first = await api.post("/api/auth/sign-in/email", { data: who });
    expect(first.status()).toBe(401);
    expect(
      first.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && /session_token=[^;]/.test(h.value)),
    ).toEqual([]);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.post("/api/auth/sign-in/email", { data: who })).status());
    expect(statuses).toEqual([401, 401, 401, 401, 400]);
    // Without a solved robot check the password is not even tried, so the account cannot be locked.
    const asked = await api.post("/api/auth/sign-in/email", { data: who });
    expect(asked.status()).toBe(400);
    expect(await asked.json()).toMatchObject({
      code: "ROBOT_CHECK_REQUIRED",
      message: "Please verify you are not a robot!",
    });
    await api.dispose();
  });
});

test("better-auth endpoints our forms do not use answer 404", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  await api.post("/api/auth/sign-in/email", { data: DEMO.buyer });
  for (const path of [
    "/api/auth/delete-user",
    "/api/auth/verify-password",
    "/api/auth/update-session",
    "/api/auth/unlink-account",
  ]) {
    expect(
      (await api.post(path, { data: { password: DEMO.buyer.password }, headers: { Origin: baseURL! } })).status(),
      path,
    ).toBe(404);
  }
  expect(
    (await api.post("/api/auth/update-user", { data: { userType: "host" }, headers: { Origin: baseURL! } })).status(),
  ).toBe(400);
  await api.dispose();
});

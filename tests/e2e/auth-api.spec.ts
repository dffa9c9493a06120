import { expect, test } from "@playwright/test";
import { DEMO } from "./fixtures";

/**
 * The session contract over plain HTTP, as a script or another client would meet it: the cookie
 * from signing in opens the buyer's area, and wrong passwords are refused, then throttled.
 */
test.describe("POST /api/auth/sign-in/email", () => {
  test("the right password returns a session cookie that opens /u/dashboard; without it, a redirect to /", async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.post("/api/auth/sign-in/email", { data: DEMO.buyer });
    expect(response.status()).toBe(200);
    const setCookie = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
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

  test("a wrong password is refused with 401 and no cookie; repeated wrong passwords get 429", async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const who = { email: `nobody.${Date.now().toString(36)}@example.com`, password: "not-the-password" };
    const first = await api.post("/api/auth/sign-in/email", { data: who });
    expect(first.status()).toBe(401);
    expect(first.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && /session_token=[^;]/.test(h.value))).toEqual([]);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.post("/api/auth/sign-in/email", { data: who })).status());
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    const throttled = await api.post("/api/auth/sign-in/email", { data: who });
    expect(throttled.status()).toBe(429);
    expect(JSON.stringify(await throttled.json())).toContain("Please try again in a few minutes!");
    await api.dispose();
  });
});

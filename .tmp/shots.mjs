import { chromium } from "playwright-core";
const BASE = "http://localhost:3000";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const consent = { name: "tb_consent", value: encodeURIComponent(JSON.stringify({ necessary: true, performance: false, statistics: false, savedAt: "2026-01-01T00:00:00Z" })), url: BASE };
for (const [w, label] of [[390, "phone"], [1280, "desk"]]) for (const scheme of ["light", "dark"]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 850 }, colorScheme: scheme, baseURL: BASE });
  await ctx.addCookies([consent]);
  const page = await ctx.newPage();
  await page.request.post("/api/auth/sign-in/email", { data: { email: "buyer@ticketyboo.test", password: "ticketyboo" }, headers: { Origin: BASE } });
  await page.goto("/orders/TB-NOPE1234");
  await page.screenshot({ path: `/tmp/shots/r-404-${label}-${scheme}.png` });
  await page.goto("/u/tickets");
  const links = await page.locator('a[href^="/u/tickets/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  await page.goto(links[0]);
  await page.waitForFunction(async () => Boolean(navigator.serviceWorker.controller) && Boolean(await caches.match(location.href, { ignoreVary: true })), null, { timeout: 15000 });
  await ctx.setOffline(true);
  const r = await page.goto(links.find((l) => l !== links[0])).catch((e) => String(e)); console.log(typeof r === "string" ? r : r?.status()); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/r-offline-${label}-${scheme}.png` });
  await ctx.setOffline(false);
  await ctx.close();
}
await browser.close();

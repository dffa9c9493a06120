// The buyer's path at 320, 375 and 1280 px in both themes, for review and docs/screenshots:
// home, an event (not seated, then seated, then its plan with seats chosen), checkout, My Tickets
// and My Orders, signed in as the demo buyer, with the demo notice dismissed. Each shot is what the
// first screen shows; the short pages (checkout, tickets, orders) are shot whole, in a window as tall
// as the page (up to 2,400 px) so fixed bars sit where a person sees them.
// Usage: start the app (npm start), then: npx tsx scripts/screenshots-buyer.ts [baseUrl] [outDir]
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { screenshotContext } from "./lib/screenshot-context";

const [baseUrl = "http://localhost:3000", outDir = "docs/screenshots"] = process.argv.slice(2);
const EVENT = "Getting Your First Gig: Promoters' Q&A";
const SEATED = "Cult Classics on the Big Screen";
const CHECKOUT = "Couch to 10k Community Run";
const widths = [
  { name: "320", width: 320, height: 720 },
  { name: "375", width: 375, height: 812 },
  { name: "1280", width: 1280, height: 900 },
];

/** Signs in as the demo buyer. */
async function logIn(page: Page) {
  await page.goto(new URL("/log-in", baseUrl).href);
  await page.getByLabel("Email").fill("buyer@ticketyboo.test");
  await page.getByLabel("Password").fill("ticketyboo");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/u/dashboard");
}

/** An event's path, found by name through the search API (slugs carry a hash). */
async function eventPath(page: Page, name: string): Promise<string> {
  const res = await page.request.get(new URL(`/api/search?q=${encodeURIComponent(name)}&limit=10`, baseUrl).href);
  const found = ((await res.json()) as { results: { name: string; url: string }[] }).results.find(
    (r) => r.name === name,
  );
  if (!found) throw new Error(`The demo event "${name}" is not in search.`);
  return found.url;
}

/**
 * Holds one ticket of the event through the holds API, as the panel's Checkout does; the checkout
 * page's path. Once a run: every width and theme shows the same checkout (the hold lasts ten minutes).
 */
let held: Promise<string> | null = null;
function holdOne(page: Page, eventPathname: string): Promise<string> {
  held ??= hold(page, eventPathname);
  return held;
}

async function hold(page: Page, eventPathname: string): Promise<string> {
  await page.goto(new URL(eventPathname, baseUrl).href, { waitUntil: "networkidle" });
  const name = await page.getByRole("form", { name: "Tickets" }).getByRole("spinbutton").first().getAttribute("name");
  const slug = eventPathname.split("/").pop()!;
  const res = await page.request.post(new URL(`/api/events/${slug}/holds`, baseUrl).href, {
    form: { [name!]: "1", key: crypto.randomUUID() },
    headers: { Origin: new URL(baseUrl).origin },
  });
  if (res.status() !== 201) throw new Error(`Holding a ticket: ${res.status()} ${await res.text()}`);
  return `/checkout/${((await res.json()) as { holdId: string }).holdId}`;
}

/** Two stalls tickets and their seats on the seat plan, with the tickets panel in view. */
async function chooseSeats(page: Page) {
  const panel = page.getByRole("form", { name: "Tickets" });
  await panel.getByRole("button", { name: "One more Stalls" }).click();
  await panel.getByRole("button", { name: "One more Stalls" }).click();
  const free = panel
    .getByRole("grid", { name: "Seat plan" })
    .getByRole("button", { name: /^Stalls, row F, seat \d+$/ });
  await free.nth(0).click();
  await free.nth(1).click();
  await panel.getByText(/2 of 2 chosen/).waitFor();
  await panel.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.waitForTimeout(300);
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const theme of ["light", "dark"] as const) {
    for (const size of widths) {
      const context = await screenshotContext(browser, { baseUrl, theme, width: size.width, height: size.height });
      const page = await context.newPage();
      await logIn(page);
      await page.getByRole("button", { name: "Got it" }).click();
      const seated = await eventPath(page, SEATED);
      const shots: { label: string; path: () => Promise<string>; whole?: true; then?: () => Promise<void> }[] = [
        { label: "home", path: async () => "/" },
        { label: "event", path: () => eventPath(page, EVENT) },
        { label: "event-seated", path: async () => seated },
        { label: "event-seated-plan", path: async () => seated, then: () => chooseSeats(page) },
        { label: "checkout", path: async () => holdOne(page, await eventPath(page, CHECKOUT)), whole: true },
        { label: "my-tickets", path: async () => "/u/tickets", whole: true },
        { label: "my-orders", path: async () => "/u/orders", whole: true },
      ];
      for (const shot of shots) {
        await page.goto(new URL(await shot.path(), baseUrl).href, { waitUntil: "networkidle" });
        await shot.then?.();
        if (shot.whole) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width: size.width, height: Math.min(height, 2400) });
          await page.waitForTimeout(300);
        }
        const file = path.join(outDir, `${shot.label}-${size.name}-${theme}.png`);
        // A 256-colour palette keeps each file about a quarter of the size, with no visible change.
        await sharp(await page.screenshot())
          .png({ palette: true, effort: 8 })
          .toFile(file);
        await page.setViewportSize({ width: size.width, height: size.height });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  // The hold goes back, as 'Cancel and release tickets' does, so the demo buyer's limit is untouched.
  if (held) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto(new URL(await held, baseUrl).href);
    await page.getByRole("button", { name: "Cancel and release tickets" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/checkout/"));
  }
  await browser.close();
}

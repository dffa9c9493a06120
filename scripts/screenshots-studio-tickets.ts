// The event editor's tickets and survey views and the discount pages, at 375 and 1280 px in both
// themes, signed in as the demo host, on an event made for the run (with a sale, a discount limited
// to it and a question). Each page is shot whole, in a window as tall as the page (up to 4,000 px).
// Usage: start the app with dev routes (ENABLE_DEV_ROUTES=true npm start), then:
//   npx tsx scripts/screenshots-studio-tickets.ts [baseUrl] [outDir]
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { screenshotContext } from "./lib/screenshot-context";

const [baseUrl = "http://localhost:3000", outDir = "/tmp/studio-tickets-shots"] = process.argv.slice(2);
const origin = new URL(baseUrl).origin;

async function signIn(page: Page) {
  const res = await page.request.post(new URL("/api/auth/sign-in/email", baseUrl).href, {
    data: { email: "host@ticketyboo.test", password: "ticketyboo" },
    headers: { Origin: origin },
  });
  if (!res.ok()) throw new Error(`Signing in answered ${res.status()}`);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const setup = await screenshotContext(browser, { baseUrl, theme: "light", width: 1280, height: 900 });
  const page = await setup.newPage();
  const made = await page.request.post(new URL("/dev/scenarios/event", baseUrl).href, {
    data: {
      name: "Screenshot Supper Club",
      capacity: 40,
      pricePence: 1500,
      ticketTypes: 3,
      soldTo: "buyer@ticketyboo.test",
    },
    headers: { Origin: origin },
  });
  const { eventId } = (await made.json()) as { eventId: string };
  await signIn(page);
  const tickets = `/h/events/${eventId}/edit/tickets`;
  const survey = `/h/events/${eventId}/edit/survey`;
  await page.goto(new URL(survey, baseUrl).href);
  const add = page.getByRole("form", { name: "Add a question" });
  await add.getByLabel("Question").fill("Any dietary needs?");
  await add.getByLabel("One of the options below").check();
  await add.getByLabel(/Options/).fill("None\nVegetarian\nVegan");
  await add.getByRole("button", { name: "Add question" }).click();
  await page.getByRole("heading", { name: "Any dietary needs?" }).waitFor();
  await setup.close();

  const pages = [
    { name: "tickets", url: tickets, open: true },
    { name: "survey", url: survey },
    { name: "discounts", url: "/h/discounts" },
    { name: "discount-new", url: `/h/discounts/new?event=${eventId}` },
  ];
  for (const width of [375, 1280])
    for (const theme of ["light", "dark"] as const) {
      const context = await screenshotContext(browser, { baseUrl, theme, width, height: 900 });
      const shot = await context.newPage();
      await signIn(shot);
      for (const p of pages) {
        await shot.goto(new URL(p.url, baseUrl).href, { waitUntil: "networkidle" });
        // The second ticket type's edit form, open.
        if (p.open) await shot.locator("summary").nth(1).click();
        const height = Math.min(4000, await shot.evaluate(() => document.documentElement.scrollHeight));
        await shot.setViewportSize({ width, height });
        await shot.screenshot({ path: path.join(outDir, `${p.name}-${width}-${theme}.png`) });
        await shot.setViewportSize({ width, height: 900 });
      }
      await context.close();
    }
  await browser.close();
  console.log(`Screenshots in ${outDir}`);
}

await main();

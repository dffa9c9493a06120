// Partner Studio's venues pages at 375 and 1280 px in both themes, for review: the list, the add
// form (empty, then refused), a venue's overview, and an event page's Access block, signed in as the
// demo host. Each page is shot whole, in a window as tall as the page (up to 3,200 px).
// Usage: start the app (npm start), then: npx tsx scripts/screenshots-venues.ts [baseUrl] [outDir]
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { screenshotContext } from "./lib/screenshot-context";

const [baseUrl = "http://localhost:3000", outDir = "/tmp/venue-shots"] = process.argv.slice(2);
const widths = [
  { name: "375", width: 375, height: 812 },
  { name: "1280", width: 1280, height: 900 },
];

async function logIn(page: Page) {
  await page.goto(new URL("/log-in", baseUrl).href);
  await page.getByLabel("Email").fill("host@ticketyboo.test");
  await page.getByLabel("Password").fill("ticketyboo");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL("**/u/dashboard");
}

/** The first venue in the list's overview, and the first event there. */
async function firstVenue(page: Page): Promise<{ overview: string; event: string | null }> {
  await page.goto(new URL("/h/venues", baseUrl).href);
  const overview = await page.getByRole("list", { name: "Your venues" }).getByRole("link").first().getAttribute("href");
  await page.goto(new URL(overview!, baseUrl).href);
  const event = await page
    .getByRole("region", { name: "Events at this venue" })
    .getByRole("link")
    .first()
    .getAttribute("href")
    .catch(() => null);
  return { overview: overview!, event };
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
      const venue = await firstVenue(page);
      const shots: { label: string; path: string; then?: () => Promise<void> }[] = [
        { label: "venues", path: "/h/venues" },
        { label: "venue-add", path: "/h/venues/add" },
        {
          label: "venue-add-refused",
          path: "/h/venues/add",
          then: async () => {
            await page.getByLabel("Postcode").fill("sw1a 1a");
            await page.getByRole("button", { name: "Add venue" }).click();
            await page.getByText("Venue add failed").waitFor();
          },
        },
        { label: "venue-overview", path: venue.overview },
        ...(venue.event ? [{ label: "event-access", path: venue.event }] : []),
      ];
      for (const shot of shots) {
        await page.goto(new URL(shot.path, baseUrl).href, { waitUntil: "networkidle" });
        await shot.then?.();
        await page.waitForTimeout(500);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: size.width, height: Math.min(height, 3200) });
        await page.waitForTimeout(500);
        const file = path.join(outDir, `${shot.label}-${size.name}-${theme}.png`);
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
  await browser.close();
}

// Screenshots of key pages at phone and desktop widths in both themes, for review and the README.
// Usage: start the app (npm start), then: npx tsx scripts/screenshots.ts [baseUrl] [outDir] [paths…]
// Set AS=buyer@ticketyboo.test (a demo account; password ticketyboo) to take them signed in,
// and FULL=1 for whole-page shots.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { screenshotContext } from "./lib/screenshot-context";

const [baseUrl = "http://localhost:3000", outDir = "docs/screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/404", "/?zen=1", "/grid-overlay"];
const widths = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const theme of ["light", "dark"] as const) {
    for (const size of widths) {
      const context = await screenshotContext(browser, { baseUrl, theme, width: size.width, height: size.height });
      const page = await context.newPage();
      if (process.env.AS) {
        await page.goto(new URL("/log-in", baseUrl).toString());
        await page.getByLabel("Email").fill(process.env.AS);
        await page.getByLabel("Password").fill(process.env.PASSWORD ?? "ticketyboo");
        await page.getByRole("button", { name: "Log In" }).click();
        await page.waitForURL("**/u/dashboard");
      }
      for (const p of pages) {
        await page.goto(new URL(p, baseUrl).toString(), { waitUntil: "networkidle" });
        const slug =
          p === "/"
            ? "home"
            : p
                .replace(/^\//, "")
                .replace(/[^a-z0-9]+/gi, "-")
                .replace(/-+$/, "");
        const file = path.join(outDir, `${slug}-${size.name}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}

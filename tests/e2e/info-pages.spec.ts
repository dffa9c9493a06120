import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { ACTIVE_PROVIDER_FEE } from "../../src/domain/money";
import { priceOrder } from "../../src/domain/pricing";
import { formatMoney } from "../../src/lib/format";
import { acceptNecessaryOnly, expect, test, untilHydrated } from "./fixtures";

const CONTENT = path.resolve(import.meta.dirname, "../../content/pages");
const markdownPages = fs
  .readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
  .map((file) => file.replaceAll("\\", "/"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => {
    const { data } = matter(fs.readFileSync(path.join(CONTENT, file), "utf8"));
    const title = String(data.title);
    return { path: `/${file.slice(0, -".md".length)}`, h1: title, title: `${title} · Ticketyboo` };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

/** The few entities React writes in text and attributes. */
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

test("the information pages as served, their contents and links, and the pricing calculator", async ({ page }) => {
  test.setTimeout(120_000);
  await acceptNecessaryOnly(page);

  // Every page as the server renders it (they are whole before any script runs): its own title, a
  // description and one h1. Fetched rather than drawn, so the journey stays short; the site crawler
  // draws each and runs axe on it in both themes.
  const pages = [
    ...markdownPages,
    { path: "/pricing", h1: "Free for free events. 1% on paid orders.", title: "Pricing · Ticketyboo" },
    {
      path: "/get-the-app",
      h1: "Ticketyboo on your home screen, no app store needed",
      title: "Get the app · Ticketyboo",
    },
  ];
  expect(pages.length).toBeGreaterThanOrEqual(18);
  for (const info of pages) {
    const response = await page.request.get(info.path);
    expect(response.status(), info.path).toBe(200);
    const html = await response.text();
    expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""), info.path).toBe(info.title);
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
    expect(description.length, `${info.path} description`).toBeGreaterThan(20);
    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]*>/g, "")));
    expect(h1s, `${info.path} h1`).toEqual([info.h1]);
  }

  // A long page's contents lead to its sections; the footer moves between pages in the browser.
  await page.goto("/faqs");
  await expect(page).toHaveTitle("Frequently asked questions · Ticketyboo");
  const contents = page.getByRole("navigation", { name: "On this page" });
  await contents.getByRole("link", { name: "Waitlists" }).click();
  await expect(page).toHaveURL(/\/faqs#waitlists$/);
  await expect(page.getByRole("heading", { level: 2, name: "Waitlists" })).toBeInViewport();
  await page.getByRole("contentinfo").getByRole("link", { name: "Sell online" }).click();
  await expect(page).toHaveURL(/\/hosting\/sell-online$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Sell tickets online, at prices your guests can trust",
  );
  await expect(page).toHaveTitle("Sell tickets online, at prices your guests can trust · Ticketyboo");
  await page.getByRole("link", { name: "pricing page" }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // The calculator: checkout's own price function, as people type (once the page runs: the links
  // above work without scripts, so this may be a fresh page whose fields React would reset).
  await untilHydrated(page);
  const calculator = page.getByRole("region", { name: "Fee calculator" });
  const figure = (label: string) => calculator.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
  const gbp = (pence: number) => formatMoney(pence, "GBP");
  const order = (feeMode: "pass" | "absorb") =>
    priceOrder([{ quantity: 3, unitPricePence: 799 }], { feeMode, fee: ACTIVE_PROVIDER_FEE });
  await calculator.getByLabel("Ticket price (£)").fill("7.99");
  await calculator.getByLabel("Number of tickets").fill("3");
  await expect(figure("The buyer pays")).toHaveText(gbp(order("pass").totalPence));
  await expect(figure("Booking fee in that")).toHaveText(gbp(order("pass").bookingFeePence));
  await expect(figure("You receive")).toHaveText(gbp(order("pass").hostPence));
  await calculator.getByRole("radio", { name: /I absorb it/ }).check();
  await expect(figure("The buyer pays")).toHaveText(gbp(order("absorb").totalPence));
  await expect(figure("Booking fee in that")).toHaveText("None");
  await expect(figure("You receive")).toHaveText(gbp(order("absorb").hostPence));
  await calculator.getByLabel("Number of tickets").fill("0");
  await expect(calculator.getByText("Number of tickets: enter a whole number from 1 to 100.")).toBeVisible();
  await expect(calculator.getByLabel("Number of tickets")).toHaveAttribute("aria-invalid", "true");
  await calculator.getByLabel("Currency").selectOption("EUR");
  await calculator.getByLabel("Number of tickets").fill("3");
  await expect(calculator.getByLabel("Ticket price (€)")).toHaveValue("7.99");
  await expect(figure("You receive")).toHaveText(formatMoney(order("absorb").hostPence, "EUR"));

  // Without JavaScript the address carries the figures and the server works them out.
  const html = await (await page.request.get("/pricing?price=7.99&quantity=3&feeMode=absorb")).text();
  expect(html).toContain(gbp(order("absorb").hostPence));
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { contentPost } from "~/db/schema";
import { listInfoPages } from "~/lib/info-pages.server";
import { CATEGORIES, EVENT_TYPES } from "~/domain/categories";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const days = (d: number) => new Date(Date.now() + d * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database, { PUBLIC_URL: "https://tickets.example" });
  const host = await createHost(database.db);
  const make = (slug: string, fields: Record<string, unknown> = {}) =>
    createEvent(database.db, { hostId: host.id, startsAt: days(3), slug, ...fields });
  await make("public-gig");
  await make("last-year-gig", { startsAt: days(-365) });
  await make("private-gig", { isPrivate: true });
  await make("draft-gig", { status: "draft" });
  await make("archived-gig", { status: "archived" });
  await make("unpublished-gig", { status: "unpublished" });
  await make("cancelled-gig", { isCancelled: true });
  await createHost(database.db, { username: "crowncollective" });
  await createHost(database.db, { username: "gonehost", deletedAt: new Date() });
  await createHost(database.db, { username: "justbuying", userType: "buyer" });
  await database.db.insert(contentPost).values([
    { kind: "blog", slug: "open-mic-season", title: "Open mic season", status: "published", publishedAt: days(-2) },
    { kind: "help", slug: "refunds", title: "Refunds", status: "published", publishedAt: days(-2) },
    { kind: "guide", slug: "still-a-draft", title: "Still a draft" },
  ]);
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

describe("GET /sitemap.xml", () => {
  it("lists every public event at any date; no private, draft, archived, unpublished or cancelled one", async () => {
    const res = await testApp.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const events = locs.filter(
      (l) => l.includes("/events/") && !l.includes("/events/category/") && !l.includes("/events/type/"),
    );
    expect(events.sort()).toEqual([
      "https://tickets.example/events/last-year-gig",
      "https://tickets.example/events/public-gig",
    ]);
    expect(locs).toContain("https://tickets.example/");
    expect(locs).toContain("https://tickets.example/site-map");
    expect(locs.filter((l) => l.includes("/events/category/"))).toHaveLength(CATEGORIES.length);
    expect(locs.filter((l) => l.includes("/events/type/"))).toHaveLength(EVENT_TYPES.length);
    const publicGig = String.raw`<url><loc>https://tickets\.example/events/public-gig</loc>`;
    expect(xml).toMatch(new RegExp(publicGig + String.raw`<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z</lastmod></url>`));
  });

  it("lists the information and legal pages, each with the day it was last updated", async () => {
    const xml = await (await testApp.app.request("/sitemap.xml")).text();
    for (const page of ["/pricing", "/get-the-app", "/faqs", "/hosting/sell-online", "/legal/privacy-policy"])
      expect(xml, page).toContain(`<loc>https://tickets.example${page}</loc>`);
    const about = listInfoPages().find((p) => p.path === "about");
    expect(about?.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(xml).toContain(
      `<url><loc>https://tickets.example/about</loc><lastmod>${about?.updated}T00:00:00.000Z</lastmod></url>`,
    );
  });

  it("lists hosts' pages, published posts and the lists of posts; no draft, buyer or deleted host", async () => {
    const xml = await (await testApp.app.request("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>https:\/\/tickets\.example([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of ["/crowncollective", "/blogs/open-mic-season", "/help/refunds"])
      expect(locs, path).toContain(path);
    for (const path of ["/blogs", "/guides", "/case-studies", "/news-center", "/help", "/contact", "/submit-an-event"])
      expect(locs, path).toContain(path);
    for (const path of ["/gonehost", "/justbuying", "/guides/still-a-draft"]) expect(locs, path).not.toContain(path);
    expect(xml).toMatch(/<loc>https:\/\/tickets\.example\/crowncollective<\/loc><lastmod>[\d-]+T[\d:.]+Z<\/lastmod>/);
  });
});

describe("GET /robots.txt", () => {
  it("keeps private areas out and names the sitemap", async () => {
    const text = await (await testApp.app.request("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    for (const path of ["/u/", "/h/", "/admin", "/api/", "/dev/", "/staff/", "/hosts/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    // The host landing page is not under /hosts/.
    expect(text).not.toContain("Disallow: /hosts\n");
    expect(text).toContain("Sitemap: https://tickets.example/sitemap.xml");
  });
});

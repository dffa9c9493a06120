import { Hono } from "hono";
import type { Database } from "~/db/client.server";
import { CATEGORIES, EVENT_TYPES } from "~/domain/categories";
import { CONTENT_KIND_INFO } from "~/domain/content-posts";
import { listInfoPages } from "~/lib/info-pages.server";
import { listSitemapEvents, listSitemapPages } from "~/services/list-sitemap-events";

/** Pages people can find without signing in, besides events, categories, types, hosts and posts. */
const STATIC_PAGES = [
  "/",
  "/explore",
  "/site-map",
  "/legal/cookie-policy",
  "/pricing",
  "/get-the-app",
  "/contact",
  "/submit-an-event",
  // The lists of staff-written posts (each post is listed below).
  ...Object.values(CONTENT_KIND_INFO).map((kind) => kind.path),
];

/**
 * What search engines are asked to leave alone: private areas, the API, and /hosts/ (the booking
 * widget and signage, a host's own page over again, for frames and screens).
 */
const DISALLOWED = ["/u/", "/h/", "/admin", "/api/", "/dev/", "/staff/", "/log-out", "/search", "/img", "/hosts/"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** `/robots.txt` and `/sitemap.xml` for search engines. */
export function seoRoutes(opts: { database: Database; publicUrl: string }) {
  const origin = opts.publicUrl.replace(/\/$/, "");
  return new Hono()
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.text(
        [
          "User-agent: *",
          "Allow: /",
          ...DISALLOWED.map((p) => `Disallow: ${p}`),
          "",
          `Sitemap: ${origin}/sitemap.xml`,
          "",
        ].join("\n"),
      );
    })
    .get("/sitemap.xml", async (c) => {
      const [events, pages] = await Promise.all([
        listSitemapEvents(opts.database.db),
        listSitemapPages(opts.database.db),
      ]);
      const url = (path: string, lastmod?: Date) =>
        `  ` +
        `<url><loc>${escapeXml(origin + path)}</loc>` +
        `${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PAGES.map((p) => url(p)),
        // The pages written in markdown (content/pages), with the day each says it was last updated.
        ...listInfoPages().map((p) => url(`/${p.path}`, p.updated ? new Date(`${p.updated}T00:00:00Z`) : undefined)),
        ...CATEGORIES.map((cat) => url(`/events/category/${cat.slug}`)),
        ...EVENT_TYPES.map((t) => url(`/events/type/${t.slug}`)),
        ...events.map((e) => url(`/events/${e.slug}`, e.updatedAt)),
        // Hosts' booking pages and published posts.
        ...pages.map((p) => url(p.path, p.updatedAt)),
        "</urlset>",
        "",
      ].join("\n");
      c.header("Content-Type", "application/xml; charset=utf-8");
      c.header("Cache-Control", "public, max-age=300");
      return c.body(body);
    });
}

import { describe, expect, it } from "vitest";
import { featureLinks, footerColumns, HELP_ARTICLES } from "./site-links";
import { siteMapSections } from "./site-map-pages";

const listed = siteMapSections.flatMap((s) => s.links.map((l) => l.to));

describe("the site map's pages", () => {
  it("list every public page of spec §2 once", () => {
    const spec = [
      "/",
      "/explore",
      "/log-in",
      "/sign-up",
      "/forgot-password",
      "/submit-an-event",
      "/hosts",
      "/for-guests",
      "/contact",
      "/about",
      "/pricing",
      "/faqs",
      "/get-the-app",
      "/blogs",
      "/guides",
      "/case-studies",
      "/news-center",
      "/help",
      "/hosting/host-your-event",
      "/hosting/sell-online",
      "/hosting/host-responsibly",
      "/hosting/hosting-resources",
      "/hosting/event-planning",
      "/hosting/for-hosts",
      "/careers",
      "/investors",
      "/legal/privacy-policy",
      "/legal/terms-of-use",
      "/legal/billing",
      "/legal/cookie-policy",
      "/legal/badge-verification-requirements",
    ];
    expect(listed.filter((to) => !spec.includes(to)).sort()).toEqual(["/h", "/search"]);
    expect(spec.filter((to) => !listed.includes(to))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("include every page the footer, the Features menu and the help link lead to", () => {
    const elsewhere = [...footerColumns.flatMap((c) => c.links), ...featureLinks]
      .map((l) => l.to)
      .concat(HELP_ARTICLES)
      // A section of a page (the meeting form on /contact) and the site map itself need no line.
      .filter((to) => !to.includes("#") && to !== "/site-map");
    expect(elsewhere.filter((to) => !listed.includes(to))).toEqual([]);
  });
});

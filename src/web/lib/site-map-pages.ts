import { featureLinks, footerColumns, PARTNER_STUDIO, type SiteLink } from "./site-links";

/** A footer column's pages, without sections of a page (`#…`) and without the site map itself. */
const column = (heading: string): SiteLink[] =>
  (footerColumns.find((c) => c.heading === heading)?.links ?? []).filter(
    (l) => !l.to.includes("#") && l.to !== "/site-map",
  );

const sections: { id: string; heading: string; links: SiteLink[] }[] = [
  {
    id: "main",
    heading: "Main pages",
    links: [
      { label: "Home", to: "/" },
      { label: "Explore the map", to: "/explore" },
      { label: "Search", to: "/search" },
      ...column("Product").filter((l) => l.to !== PARTNER_STUDIO),
      { label: "Log in", to: "/log-in" },
      { label: "Sign up", to: "/sign-up" },
      { label: "Forgotten your password?", to: "/forgot-password" },
    ],
  },
  {
    id: "hosting",
    heading: "Hosting with Ticketyboo",
    links: [
      { label: "Partner up", to: "/hosts" },
      ...column("Hosting Events"),
      ...featureLinks,
      { label: "Partner Studio", to: PARTNER_STUDIO },
    ],
  },
  {
    id: "reading",
    heading: "Help and reading",
    links: [...column("Resources"), { label: "Case studies", to: "/case-studies" }],
  },
  { id: "company", heading: "Company", links: column("Company") },
  { id: "legal", heading: "Legal", links: column("Legal") },
];

/**
 * The site map's pages besides categories, kinds of event and events: spec §2's public routes,
 * grouped, each once (where it first appears). The footer's and the Features menu's links come from
 * site-links, so the site map keeps up with them; a test checks every page of spec §2 is here.
 */
export const siteMapSections = sections.map((section, i) => ({
  ...section,
  links: section.links.filter(
    (link, j) =>
      section.links.findIndex((l) => l.to === link.to) === j &&
      !sections.slice(0, i).some((s) => s.links.some((l) => l.to === link.to)),
  ),
}));

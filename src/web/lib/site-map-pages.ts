import type { SiteLink } from "./site-links";

/**
 * The site map's pages besides categories, kinds of event and events (spec §2's public routes),
 * grouped as spec §2 groups them. Every link of the footer and the header is here too (a test
 * checks), so the site map is the one page from which everything can be found.
 */
export const siteMapSections: { id: string; heading: string; links: SiteLink[] }[] = [
  {
    id: "main",
    heading: "Main pages",
    links: [
      { label: "Home", to: "/" },
      { label: "Explore the map", to: "/explore" },
      { label: "Search", to: "/search" },
      { label: "Submit an event", to: "/submit-an-event" },
      { label: "For guests", to: "/for-guests" },
      { label: "Get the app", to: "/get-the-app" },
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
      { label: "Pricing", to: "/pricing" },
      { label: "Host your event", to: "/hosting/host-your-event" },
      { label: "Sell online", to: "/hosting/sell-online" },
      { label: "Host responsibly", to: "/hosting/host-responsibly" },
      { label: "Hosting resources", to: "/hosting/hosting-resources" },
      { label: "Event planning", to: "/hosting/event-planning" },
      { label: "For hosts", to: "/hosting/for-hosts" },
      { label: "Partner Studio", to: "/h" },
    ],
  },
  {
    id: "reading",
    heading: "Help and reading",
    links: [
      { label: "Help articles", to: "/help" },
      { label: "FAQs", to: "/faqs" },
      { label: "Blogs", to: "/blogs" },
      { label: "Guides", to: "/guides" },
      { label: "Case studies", to: "/case-studies" },
      { label: "News centre", to: "/news-center" },
    ],
  },
  {
    id: "company",
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Careers", to: "/careers" },
      { label: "Investors", to: "/investors" },
    ],
  },
  {
    id: "legal",
    heading: "Legal",
    links: [
      { label: "Privacy policy", to: "/legal/privacy-policy" },
      { label: "Terms of use", to: "/legal/terms-of-use" },
      { label: "Billing", to: "/legal/billing" },
      { label: "Cookie policy", to: "/legal/cookie-policy" },
      { label: "Badge verification requirements", to: "/legal/badge-verification-requirements" },
    ],
  },
];

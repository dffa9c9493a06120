/**
 * The shell's links in one place. "The partners site" of the spec is Partner Studio, the /h/* area
 * of this app; support and help are our own pages.
 */
export interface SiteLink {
  label: string;
  to: string;
  description?: string;
}

/** Partner Studio's front door: it sends each role to its first page. */
export const PARTNER_STUDIO = "/h";
export const BECOME_A_PARTNER = "/h/onboarding";
/**
 * The profile menu's Studio link: 'Partners Studio' for hosts and the members of their teams,
 * 'Become a Partner' (onboarding) for others.
 */
export const studioLinkFor = (inStudio: boolean) =>
  inStudio ? { to: PARTNER_STUDIO, label: "Partners Studio" } : { to: BECOME_A_PARTNER, label: "Become a Partner" };
export const HELP_ARTICLES = "/help";
export const chatSupport = (signedIn: boolean) => (signedIn ? "/u/customer-support" : "/contact");

export const featureLinks: SiteLink[] = [
  { label: "Ticketing", to: "/hosting/sell-online", description: "Sell tickets with honest all-in prices" },
  {
    label: "Attendee management",
    to: "/hosting/host-your-event",
    description: "Guest lists, door scanning, waitlists",
  },
  { label: "Growth & marketing", to: "/hosting/event-planning", description: "Reach your crowd and grow it" },
  { label: "Pricing", to: "/pricing", description: "Free for free events, low fees for paid" },
];

export const footerColumns: { heading: string; links: SiteLink[] }[] = [
  {
    heading: "Hosting Events",
    links: [
      { label: "Host your event", to: "/hosting/host-your-event" },
      { label: "Sell online", to: "/hosting/sell-online" },
      { label: "Host responsibly", to: "/hosting/host-responsibly" },
      { label: "Hosting resources", to: "/hosting/hosting-resources" },
      { label: "Event planning", to: "/hosting/event-planning" },
      { label: "For hosts", to: "/hosting/for-hosts" },
    ],
  },
  { heading: "Features", links: featureLinks },
  {
    heading: "Product",
    links: [
      { label: "Explore events", to: "/explore" },
      { label: "For guests", to: "/for-guests" },
      { label: "Submit an event", to: "/submit-an-event" },
      { label: "Get the app", to: "/get-the-app" },
      { label: "Partner Studio", to: PARTNER_STUDIO },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Careers", to: "/careers" },
      { label: "Investors", to: "/investors" },
      { label: "News centre", to: "/news-center" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Blogs", to: "/blogs" },
      { label: "FAQs", to: "/faqs" },
      { label: "Sitemap", to: "/site-map" },
      { label: "Schedule a meeting", to: "/contact#schedule-a-meeting" },
      { label: "Guides", to: "/guides" },
      { label: "Help", to: HELP_ARTICLES },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy policy", to: "/legal/privacy-policy" },
      { label: "Terms of use", to: "/legal/terms-of-use" },
      { label: "Billing", to: "/legal/billing" },
      { label: "Cookie policy", to: "/legal/cookie-policy" },
      { label: "Badge verification", to: "/legal/badge-verification-requirements" },
    ],
  },
];

export const socialLinks = [
  { label: "Ticketyboo on Instagram", href: "https://www.instagram.com/ticketyboo", icon: "instagram" },
  { label: "Ticketyboo on Facebook", href: "https://www.facebook.com/ticketyboo", icon: "facebook" },
  { label: "Ticketyboo on TikTok", href: "https://www.tiktok.com/@ticketyboo", icon: "tiktok" },
  { label: "Ticketyboo on YouTube", href: "https://www.youtube.com/@ticketyboo", icon: "youtube" },
] as const;

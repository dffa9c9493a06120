/**
 * The staff console's sections, in the order its navigation shows them. Each is a page under
 * `/admin`; every action taken on one is written to the audit log.
 */
export interface AdminSection {
  to: string;
  label: string;
  description: string;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { to: "/admin/alerts", label: "Alerts", description: "Banners and full-page notices every visitor sees once." },
  { to: "/admin/feature-flags", label: "Feature flags", description: "Turn features on and off; public or private." },
  {
    to: "/admin/feedback",
    label: "Feedback",
    description: "Feedback, bug reports and support requests from signed-in people.",
  },
  { to: "/admin/contact-messages", label: "Contact messages", description: "Messages from the contact form." },
  { to: "/admin/submitted-events", label: "Submitted events", description: "Events visitors suggested by link." },
  { to: "/admin/badges", label: "Verified badges", description: "Grant or remove hosts' verified badges." },
  { to: "/admin/audit-log", label: "Audit log", description: "Every action staff have taken here, newest first." },
  {
    to: "/admin/content",
    label: "Blogs & help",
    description: "Write and publish blog posts, guides, case studies, news and help articles.",
  },
  {
    to: "/staff/outbox",
    label: "Email outbox",
    description: "Every email Ticketyboo has stored: queued, sent and failed.",
  },
  {
    to: "/staff/emails",
    label: "Emails not delivered",
    description: "Emails still retrying, and those that gave up: send them again.",
  },
];

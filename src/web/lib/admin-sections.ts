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
];

import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The pages written in markdown (content/README.md): each file under content/pages is a page at its
 * own path ("hosting/sell-online.md" is /hosting/sell-online), with a route id of its own.
 */
const CONTENT_PAGES = fileURLToPath(new URL("../../content/pages/", import.meta.url));
const INFO_PAGE_ROUTES = fs
  .readdirSync(CONTENT_PAGES, { recursive: true, encoding: "utf8" })
  .map((file) => file.replaceAll("\\", "/"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -".md".length))
  .sort();

export default [
  // Every page sits in the shell layout, whose error boundary keeps the header and footer around errors.
  layout("routes/_pages.tsx", [
    index("routes/home.tsx"),
    route("grid-overlay", "routes/grid-overlay.tsx"),
    route("site-map", "routes/site-map.tsx"),
    route("search", "routes/search.tsx"),
    route("explore", "routes/explore.tsx"),
    route("explore/pins", "routes/explore.pins.ts"),
    route("events/category/:category", "routes/events/category.$category.tsx"),
    route("events/type/:type", "routes/events/type.$type.tsx"),
    route("events/:slug", "routes/events/$slug.tsx"),
    route("events/:slug/more", "routes/events/$slug.more.ts"),
    // Staff-written posts: each kind's list (newest first) and its posts by address; the help centre.
    route("blogs", "routes/blogs._index.tsx"),
    route("blogs/:slug", "routes/blogs.$slug.tsx"),
    route("guides", "routes/guides._index.tsx"),
    route("guides/:slug", "routes/guides.$slug.tsx"),
    route("case-studies", "routes/case-studies._index.tsx"),
    route("case-studies/:slug", "routes/case-studies.$slug.tsx"),
    route("news-center", "routes/news-center._index.tsx"),
    route("news-center/:slug", "routes/news-center.$slug.tsx"),
    route("help", "routes/help._index.tsx"),
    route("help/:slug", "routes/help.$slug.tsx"),
    // The widget's tickets arrive here, in a new tab, to be held and paid for (decision 0046).
    route("events/:slug/book", "routes/events/$slug.book.tsx"),
    route("legal/cookie-policy", "routes/legal/cookie-policy.tsx"),
    ...INFO_PAGE_ROUTES.map((path) => route(path, "routes/info-page.tsx", { id: `info/${path}` })),
    route("pricing", "routes/pricing.tsx"),
    route("get-the-app", "routes/get-the-app.tsx"),
    route("contact", "routes/contact.tsx"),
    route("submit-an-event", "routes/submit-an-event.tsx"),
    route("log-out", "routes/log-out.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("email-verified", "routes/email-verified.tsx"),
    route("account/resend-verification", "routes/account/resend-verification.tsx"),
    route("account/verify-later", "routes/account/verify-later.tsx"),
    route("account/undo-email-change", "routes/account/undo-email-change.tsx"),
    layout("routes/_signed-out.tsx", [
      route("log-in", "routes/log-in.tsx"),
      route("sign-up", "routes/sign-up.tsx"),
      route("forgot-password", "routes/forgot-password.tsx"),
    ]),
    layout("routes/_signed-in.tsx", [
      route("u/dashboard", "routes/u/dashboard.tsx"),
      route("u/settings/profile", "routes/u/settings/profile.tsx"),
      route("u/settings/username-available", "routes/u/settings/username-available.ts"),
      route("u/settings/security", "routes/u/settings/security.tsx"),
      route("u/settings/download-data", "routes/u/settings/download-data.tsx"),
      route("u/delete-account", "routes/u/delete-account.tsx"),
      route("u/marketing-permissions", "routes/u/marketing-permissions.tsx"),
      route("u/display-guests", "routes/u/display-guests.tsx"),
      route("u/feedback", "routes/u/feedback.tsx"),
      route("u/customer-support", "routes/u/customer-support.tsx"),
      route("u/feed", "routes/u/feed.tsx"),
      route("u/tickets", "routes/u/tickets.tsx"),
      route("u/tickets/:ticketId", "routes/u/tickets.$ticketId.tsx"),
      route("u/tickets/:ticketId/pdf", "routes/u/ticket-pdf.ts"),
      route("u/orders", "routes/u/orders.tsx"),
      route("u/settings/following", "routes/u/settings/following.tsx"),
      // A person's profile is for people signed in (spec §2's buyer area); a host's public page is /{username}.
      route("user/:userId", "routes/user.$userId.tsx"),
      route("orders/:reference/pdf", "routes/order-pdf.ts"),
      route("orders/:reference/receipt", "routes/order-receipt.ts"),
      route("h/onboarding", "routes/h/onboarding.tsx"),
      route("h", "routes/h/home.ts"),
      // Partner Studio: its own frame and navigation (decision 0028 for who may enter).
      layout("routes/h/_studio.tsx", [
        route("h/dashboard", "routes/h/dashboard.tsx"),
        route("h/events", "routes/h/events._index.tsx"),
        route("h/events/:eventId/status", "routes/h/events.$eventId.status.ts"),
        route("h/tickets", "routes/h/tickets.tsx"),
        route("h/tickets/orders/:orderId", "routes/h/tickets.orders.$orderId.tsx"),
        route("h/scan", "routes/h/scan._index.tsx"),
        route("h/onlineprofile", "routes/h/onlineprofile.tsx"),
        // Settings' frame: its sections (profile, payouts, colours, team, notifications) as tabs.
        route("h/settings", "routes/h/settings.tsx", [
          index("routes/h/settings._index.tsx"),
          route("payouts", "routes/h/settings.payouts.tsx"),
          route("colors", "routes/h/settings.colors.tsx"),
          route("permissions", "routes/h/settings.permissions.tsx"),
          route("notifications", "routes/h/settings.notifications.tsx"),
        ]),
        // The event editor's frame; its sub-views (overview, tickets, survey, share) are its children.
        route("h/events/new", "routes/h/events.new.tsx"),
        route("h/events/write", "routes/h/events.write.ts"),
        route("h/events/:eventId/edit", "routes/h/events.$eventId.edit.tsx", [
          index("routes/h/events.$eventId.edit._index.tsx"),
          route("tickets", "routes/h/events.$eventId.edit.tickets.tsx"),
          route("survey", "routes/h/events.$eventId.edit.survey.tsx"),
          route("share", "routes/h/events.$eventId.edit.share.tsx"),
          route("guests", "routes/h/events.$eventId.edit.guests.tsx"),
          route("waitlist", "routes/h/events.$eventId.edit.waitlist.tsx"),
          route("scan", "routes/h/events.$eventId.edit.scan.tsx"),
          route("scanners", "routes/h/events.$eventId.edit.scanners.tsx"),
        ]),
        route("h/guests", "routes/h/guests.tsx"),
        route("h/guests/addguest", "routes/h/guests.addguest.tsx"),
        route("h/guests/edit/:guestId", "routes/h/guests.edit.$guestId.tsx"),
        route("h/waitlists", "routes/h/waitlists.tsx"),
        route("h/venues", "routes/h/venues.tsx"),
        route("h/venues/add", "routes/h/venues.add.tsx"),
        route("h/venues/:venueId/overview", "routes/h/venues.$venueId.overview.tsx"),
        route("h/venues/:venueId/seatplan", "routes/h/venues.$venueId.seatplan.tsx"),
        route("h/discounts", "routes/h/discounts.tsx"),
        route("h/discounts/new", "routes/h/discounts.new.tsx"),
        route("h/discounts/:discountId", "routes/h/discounts.$discountId.tsx"),
        route("h/promote", "routes/h/promote.tsx"),
        route("h/promote/:hostId/share", "routes/h/promote.$hostId.share.tsx"),
        route("h/marketing/email", "routes/h/marketing.email._index.tsx"),
        route("h/marketing/email/recipients", "routes/h/marketing.email.recipients.tsx"),
        route("h/promote/email-campaign", "routes/h/promote.email-campaign._index.tsx"),
        route("h/promote/email-campaign/:campaignId", "routes/h/promote.email-campaign.$campaignId.tsx"),
        route("h/reports/overview", "routes/h/reports.overview.tsx"),
        route("h/reports/orders", "routes/h/reports.orders.tsx"),
      ]),
      route("h/promote/:hostId/share/:eventId/:asset", "routes/h/promote.$hostId.share.$eventId.$asset.ts"),
      route("h/switch-host", "routes/h/switch-host.ts"),
      route("h/settings/payouts/connect", "routes/h/settings.payouts.connect.ts"),
      route("h/events/:eventId/guests/export", "routes/h/events.$eventId.guests.export.ts"),
      route("h/waitlists/export", "routes/h/waitlists.export.ts"),
      route("h/reports", "routes/h/reports.ts"),
      route("h/reports/orders/export", "routes/h/reports.orders.export.ts"),
      route("checkout/:holdId", "routes/checkout.$holdId.tsx"),
      route("checkout/:holdId/return", "routes/checkout.$holdId.return.tsx"),
      route("orders/:reference", "routes/orders.$reference.tsx"),
    ]),
    // The host's pages for other places: the booking widget (the only page other sites may frame,
    // decision 0046) and a screen at the venue. Screens of their own: no shell around them.
    route("hosts/:hostId", "routes/hosts.$hostId.tsx"),
    route("hosts/:hostId/signage", "routes/hosts.$hostId.signage.tsx"),
    route("hosts/:hostId/signage/feed", "routes/hosts.$hostId.signage.feed.ts"),
    route("tickets/claim/:token", "routes/tickets/claim.$token.tsx"),
    route("h/invitations/:token", "routes/h/invitations.$token.tsx"),
    // The door: a screen of its own, for the host's team or a scanner link (decision 0034).
    route("h/scan/link/:linkToken", "routes/h/scan.link.$token.tsx"),
    route("h/scan/:eventId", "routes/h/scan.$eventId.tsx"),
    route("email/unsubscribe", "routes/email/unsubscribe.tsx"),
    route("pay/test/:sessionId", "routes/pay/test.$sessionId.tsx"),
    route("pay/test/connect/:accountId", "routes/pay/test.connect.$accountId.tsx"),
    // The staff console: staff accounts only, every action written to the audit log.
    layout("routes/admin/_console.tsx", [
      route("admin", "routes/admin/home.tsx"),
      route("admin/audit-log", "routes/admin/audit-log.tsx"),
      route("admin/content", "routes/admin/content._index.tsx"),
      route("admin/content/new", "routes/admin/content.new.tsx"),
      route("admin/content/pictures", "routes/admin/content.pictures.tsx"),
      route("admin/content/preview", "routes/admin/content.preview.ts"),
      route("admin/content/:postId", "routes/admin/content.$postId.tsx"),
      route("admin/alerts", "routes/admin/alerts.tsx"),
      route("admin/alerts/:alertId", "routes/admin/alerts.$alertId.tsx"),
      route("admin/feature-flags", "routes/admin/feature-flags.tsx"),
      route("admin/feedback", "routes/admin/messages.tsx", { id: "routes/admin/feedback" }),
      route("admin/contact-messages", "routes/admin/messages.tsx", { id: "routes/admin/contact-messages" }),
      route("admin/submitted-events", "routes/admin/submitted-events.tsx"),
      route("admin/badges", "routes/admin/badges.tsx"),
    ]),
    route("staff/emails", "routes/staff/emails.tsx"),
    route("staff/outbox", "routes/staff/outbox.tsx"),
    route("staff/outbox/:id", "routes/staff/outbox.$id.tsx"),
    route("staff/outbox/:id/attachment/:index", "routes/staff/outbox-attachment.ts"),
    route("dev/outbox", "routes/dev/outbox.tsx"),
    route("dev/outbox/:id", "routes/dev/outbox.$id.tsx"),
    route("dev/outbox/:id/attachment/:index", "routes/dev/outbox-attachment.ts"),
    route("dev/*", "routes/dev/drills.tsx"),
    // A host's booking page by username (spec §2). Every static path ranks above it, and every first
    // segment of this file is a reserved username (src/web/routes.test.ts), so it never shadows a page.
    route(":username", "routes/$username.tsx"),
    route("404", "routes/not-found.tsx", { id: "routes/404" }),
    route("*", "routes/not-found.tsx", { id: "routes/catch-all" }),
  ]),
] satisfies RouteConfig;

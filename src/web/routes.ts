import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Every page sits in the shell layout, whose error boundary keeps the header and footer around errors.
  layout("routes/_pages.tsx", [
    index("routes/home.tsx"),
    route("grid-overlay", "routes/grid-overlay.tsx"),
    route("search", "routes/search.tsx"),
    route("legal/cookie-policy", "routes/legal/cookie-policy.tsx"),
    route("log-out", "routes/log-out.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("email-verified", "routes/email-verified.tsx"),
    route("account/resend-verification", "routes/account/resend-verification.tsx"),
    route("account/verify-later", "routes/account/verify-later.tsx"),
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
    ]),
    route("user/:userId", "routes/user.$userId.tsx"),
    route("staff/emails", "routes/staff/emails.tsx"),
    route("dev/outbox", "routes/dev/outbox.tsx"),
    route("dev/outbox/:id", "routes/dev/outbox.$id.tsx"),
    route("dev/*", "routes/dev/drills.tsx"),
    route("404", "routes/not-found.tsx", { id: "routes/404" }),
    route("*", "routes/not-found.tsx", { id: "routes/catch-all" }),
  ]),
] satisfies RouteConfig;

import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Every page sits in the shell layout, whose error boundary keeps the header and footer around errors.
  layout("routes/_pages.tsx", [
    index("routes/home.tsx"),
    route("grid-overlay", "routes/grid-overlay.tsx"),
    route("search", "routes/search.tsx"),
    route("legal/cookie-policy", "routes/legal/cookie-policy.tsx"),
    route("log-out", "routes/log-out.tsx"),
    layout("routes/_signed-out.tsx", [route("log-in", "routes/log-in.tsx")]),
    layout("routes/_signed-in.tsx", [route("u/dashboard", "routes/u/dashboard.tsx")]),
    route("dev/*", "routes/dev/drills.tsx"),
    route("404", "routes/not-found.tsx", { id: "routes/404" }),
    route("*", "routes/not-found.tsx", { id: "routes/catch-all" }),
  ]),
] satisfies RouteConfig;

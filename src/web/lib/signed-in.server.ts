import { type AppLoadContext, redirect } from "react-router";
import type { SessionUser } from "~/services/session-user";

/**
 * The signed-in person, for loaders and actions of signed-in pages and downloads. The layout's
 * loader redirects people without a session, but a child loader runs alongside it, and an action
 * or a download runs without it, so each asks again rather than trusting that it ran. Without a
 * session: to the log-in page, which brings them back to where they were going.
 */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  if (!context.user) throw redirect(`/log-in?redirect=${encodeURIComponent(whereTheyWere(request))}`);
  return context.user;
}

/** The page a request was for: React Router's data requests carry ".data" and "_routes", the page itself does not. */
export function whereTheyWere(request: Request): string {
  const url = new URL(request.url);
  const search = url.search.replace(/[?&]_routes=[^&]*/, "").replace(/^&/, "?");
  return url.pathname.replace(/\.data$/, "") + search;
}

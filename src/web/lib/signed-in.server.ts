import { type AppLoadContext, redirect } from "react-router";
import type { SessionUser } from "~/web/load-context";

/**
 * The signed-in person, for loaders and actions under /u. The layout's loader redirects people
 * without a session, but a child loader runs alongside it and an action runs without it, so each
 * asks again rather than trusting that it ran.
 */
export function requireUser(context: AppLoadContext): SessionUser {
  if (!context.user) throw redirect("/");
  return context.user;
}

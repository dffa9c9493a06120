import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionUser } from "~/services/session-user";
import { type HostRole, resolveStudioAccess, type StudioHost } from "~/services/studio-access";
import { requireUser } from "./signed-in.server";
import { readStudioHostChoice } from "./studio-host-cookie";

export interface Studio {
  user: SessionUser;
  /** The host whose data this request may read and change: every service call takes it. */
  hostId: string;
  role: HostRole;
  host: StudioHost;
}

/** Who may see what: the pages that move money or change events are for owners and managers. */
export const OWNER_OR_MANAGER: readonly HostRole[] = ["owner", "manager"];
/** Pages every member of a host's team may open. */
export const EVERY_ROLE: readonly HostRole[] = ["owner", "manager", "scanner"];

/**
 * The one guard for every Partner Studio (/h/*) loader and action (decision 0028): the signed-in
 * person, the host they act for and their role there. Signed out: to log-in, then back. A buyer
 * who acts for no host: to onboarding. A role the page does not allow: the page-not-found answer,
 * which says nothing. Each loader and action asks for itself, since a child loader runs beside the
 * layout's and an action runs without it. The host chosen in the switcher (a cookie) is only a
 * preference, judged afresh by resolveStudioAccess on every request.
 */
export async function requireStudio(
  context: AppLoadContext,
  request: Request,
  { roles }: { roles: readonly HostRole[] },
): Promise<Studio> {
  const user = requireUser(context, request);
  const access = await resolveStudioAccess(context.database.db, {
    userId: user.id,
    preferHostId: readStudioHostChoice(request),
  });
  if (!access) throw redirect("/h/onboarding");
  if (!roles.includes(access.role)) throw data(null, { status: 404 });
  return { user, ...access };
}

import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionUser } from "~/services/session-user";
import {
  accessFrom,
  choicesFrom,
  type HostRole,
  type StudioChoice,
  type StudioHost,
  type StudioPerson,
  studioPerson,
} from "~/services/studio-access";
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
 * The person's Studio access, read once per HTTP request: the layout's loader and the page's run side
 * by side and share the read. React Router hands each loader a Request object of its own, so the read
 * is kept against the request's load context, which the server makes once per HTTP request. An action
 * reads afresh and forgets what was kept, so the loaders that follow it in the same request (a form
 * posted without JavaScript) read again what it may have changed (a host switched, a team joined).
 * Never kept beyond its request.
 */
const perRequest = new WeakMap<AppLoadContext, { userId: string; person: Promise<StudioPerson | null> }>();

function studioPersonFor(context: AppLoadContext, request: Request, userId: string): Promise<StudioPerson | null> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    perRequest.delete(context);
    return studioPerson(context.database.db, userId);
  }
  const known = perRequest.get(context);
  if (known?.userId === userId) return known.person;
  const person = studioPerson(context.database.db, userId);
  perRequest.set(context, { userId, person });
  return person;
}

/**
 * The one guard for every Partner Studio (/h/*) loader and action (decision 0028): the signed-in
 * person, the host they act for and their role there. Signed out: to log-in, then back. A buyer
 * who acts for no host: to onboarding. A role the page does not allow: the page-not-found answer,
 * which says nothing. Each loader and action asks for itself, since a child loader runs beside the
 * layout's and an action runs without it. The host chosen in the switcher (a cookie) is only a
 * preference, judged afresh on every request by `accessFrom`.
 */
export async function requireStudio(
  context: AppLoadContext,
  request: Request,
  { roles }: { roles: readonly HostRole[] },
): Promise<Studio> {
  const user = requireUser(context, request);
  const access = accessFrom(await studioPersonFor(context, request, user.id), readStudioHostChoice(request));
  if (!access) throw redirect("/h/onboarding");
  if (!roles.includes(access.role)) throw data(null, { status: 404 });
  return { user, ...access };
}

/** The Studio's frame: the guard for every role, and every host the person may act for (the switcher). */
export async function studioFrame(
  context: AppLoadContext,
  request: Request,
): Promise<Studio & { choices: StudioChoice[] }> {
  const studio = await requireStudio(context, request, { roles: EVERY_ROLE });
  return { ...studio, choices: choicesFrom(await studioPersonFor(context, request, studio.user.id)) };
}

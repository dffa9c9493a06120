import { data, redirect } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { resolveStudioAccess } from "~/services/studio-access";
import { teamMessages } from "~/texts/studio-messages";
import { studioHomeFor } from "~/web/components/studio/studio-nav";
import { actionError } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { EVERY_ROLE, requireStudio } from "~/web/lib/studio.server";
import { studioHostChoiceCookie } from "~/web/lib/studio-host-cookie";
import type { Route } from "./+types/switch-host";

/** Nothing to show: the switcher posts here from the Studio's frame. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStudio(context, request, { roles: EVERY_ROLE });
  throw data(null, { status: 404 });
}

const SwitchForm = z.object({ hostId: field.text(64) });

/**
 * The host switcher (someone on several teams, or a host who is also on another's): remembers the
 * chosen host in a cookie and opens that host's Studio. The choice is judged here as on every later
 * request (resolveStudioAccess): a host this person may not act for answers not found, and no cookie.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { user } = await requireStudio(context, request, { roles: EVERY_ROLE });
  const read = await readForm(request, SwitchForm);
  if (!read.ok) return actionError(read.error);
  const chosen = await resolveStudioAccess(context.database.db, { userId: user.id, preferHostId: read.data.hostId });
  if (!chosen || chosen.hostId !== read.data.hostId) throw data(null, { status: 404 });
  const headers = new Headers({ "Set-Cookie": studioHostChoiceCookie(chosen.hostId, request) });
  setFlash(headers, { tone: "success", text: teamMessages.switched(chosen.host.title) });
  throw redirect(studioHomeFor(chosen.role), { headers });
}

import { redirect } from "react-router";
import { studioEventHeader } from "~/services/studio-event";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/first-tab";

/**
 * Spec §2 names every sub-view of the event editor and of settings by its path, the first ones too
 * (`/h/events/{id}/edit/overview`, `/h/settings/profile`); those are their frames' first tabs, whose
 * address is the frame's own, so these lead there, keeping the query. Only for whoever may open the
 * frame: anyone else is answered as the frame answers them (another host's event is a 404).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const eventId = "eventId" in params ? params.eventId : undefined;
  if (eventId) await loaded(studioEventHeader(context.database.db, { hostId, eventId }));
  const frame = eventId ? `/h/events/${eventId}/edit` : "/h/settings";
  throw redirect(`${frame}${new URL(request.url).search}`);
}

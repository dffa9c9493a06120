import { redirect } from "react-router";
import type { Route } from "./+types/first-tab";

/**
 * Spec §2 names every sub-view of the event editor and of settings by its path, the first ones too
 * (`/h/events/{id}/edit/overview`, `/h/settings/profile`); those are their frames' first tabs, whose
 * address is the frame's own, so these lead there, keeping the query. The page asks who is asking.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const frame = "eventId" in params && params.eventId ? `/h/events/${params.eventId}/edit` : "/h/settings";
  throw redirect(`${frame}${new URL(request.url).search}`, 301);
}

import { eventGuestCsv, LIST_EXPORTS } from "~/services/guest-list";
import { loaded } from "~/web/lib/loaded";
import { tryAgainLater } from "~/web/lib/try-again-later.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.guests.export";

/**
 * An event's whole guest list as a CSV file for a spreadsheet (another host's event: 404). A host's team
 * may download LIST_EXPORTS lists (guests and waitlists) in a window; past it, 429 with Retry-After.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const counted = await context.throttle.hit(`list-export:${hostId}`, LIST_EXPORTS, new Date());
  if (!counted.allowed) return tryAgainLater(counted.retryAfterMs);
  const { fileName, csv } = await loaded(eventGuestCsv(context.database.db, { hostId, eventId: params.eventId }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

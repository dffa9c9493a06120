import { eventGuestCsv } from "~/services/guest-list";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.guests.export";

/** An event's whole guest list as a CSV file for a spreadsheet (another host's event: 404). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const { fileName, csv } = await loaded(eventGuestCsv(context.database.db, { hostId, eventId: params.eventId }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { data } from "react-router";
import { parseQuery } from "~/lib/read-form";
import { LIST_EXPORTS } from "~/services/guest-list";
import { hostWaitlistCsv } from "~/services/host-waitlists";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { serviceQuery, waitlistListQuery } from "~/web/lib/waitlist-list";
import { tryAgainLater } from "~/web/lib/try-again-later.server";
import type { Route } from "./+types/waitlists.export";

const ListQuery = waitlistListQuery({ id: "event", desc: false });

/**
 * The host's waitlists as a CSV file for a spreadsheet, as the list shows them (one event's or all,
 * searched, filtered and sorted by the same address). Another host's event: 404. Counted with the
 * guest lists' downloads (LIST_EXPORTS); past it, 429 with Retry-After.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = parseQuery(request.url, ListQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const counted = await context.throttle.hit(`list-export:${hostId}`, LIST_EXPORTS, new Date());
  if (!counted.allowed) return tryAgainLater(counted.retryAfterMs);
  const { fileName, csv } = await loaded(
    hostWaitlistCsv(context.database.db, { hostId, query: serviceQuery(read.data, read.data.event || null) }),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

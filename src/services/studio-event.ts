import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";

/** An event as the Studio's editor frame shows it above every sub-view. */
export interface StudioEventHeader {
  id: string;
  name: string;
  slug: string;
  status: "draft" | "published" | "unpublished" | "archived" | "deleted";
  isCancelled: boolean;
  startsAt: Date;
  endsAt: Date | null;
  seriesId: string | null;
}

/**
 * One of the host's own events for the editor (decision 0028: every read names the host). A deleted
 * event, another host's or a malformed id are all "no such event", so nothing says which it was.
 */
export async function studioEventHeader(
  db: Db,
  input: { hostId: string; eventId: string },
): Promise<StudioEventHeader> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [row] = await db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      status: event.status,
      isCancelled: event.isCancelled,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      seriesId: event.seriesId,
    })
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!row) throw new AppError("not_found", "No such event.");
  return row;
}

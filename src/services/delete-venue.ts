import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, venue } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { venueMessages } from "~/texts/venue-messages";

const words = venueMessages;

/**
 * Deletes one of the host's venues, only while no event uses it: a refusal (`conflict`) says how
 * many do, and changes nothing. Another host's venue is `not_found`.
 *
 * The venue's row is locked first, so no event can be moved to it meanwhile (the event's foreign
 * key check waits for the lock, then finds it gone). Deleted events still name the venue; they are
 * shown nowhere, so they let go of it rather than keep it for ever. Its seat plan's sections and
 * marks go with it (their foreign keys cascade).
 */
export async function deleteVenue(db: Db, input: { hostId: string; venueId: string }): Promise<void> {
  if (!isUuid(input.venueId)) throw new AppError("not_found", words.notFound);
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: venue.id })
      .from(venue)
      .where(and(eq(venue.id, input.venueId), eq(venue.hostId, input.hostId)))
      .for("update");
    if (!own) throw new AppError("not_found", words.notFound);
    const [{ using }] = (await tx
      .select({ using: sql<number>`count(*)::int` })
      .from(event)
      .where(and(eq(event.venueId, own.id), ne(event.status, "deleted")))) as [{ using: number }];
    if (Number(using) > 0) throw new AppError("conflict", words.inUse(Number(using)));
    await tx
      .update(event)
      .set({ venueId: null })
      .where(and(eq(event.venueId, own.id), eq(event.status, "deleted")));
    await tx.delete(venue).where(and(eq(venue.id, own.id), eq(venue.hostId, input.hostId)));
  });
}

import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { venue } from "~/db/schema";

/** Where an event is, as emails name it: its venue's name and address, else "Online", or not yet known. */
export function placeLine(e: { isOnline: boolean; venue: { name: string; formattedAddress: string } | null }): string {
  if (e.venue) return `${e.venue.name}, ${e.venue.formattedAddress}`;
  return e.isOnline ? "Online" : "Venue to be announced";
}

/** The place line of an event's venue (by id) or its being online, read in the caller's transaction. */
export async function eventPlace(db: Db, e: { isOnline: boolean; venueId: string | null }): Promise<string> {
  if (!e.venueId) return placeLine({ isOnline: e.isOnline, venue: null });
  const [v] = await db
    .select({ name: venue.name, formattedAddress: venue.formattedAddress })
    .from(venue)
    .where(eq(venue.id, e.venueId));
  return placeLine({ isOnline: false, venue: v ?? null });
}

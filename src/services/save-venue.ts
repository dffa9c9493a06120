import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { venue } from "~/db/schema";
import type { VenueFormValues } from "~/domain/venue-form";
import { checkVenue } from "~/domain/venue-rules";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { venueMessages } from "~/texts/venue-messages";
import { venueRowValues } from "./venue-columns";

const words = venueMessages;

/** Which venue a save is for: a new one, named by its add form's key, or one of the host's by id. */
export type VenueTarget = { addKey: string } | { venueId: string };

/**
 * Adds a venue for the host, or changes one of theirs, from the venue form. Every wrong field is
 * named in one refusal (`validation_failed`, `details.fields`), and nothing is written then.
 *
 * An add is idempotent by its form's key: the same form sent twice (a double press, a retried
 * post) adds one venue and answers it both times. A change is one statement filtered by the host,
 * so another host's venue id is `not_found` and nothing changes.
 */
export async function saveVenue(
  db: Db,
  input: { hostId: string; target: VenueTarget; form: VenueFormValues; now: Date },
): Promise<{ id: string; created: boolean }> {
  const { hostId, target, now } = input;
  if ("venueId" in target && !isUuid(target.venueId)) throw new AppError("not_found", words.notFound);
  if ("addKey" in target && !isUuid(target.addKey)) throw new AppError("bad_request", words.addFailed);

  const checked = checkVenue(input.form);
  if (!checked.ok) {
    const first = Object.values(checked.fields)[0];
    throw new AppError("validation_failed", first, { fields: checked.fields });
  }
  const values = venueRowValues(checked.venue);

  if ("venueId" in target) {
    const [changed] = await db
      .update(venue)
      .set({ ...values, updatedAt: now })
      .where(and(eq(venue.id, target.venueId), eq(venue.hostId, hostId)))
      .returning({ id: venue.id });
    if (!changed) throw new AppError("not_found", words.notFound);
    return { id: changed.id, created: false };
  }

  const [added] = await db
    .insert(venue)
    .values({ ...values, hostId, addKey: target.addKey, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: venue.addKey })
    .returning({ id: venue.id });
  if (added) return { id: added.id, created: true };
  // The key was used: this host's first send of the same form added it.
  const [earlier] = await db
    .select({ id: venue.id })
    .from(venue)
    .where(and(eq(venue.addKey, target.addKey), eq(venue.hostId, hostId)));
  if (!earlier) throw new AppError("conflict", words.addFailed);
  return { id: earlier.id, created: false };
}

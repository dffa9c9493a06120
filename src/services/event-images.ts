import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event } from "~/db/schema";
import { EVENT_IMAGES_MAX } from "~/domain/event-details";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import type { FileStorage } from "./file-storage";
import { processImageUpload, userUploadPrefix } from "./process-image-upload";

const ownEvent = (hostId: string, eventId: string) =>
  and(eq(event.id, eventId), eq(event.hostId, hostId), ne(event.status, "deleted"), eq(event.isCancelled, false));

function checkId(eventId: string) {
  if (!isUuid(eventId)) throw new AppError("not_found", "No such event.");
}

/**
 * Adds a picture to one of the host's events: the bytes are checked and cleaned as a profile
 * image's are (JPEG or PNG, 10 MB, re-encoded without metadata), stored under the host's own
 * prefix, and appended by one conditional update that also keeps the event within ten pictures.
 */
export async function addEventImage(
  db: Db,
  storage: Pick<FileStorage, "save" | "remove">,
  input: { hostId: string; eventId: string; bytes: Uint8Array },
): Promise<{ key: string }> {
  checkId(input.eventId);
  const [found] = await db
    .select({ n: sql<number>`cardinality(${event.images})` })
    .from(event)
    .where(ownEvent(input.hostId, input.eventId));
  if (!found) throw new AppError("not_found", "No such event.");
  if (Number(found.n) >= EVENT_IMAGES_MAX) throw tooMany();
  const stored = await processImageUpload(storage, {
    userId: input.hostId,
    purpose: "event",
    bytes: input.bytes,
    field: "image",
  });
  const [added] = await db
    .update(event)
    .set({ images: sql`array_append(${event.images}, ${stored.key}::text)` })
    .where(and(ownEvent(input.hostId, input.eventId), sql`cardinality(${event.images}) < ${EVENT_IMAGES_MAX}`))
    .returning({ id: event.id });
  if (!added) {
    // Filled up (or changed hands) while this one was being cleaned: it is nobody's, so it goes.
    await storage.remove(stored.key);
    throw tooMany();
  }
  return { key: stored.key };
}

function tooMany() {
  return new AppError("validation_failed", `An event can have at most ${EVENT_IMAGES_MAX} pictures.`, {
    field: "image",
  });
}

/** Moves one picture a place earlier or later (earliest is the cover), in one statement. */
export async function moveEventImage(
  db: Db,
  input: { hostId: string; eventId: string; key: string; direction: "earlier" | "later" },
): Promise<void> {
  checkId(input.eventId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ images: event.images })
      .from(event)
      .where(ownEvent(input.hostId, input.eventId))
      .for("update");
    if (!row) throw new AppError("not_found", "No such event.");
    const at = row.images.indexOf(input.key);
    if (at < 0) throw new AppError("not_found", "That picture is no longer on this event.");
    const to = input.direction === "earlier" ? at - 1 : at + 1;
    if (to < 0 || to >= row.images.length) return;
    const images = [...row.images];
    [images[at], images[to]] = [images[to]!, images[at]!];
    await tx.update(event).set({ images }).where(eq(event.id, input.eventId));
  });
}

/**
 * Takes a picture off one of the host's events. The file itself is deleted only when it is the
 * host's own upload and no other event shows it (a duplicated event shares its pictures).
 */
export async function removeEventImage(
  db: Db,
  storage: Pick<FileStorage, "remove">,
  input: { hostId: string; eventId: string; key: string },
): Promise<void> {
  checkId(input.eventId);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(event)
      .set({ images: sql`array_remove(${event.images}, ${input.key}::text)` })
      .where(and(ownEvent(input.hostId, input.eventId), sql`${input.key}::text = any(${event.images})`))
      .returning({ id: event.id });
    if (!row) {
      const [exists] = await tx.select({ id: event.id }).from(event).where(ownEvent(input.hostId, input.eventId));
      if (!exists) throw new AppError("not_found", "No such event.");
      return false;
    }
    return true;
  });
  if (removed) await removeUnshownPictures(db, storage, { hostId: input.hostId, keys: [input.key] });
}

/**
 * Deletes the files of pictures taken off the host's events (one removed, or all of a deleted
 * event's) that no event shows any more. Only the host's own uploads: a picture from the seed or
 * another prefix is not theirs to delete. Answers the keys whose files went.
 */
export async function removeUnshownPictures(
  db: Db,
  storage: Pick<FileStorage, "remove">,
  input: { hostId: string; keys: readonly string[] },
): Promise<string[]> {
  const own = input.keys.filter((k) => k.startsWith(userUploadPrefix(input.hostId)) && !k.includes(".."));
  if (own.length === 0) return [];
  const shown = await db
    .select({ key: sql<string>`unnest(${event.images})` })
    .from(event)
    .where(
      sql`${event.images} && array[${sql.join(
        own.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`,
    );
  const stillShown = new Set(shown.map((r) => r.key));
  const gone = own.filter((k) => !stillShown.has(k));
  for (const key of gone) await storage.remove(key);
  return gone;
}

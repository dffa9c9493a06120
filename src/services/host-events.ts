import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { endOfEvent } from "./discover-events";
import type { Db } from "~/db/client.server";
import { event, ticketType } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { waitingCounts } from "./waitlist-places";

export const HOST_EVENTS_PAGE_SIZE = 10;

/**
 * A host's events that have not ended, soonest first and a page at a time, with each ticket
 * type's stock and how many wait for places: what the host's tickets page shows. Only the host's own.
 */
export async function hostEventStock(db: Db, input: { hostId: string; now: Date; page?: number }) {
  const notEnded = and(
    eq(event.hostId, input.hostId),
    inArray(event.status, ["published", "unpublished"]),
    sql`${endOfEvent(event.startsAt, event.endsAt)} > ${input.now}`,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(event)
    .where(notEnded)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / HOST_EVENTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page ?? 1), pages);
  const events = await db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      status: event.status,
      isCancelled: event.isCancelled,
      waitlistOfferHours: event.waitlistOfferHours,
    })
    .from(event)
    .where(notEnded)
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(HOST_EVENTS_PAGE_SIZE)
    .offset((page - 1) * HOST_EVENTS_PAGE_SIZE);
  const ids = events.map((e) => e.id);
  const types = ids.length
    ? await db
        .select({
          id: ticketType.id,
          eventId: ticketType.eventId,
          name: ticketType.name,
          capacity: ticketType.capacity,
          sold: ticketType.sold,
          held: ticketType.held,
          kind: ticketType.kind,
        })
        .from(ticketType)
        .where(inArray(ticketType.eventId, ids))
        .orderBy(asc(ticketType.sortOrder))
    : [];
  const waiting = await waitingCounts(db, ids);
  return {
    events: events.map((e) => ({
      ...e,
      tickets: types.filter((t) => t.eventId === e.id),
      waiting: waiting.get(e.id) ?? 0,
    })),
    page,
    pages,
    total: Number(total),
  };
}

/** How long waitlist offers are held for, 1 to 168 hours (a week), for one of the host's events. */
export async function setWaitlistOfferHours(
  db: Db,
  input: { eventId: string; hostId: string; hours: number },
): Promise<void> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  if (!Number.isInteger(input.hours) || input.hours < 1 || input.hours > 168)
    throw new AppError("validation_failed", "Choose from 1 to 168 hours (a week).", { field: "hours" });
  const rows = await db
    .update(event)
    .set({ waitlistOfferHours: input.hours })
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId)))
    .returning({ id: event.id });
  if (rows.length === 0) throw new AppError("not_found", "No such event.");
}

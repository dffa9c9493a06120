import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, venue, waitlistEntry } from "~/db/schema";

export interface WaitlistPlace {
  entryId: string;
  status: "waiting" | "offered";
  quantity: number;
  /** 1 for the first in line. */
  position: number;
  /** Waiting in all. */
  waiting: number;
  /** `quantity`: places the offer holds (fewer than asked for when fewer came up). */
  offer: { holdId: string; expiresAt: Date; quantity: number } | null;
}

/** A person's place on one event's waitlist, or null when they are not on it. */
export async function waitlistPlace(db: Db, input: { eventId: string; userId: string }): Promise<WaitlistPlace | null> {
  const [mine] = await db
    .select({
      entry: waitlistEntry,
      expiresAt: hold.expiresAt,
      held: sql<number>`(select coalesce(sum(${holdLine.quantity}), 0)::int from ${holdLine}
        where ${holdLine.holdId} = ${hold.id} and not ${holdLine.companion})`,
    })
    .from(waitlistEntry)
    .leftJoin(hold, eq(hold.id, waitlistEntry.holdId))
    .where(
      and(
        eq(waitlistEntry.eventId, input.eventId),
        eq(waitlistEntry.userId, input.userId),
        inArray(waitlistEntry.status, ["waiting", "offered"]),
      ),
    )
    .limit(1);
  if (!mine) return null;
  const [counts] = (await db
    .select({
      ahead: sql<number>`count(*) filter (
        where ${waitlistEntry.createdAt} < ${mine.entry.createdAt}
          or (${waitlistEntry.createdAt} = ${mine.entry.createdAt} and ${waitlistEntry.id} < ${mine.entry.id})
      )::int`,
      waiting: sql<number>`count(*)::int`,
    })
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.eventId, input.eventId), eq(waitlistEntry.status, "waiting")))) as [
    { ahead: number; waiting: number },
  ];
  return {
    entryId: mine.entry.id,
    status: mine.entry.status as "waiting" | "offered",
    quantity: mine.entry.quantity,
    position: Number(counts.ahead) + 1,
    waiting: Number(counts.waiting),
    offer:
      mine.entry.status === "offered" && mine.entry.holdId && mine.expiresAt
        ? { holdId: mine.entry.holdId, expiresAt: mine.expiresAt, quantity: Number(mine.held) }
        : null,
  };
}

/** The waitlists a person is on, soonest event first, for their dashboard. */
export async function myWaitlists(db: Db, input: { userId: string }) {
  const rows = await db
    .select({
      entry: waitlistEntry,
      event: { name: event.name, slug: event.slug, startsAt: event.startsAt, images: event.images },
      venueName: venue.name,
      city: venue.city,
      expiresAt: hold.expiresAt,
    })
    .from(waitlistEntry)
    .innerJoin(event, eq(event.id, waitlistEntry.eventId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .leftJoin(hold, eq(hold.id, waitlistEntry.holdId))
    .where(and(eq(waitlistEntry.userId, input.userId), inArray(waitlistEntry.status, ["waiting", "offered"])))
    .orderBy(asc(event.startsAt), desc(waitlistEntry.createdAt))
    .limit(50);
  return rows.map((r) => ({
    entryId: r.entry.id,
    status: r.entry.status as "waiting" | "offered",
    quantity: r.entry.quantity,
    event: {
      name: r.event.name,
      slug: r.event.slug,
      startsAt: r.event.startsAt,
      image: r.event.images[0] ?? null,
      place: r.venueName ? `${r.venueName}, ${r.city}` : "Online",
    },
    offer:
      r.entry.status === "offered" && r.entry.holdId && r.expiresAt
        ? { holdId: r.entry.holdId, expiresAt: r.expiresAt }
        : null,
  }));
}

/** How many people wait for each of these events (for hosts). */
export async function waitingCounts(db: Db, eventIds: readonly string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: waitlistEntry.eventId, n: sql<number>`count(*)::int` })
    .from(waitlistEntry)
    .where(and(inArray(waitlistEntry.eventId, [...eventIds]), eq(waitlistEntry.status, "waiting")))
    .groupBy(waitlistEntry.eventId);
  return new Map(rows.map((r) => [r.eventId, Number(r.n)]));
}

import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, seatClaim, ticketType, venue, venueSeatMark, venueSeatSection } from "~/db/schema";
import { cellsFromMarks, defaultRowNames, type SeatLayout } from "~/domain/seat-layout";
import type { Seat } from "~/domain/seat-plan";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { endOfEvent } from "./discover-events";

/** The size a venue without a plan starts from in the editor. */
export const NEW_PLAN_SIZE = { rows: 8, columns: 12 } as const;

export interface SeatPlanForEditor {
  venue: { id: string; name: string; city: string };
  /** False: the venue has no plan yet, and `layout` is where the editor starts. */
  seated: boolean;
  layout: SeatLayout;
  /** Seats sold or held for events at the venue that have not ended (named): they must stay seats for sale. */
  taken: (Seat & { events: string[] })[];
  /** For each saved section (by id), the upcoming events whose tickets it sells. */
  sectionSells: Record<string, string[]>;
}

/**
 * A venue's seat plan as Partner Studio's editor shows it, for the host who owns the venue only
 * (another host's venue, or no such venue: `not_found`).
 */
export async function getSeatPlan(
  db: Db,
  input: { hostId: string; venueId: string; now: Date },
): Promise<SeatPlanForEditor> {
  const place = await ownVenue(db, input);
  const seated = Boolean(place.seatRows && place.seatColumns);
  const [sections, marks, taken, sells] = await Promise.all([
    db
      .select({
        id: venueSeatSection.id,
        name: venueSeatSection.name,
        firstRow: venueSeatSection.firstRow,
        lastRow: venueSeatSection.lastRow,
        firstColumn: venueSeatSection.firstColumn,
        lastColumn: venueSeatSection.lastColumn,
      })
      .from(venueSeatSection)
      .where(eq(venueSeatSection.venueId, place.id))
      // The order a seat's section is looked up in by the booking panel and the hold.
      .orderBy(asc(venueSeatSection.sortOrder), asc(venueSeatSection.name)),
    db
      .select({ row: venueSeatMark.seatRow, column: venueSeatMark.seatColumn, kind: venueSeatMark.kind })
      .from(venueSeatMark)
      .where(eq(venueSeatMark.venueId, place.id)),
    takenSeats(db, { venueId: place.id, now: input.now }),
    db
      .selectDistinct({ sectionId: ticketType.seatSectionId, eventName: event.name })
      .from(ticketType)
      .innerJoin(event, eq(event.id, ticketType.eventId))
      .innerJoin(venueSeatSection, eq(venueSeatSection.id, ticketType.seatSectionId))
      .where(and(eq(venueSeatSection.venueId, place.id), upcoming(input.now))),
  ]);
  const rows = place.seatRows ?? NEW_PLAN_SIZE.rows;
  const columns = place.seatColumns ?? NEW_PLAN_SIZE.columns;
  const defaults = defaultRowNames(rows);
  const sectionSells: Record<string, string[]> = {};
  for (const s of sells) (sectionSells[s.sectionId!] ??= []).push(s.eventName);
  return {
    venue: { id: place.id, name: place.name, city: place.city },
    seated,
    layout: {
      rows,
      columns,
      rowNames: defaults.map((letter, i) => place.seatRowNames[i] || letter),
      cells: cellsFromMarks(rows, columns, seated ? marks : []),
      sections: seated ? sections : [],
    },
    taken,
    sectionSells,
  };
}

/** The venue, if it is this host's; else `not_found`, whether it is another host's or none at all. */
export async function ownVenue(db: Db, input: { hostId: string; venueId: string }) {
  if (!isUuid(input.venueId)) throw new AppError("not_found");
  const [place] = await db
    .select()
    .from(venue)
    .where(and(eq(venue.id, input.venueId), eq(venue.hostId, input.hostId)))
    .limit(1);
  if (!place) throw new AppError("not_found");
  return place;
}

/**
 * Events at the venue whose seats still matter: not ended, not cancelled or deleted. An ended
 * event's seats were used; the plan now serves the next ones.
 */
export function upcoming(now: Date) {
  return and(
    sql`${endOfEvent(event.startsAt, event.endsAt)} > ${now}`,
    eq(event.isCancelled, false),
    ne(event.status, "deleted"),
  );
}

/**
 * Seats claimed (sold, or in a hold, even one run out and not yet swept) for the venue's events
 * that have not ended, each once, with the events they are claimed for.
 */
export async function takenSeats(
  db: Db,
  input: { venueId: string; now: Date },
): Promise<(Seat & { events: string[] })[]> {
  const rows = await db
    .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn, eventName: event.name })
    .from(seatClaim)
    .innerJoin(event, eq(event.id, seatClaim.eventId))
    .where(and(eq(event.venueId, input.venueId), upcoming(input.now)))
    .orderBy(asc(seatClaim.seatRow), asc(seatClaim.seatColumn), asc(event.startsAt));
  const byKey = new Map<string, Seat & { events: string[] }>();
  for (const r of rows) {
    const key = `${r.row}:${r.column}`;
    const seat = byKey.get(key) ?? { row: r.row, column: r.column, events: [] };
    if (!seat.events.includes(r.eventName)) seat.events.push(r.eventName);
    byKey.set(key, seat);
  }
  return [...byKey.values()];
}

/** Upcoming events at the venue with places sold or held (for a venue without a plan, they have no seats). */
export async function eventsWithSales(db: Db, input: { venueId: string; now: Date }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: event.name })
    .from(event)
    .innerJoin(ticketType, eq(ticketType.eventId, event.id))
    .where(
      and(
        eq(event.venueId, input.venueId),
        upcoming(input.now),
        sql`${ticketType.sold} + ${ticketType.held} > 0`,
        inArray(event.status, ["published", "unpublished", "archived"]),
      ),
    );
  return rows.map((r) => r.name);
}

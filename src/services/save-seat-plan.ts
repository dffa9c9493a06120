import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, venue, venueSeatMark, venueSeatSection } from "~/db/schema";
import {
  checkSeatLayout,
  listSeats,
  marksFromCells,
  sellableKeysOf,
  type SeatLayout,
  type SeatPlanProblem,
} from "~/domain/seat-layout";
import { AppError } from "~/lib/app-error";
import { seatName } from "~/lib/seats";
import { isUuid } from "~/lib/uuid";
import { studioMessages } from "~/texts/studio-messages";
import { eventsWithSales, ownVenue, takenSeats, upcoming } from "./get-seat-plan";

/**
 * The advisory lock (two-key form: this number and the venue's hash) under which a plan changes.
 * Every seat claim takes its shared form first (the `seat_claim_on_plan` trigger, migration 0020).
 */
const PLAN_LOCK = 727412003;

/**
 * Saves a venue's seat plan from Partner Studio's editor, for the host who owns the venue
 * (`not_found` otherwise, and nothing changes). The plan must pass `checkSeatLayout`; then, in one
 * transaction under the plan's lock, no seat sold or held for an event that has not ended may stop
 * being a seat for sale (removed, made a gap or blocked), a section whose tickets are on sale for
 * such an event may not go, and a venue without a plan gets one only while no such event has sales
 * (its tickets have no seats). Each refusal is 'Seat plan error' with `details.problems` naming
 * the seats, sections or events. Saved sections keep their ids, so ticket types stay tied to them.
 */
export async function saveSeatPlan(
  db: Db,
  input: { hostId: string; venueId: string; layout: SeatLayout; now: Date },
): Promise<{ seats: number }> {
  const { layout, now } = input;
  const problems = checkSeatLayout(layout);
  if (problems.length > 0) throw refusal("validation_failed", problems);
  const rowNames = layout.rowNames.map((n) => n.trim());

  return db.transaction(async (tx) => {
    if (!isUuid(input.venueId)) throw new AppError("not_found");
    // Everything is read under the plan's lock: every claim made before it is here to see, and
    // every claim after sees the new plan. Two saves of one plan take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK}, hashtext(${input.venueId}::uuid::text))`);
    const place = await ownVenue(tx, input);
    const saved = await tx
      .select({ id: venueSeatSection.id, name: venueSeatSection.name })
      .from(venueSeatSection)
      .where(eq(venueSeatSection.venueId, place.id));
    const savedIds = new Set(saved.map((s) => s.id));
    const stranger = layout.sections.find((s) => s.id !== null && !savedIds.has(s.id));
    if (stranger)
      throw new AppError(
        "conflict",
        `Section "${stranger.name.trim()}" was removed from this plan meanwhile: ` +
          "reload the page to see the plan as it is.",
      );
    const keptIds = new Set(layout.sections.flatMap((s) => (s.id ? [s.id] : [])));
    const removed = saved.filter((s) => !keptIds.has(s.id));
    if (removed.length > 0) {
      const selling = await tx
        .selectDistinct({ sectionId: ticketType.seatSectionId, eventName: event.name })
        .from(ticketType)
        .innerJoin(event, eq(event.id, ticketType.eventId))
        .where(
          and(
            inArray(
              ticketType.seatSectionId,
              removed.map((s) => s.id),
            ),
            upcoming(now),
          ),
        );
      if (selling.length > 0)
        throw refusal(
          "conflict",
          removed.flatMap((s) => {
            const events = selling.filter((x) => x.sectionId === s.id).map((x) => `"${x.eventName}"`);
            return events.length === 0
              ? []
              : [
                  {
                    field: "sections" as const,
                    message:
                      `Section "${s.name}" sells tickets for ${events.join(" and ")}: ` +
                      `it stays while they are on sale.`,
                  },
                ];
          }),
        );
      // Ticket types of events that have ended let go of it. No hold locks theirs (an ended event
      // is not on sale), so this save and a hold never wait on each other's locks.
      await tx
        .update(ticketType)
        .set({ seatSectionId: null })
        .where(
          inArray(
            ticketType.seatSectionId,
            removed.map((s) => s.id),
          ),
        );
    }

    if (!place.seatRows || !place.seatColumns) {
      const sold = await eventsWithSales(tx, { venueId: place.id, now });
      if (sold.length > 0)
        throw refusal(
          "conflict",
          sold.map((name) => ({
            field: "cells" as const,
            message: `Tickets for "${name}" are already sold without seats: add a seat plan once it has ended.`,
          })),
        );
    }
    const sellable = sellableKeysOf(layout);
    const lost = (await takenSeats(tx, { venueId: place.id, now })).filter(
      (s) => !sellable.has(`${s.row}:${s.column}`),
    );
    if (lost.length > 0) {
      // Named as the buyers' tickets name them: by the rows' names as they were sold.
      const name = (row: number, column: number) => seatName(row, column, place.seatRowNames);
      const events = [...new Set(lost.flatMap((s) => s.events))];
      throw refusal(
        "conflict",
        events.map((eventName) => {
          const seats = lost.filter((s) => s.events.includes(eventName));
          return {
            field: "cells" as const,
            message:
              `${seats.length === 1 ? "Seat" : "Seats"} ${listSeats(seats, name)} ` +
              `${seats.length === 1 ? "is" : "are"} sold or held for "${eventName}": ` +
              `${seats.length === 1 ? "it stays a seat" : "they stay seats"} for sale.`,
            seats: seats.map((s) => ({ row: s.row, column: s.column })),
          };
        }),
      );
    }

    await tx
      .update(venue)
      .set({ seatRows: layout.rows, seatColumns: layout.columns, seatRowNames: rowNames })
      .where(eq(venue.id, place.id));
    await tx.delete(venueSeatMark).where(eq(venueSeatMark.venueId, place.id));
    const marks = marksFromCells(layout.cells);
    if (marks.length > 0)
      await tx
        .insert(venueSeatMark)
        .values(marks.map((m) => ({ venueId: place.id, seatRow: m.row, seatColumn: m.column, kind: m.kind })));
    await saveSections(tx, place.id, layout, removed);
    return { seats: sellable.size };
  });
}

async function saveSections(tx: Db, venueId: string, layout: SeatLayout, removed: { id: string }[]) {
  if (removed.length > 0)
    await tx.delete(venueSeatSection).where(
      inArray(
        venueSeatSection.id,
        removed.map((s) => s.id),
      ),
    );
  const kept = layout.sections.filter((s) => s.id !== null);
  // Names are unique per venue: kept sections step aside (to their ids) first, so two can swap names.
  if (kept.length > 0)
    await tx
      .update(venueSeatSection)
      .set({ name: sql`${venueSeatSection.id}::text` })
      .where(
        and(
          eq(venueSeatSection.venueId, venueId),
          inArray(
            venueSeatSection.id,
            kept.map((s) => s.id!),
          ),
        ),
      );
  for (const [sortOrder, s] of layout.sections.entries()) {
    const fields = {
      name: s.name.trim(),
      firstRow: s.firstRow,
      lastRow: s.lastRow,
      firstColumn: s.firstColumn,
      lastColumn: s.lastColumn,
      sortOrder,
    };
    if (s.id)
      await tx
        .update(venueSeatSection)
        .set(fields)
        .where(and(eq(venueSeatSection.id, s.id), eq(venueSeatSection.venueId, venueId)));
    else await tx.insert(venueSeatSection).values({ venueId, ...fields });
  }
}

/** 'Seat plan error', with what is wrong in `details.problems` (and each field's first words in `fields`). */
function refusal(code: "validation_failed" | "conflict", problems: SeatPlanProblem[]) {
  const fields: Record<string, string> = {};
  for (const p of problems) fields[p.field] ??= p.message;
  return new AppError(code, studioMessages.seatPlanError, { problems, fields });
}

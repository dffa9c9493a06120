import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, venue } from "~/db/schema";
import {
  checkCompanions,
  companionLines,
  companionsIn,
  companionTicketsOffered,
  mostCompanions,
} from "~/domain/companion-tickets";
import { mayEdit } from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { companionMessages } from "~/texts/companion-messages";
import { claimCompanions } from "./claim-stock";
import { offerFreedPlaces } from "./waitlist-offers";

/*
 * Free companion (personal assistant) tickets (decision 0031): the host's per-event setting, and the
 * buyer's choice at checkout, claimed on their hold like any other place.
 */

/** A seat plan makes an event seated: every ticket is then a seat, chosen in the picker. */
const isSeated = (v: { rows: number | null; columns: number | null } | null) => Boolean(v?.rows && v.columns);

/**
 * Turns an event's companion tickets on or off (the editor's Tickets view). Only the host's own
 * events that may still be edited; an event with a seat plan can't turn them on (its buyers book
 * companion seats in the seat picker). Holds and orders already made keep the companions they have.
 */
export async function setCompanionTickets(
  db: Db,
  input: { hostId: string; eventId: string; on: boolean },
): Promise<void> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  await db.transaction(async (tx) => {
    const [e] = await tx
      .select({
        id: event.id,
        status: event.status,
        isCancelled: event.isCancelled,
        rows: venue.seatRows,
        columns: venue.seatColumns,
      })
      .from(event)
      .leftJoin(venue, eq(venue.id, event.venueId))
      .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")))
      .for("no key update", { of: event });
    if (!e) throw new AppError("not_found", "No such event.");
    const verdict = mayEdit(e);
    if (!verdict.ok) throw new AppError("conflict", verdict.message);
    if (input.on && isSeated(e))
      throw new AppError("validation_failed", companionMessages.host.seatedRefused, { field: "companionTickets" });
    await tx.update(event).set({ companionTickets: input.on }).where(eq(event.id, e.id));
  });
}

/**
 * The buyer's companions on their own active hold, set to `requested` (0 gives back any it had).
 * Judged by `checkCompanions`: the event offers them, the buyer shares their access needs with the
 * host on this hold, and at most one for each ticket booked. The places are claimed under the hold's
 * lock by `claimCompanions` (one conditional update per ticket type), so they can never oversell:
 * when there is no room, nothing changes and the buyer is told how many could be had. Places given
 * back go to the waitlist first, in the same transaction. Returns the number of companions held.
 */
export async function chooseCompanions(
  db: Db,
  input: { holdId: string; userId: string; requested: number; now: Date },
): Promise<{ companions: number }> {
  if (!isUuid(input.holdId)) throw new AppError("not_found");
  const words = companionMessages.buyer;
  return db.transaction(async (tx) => {
    const [h] = await tx
      .select({
        id: hold.id,
        eventId: hold.eventId,
        status: hold.status,
        expiresAt: hold.expiresAt,
        needs: hold.accessNeeds,
      })
      .from(hold)
      .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)))
      .for("update");
    if (!h) throw new AppError("not_found");
    if (h.status !== "active" || h.expiresAt <= input.now)
      throw new AppError("conflict", "You ran out of time. Refreshing page in 5 seconds", { reason: "hold_expired" });
    const [e] = await tx
      .select({ companionTickets: event.companionTickets, rows: venue.seatRows, columns: venue.seatColumns })
      .from(event)
      .leftJoin(venue, eq(venue.id, event.venueId))
      .where(eq(event.id, h.eventId));
    const lines = await tx
      .select({ ticketTypeId: holdLine.ticketTypeId, quantity: holdLine.quantity, companion: holdLine.companion })
      .from(holdLine)
      .where(eq(holdLine.holdId, h.id))
      .orderBy(holdLine.ticketTypeId);
    const most = mostCompanions(lines);
    const check = checkCompanions({
      requested: input.requested,
      offered: companionTicketsOffered({ companionTickets: e!.companionTickets, seated: isSeated(e!) }),
      sharing: h.needs !== null,
      most,
    });
    if (!check.ok) {
      const message =
        check.problem === "not_offered"
          ? words.notOffered
          : check.problem === "not_sharing"
            ? words.needsSharing
            : words.range(most);
      throw new AppError("validation_failed", message, { field: "companions", reason: check.problem });
    }
    if (check.count === companionsIn(lines)) return { companions: check.count };
    const claimed = await claimCompanions(tx, { holdId: h.id, want: companionLines(lines, check.count) });
    if (claimed.status === "short")
      throw new AppError("conflict", words.noRoom(Math.max(0, claimed.most)), {
        field: "companions",
        reason: "companions_short",
        most: Math.max(0, claimed.most),
      });
    if (claimed.released > 0) await offerFreedPlaces(tx, h.eventId, input.now);
    return { companions: check.count };
  });
}

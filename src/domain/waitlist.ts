import { hasEnded, type EventTimes } from "./event-flags";
import { inSaleWindow, isOnSale, isVisible, remaining, type TicketLike } from "./ticket-availability";
import { messages } from "~/texts/messages";

/**
 * Waitlists (spec §4 "Waitlist", issue 7): people join when nothing is left to buy; when places
 * free up, the first in line is offered them, held for a window the host sets. Pure.
 */

/** Spec §8: joining without an event or a signed-in person. */
export const MISSING_WAITLIST_DATA = messages.buyer.missingWaitlistData;

export const DEFAULT_OFFER_HOURS = 12;
export const MAX_WAITLIST_QUANTITY = 10;

export interface WaitlistTicket extends TicketLike {
  id: string;
  maxPerOrder: number;
  sortOrder: number;
}

/**
 * Sold out: every ticket type the public can buy has no places left (sold, or held at someone's
 * checkout). Ones whose sales haven't opened yet still have places to come, so they don't count
 * as sold out; private tickets never do.
 */
export function nothingToBuy(tickets: readonly TicketLike[]): boolean {
  const publicTickets = tickets.filter((t) => t.kind !== "private");
  return publicTickets.length > 0 && publicTickets.every((t) => remaining(t) === 0);
}

/**
 * The booking form has nothing to offer this buyer: the public tickets are all gone (sold, or held,
 * as when the last place is held for someone on the waitlist) and no private ticket they unlocked
 * has a place left. They see 'Sorry, this event is sold out!' and the waitlist, not a form whose
 * every ticket says 'Sold out'.
 */
export function soldOutFor(tickets: readonly (TicketLike & { id: string })[], unlockedIds: readonly string[]): boolean {
  return (
    nothingToBuy(tickets) &&
    !tickets.some((t) => t.kind === "private" && unlockedIds.includes(t.id) && remaining(t) > 0)
  );
}

export type JoinProblem = "ended" | "cancelled" | "on_sale" | "quantity";

export const joinProblemText: Record<JoinProblem, string> = {
  ended: "Sorry, this event has ended!",
  cancelled: "This event has been cancelled.",
  on_sale: "This event isn't sold out: book tickets instead (or come back when sales open).",
  quantity: `Choose from 1 to ${MAX_WAITLIST_QUANTITY} places.`,
};

export function joinProblem(
  e: EventTimes & { isCancelled: boolean },
  tickets: readonly TicketLike[],
  quantity: number,
  now: Date,
): JoinProblem | null {
  if (e.isCancelled) return "cancelled";
  if (hasEnded(e, now)) return "ended";
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_WAITLIST_QUANTITY) return "quantity";
  if (!nothingToBuy(tickets)) return "on_sale";
  return null;
}

/**
 * What to offer the first person in line: the first public ticket type (in the host's order) with
 * places free, and as many of them as they want, up to what is free and the per-order limit.
 * Null when nothing is free. Only free places are offered, so an offer never holds more than was freed.
 */
export function chooseOffer(
  tickets: readonly WaitlistTicket[],
  wanted: number,
  now: Date,
): { ticketTypeId: string; quantity: number } | null {
  const open = [...tickets].sort((a, b) => a.sortOrder - b.sortOrder).filter((t) => isOnSale(t, now));
  const best = open.find((t) => remaining(t) >= wanted) ?? open[0];
  if (!best) return null;
  const quantity = Math.min(wanted, remaining(best), Math.max(1, best.maxPerOrder));
  return quantity > 0 ? { ticketTypeId: best.id, quantity } : null;
}

/** An offer the host makes by hand: places of one ticket type, `add` of them new (its capacity raised by that much). */
export interface HandOffer {
  ticketTypeId: string;
  quantity: number;
  add: number;
}

/**
 * What a host's offer by hand to one person holds (issue 20): the places free now when they cover
 * what the person may have (as `chooseOffer` takes them for an automatic offer); else, at a venue
 * without a seat plan, the first ticket type open for sale (in the host's order), with its capacity
 * raised by the places missing, which the host is asked to agree to first. A seated venue's seats
 * are fixed, so there only free seats are offered (fewer than wanted, if that is all there is).
 * Null: nothing can be offered (no ticket type is on sale; at a seated venue, no seat is free).
 */
export function planHandOffer(
  tickets: readonly WaitlistTicket[],
  wanted: number,
  now: Date,
  opts: { seated: boolean },
): HandOffer | null {
  if (wanted < 1) return null;
  const free = chooseOffer(tickets, wanted, now);
  const freeType = free ? tickets.find((t) => t.id === free.ticketTypeId) : undefined;
  if (free && freeType && free.quantity >= Math.min(wanted, Math.max(1, freeType.maxPerOrder)))
    return { ...free, add: 0 };
  if (opts.seated) return free ? { ...free, add: 0 } : null;
  const open = [...tickets]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .find((t) => isVisible(t, now) && inSaleWindow(t, now));
  if (!open) return null;
  const quantity = Math.min(wanted, Math.max(1, open.maxPerOrder));
  return { ticketTypeId: open.id, quantity, add: Math.max(0, quantity - remaining(open)) };
}

/** When an offer made now lapses: after the host's window, but never after the event has ended. */
export function offerExpiry(opts: { hours: number; now: Date; eventEnds: Date }): Date {
  const window = opts.now.getTime() + Math.max(1, opts.hours) * 3_600_000;
  return new Date(Math.min(window, Math.max(opts.now.getTime() + 60_000, opts.eventEnds.getTime())));
}

/**
 * Seats for an offer at a seated venue: `n` free seats together in the frontmost row that has
 * them, else the first free seats from the front. Null when fewer than `n` are free.
 */
export function pickSeats(
  plan: { rows: number; columns: number },
  taken: ReadonlySet<string>,
  n: number,
): { row: number; column: number }[] | null {
  const free = (row: number, column: number) => !taken.has(`${row}:${column}`);
  for (let row = 1; row <= plan.rows; row++) {
    for (let column = 1; column + n - 1 <= plan.columns; column++) {
      if (Array.from({ length: n }, (_, k) => free(row, column + k)).every(Boolean))
        return Array.from({ length: n }, (_, k) => ({ row, column: column + k }));
    }
  }
  const scattered: { row: number; column: number }[] = [];
  for (let row = 1; row <= plan.rows && scattered.length < n; row++) {
    for (let column = 1; column <= plan.columns && scattered.length < n; column++)
      if (free(row, column)) scattered.push({ row, column });
  }
  return scattered.length === n ? scattered : null;
}

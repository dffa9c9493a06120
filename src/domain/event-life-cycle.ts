import { messages } from "~/texts/messages";

/**
 * An event's life cycle (spec §4): draft, published, unpublished, archived, deleted, and cancelled
 * beside them. What a host may do next depends on the event and on what it has sold; each rule
 * answers yes, or no with the words to show. Pure.
 */

export type EventStatus = "draft" | "published" | "unpublished" | "archived" | "deleted";
export type LifeCycleAction = "publish" | "unpublish" | "archive" | "delete" | "cancel" | "duplicate" | "edit";

/** Ticket types an event may have (spec §5, §9). */
export const TICKET_TYPES_MIN = 1;
export const TICKET_TYPES_MAX = 10;

export interface LifeCycleEvent {
  status: EventStatus;
  isCancelled: boolean;
  isOnline: boolean;
  hasVenue: boolean;
  /** The link people join an online event by. */
  hasOnlineLink: boolean;
  ticketTypes: number;
}

/** What the event has sold, from its orders (refunded and cancelled ones left out). */
export interface EventSales {
  /** Tickets on paid orders still standing. */
  paidTickets: number;
  /** Tickets on free orders still standing. */
  freeTickets: number;
  /** Money taken and kept (paid less refunded), in pence. */
  revenuePence: number;
}

export type Verdict = { ok: true } | { ok: false; message: string };

const yes: Verdict = { ok: true };
const no = (message: string): Verdict => ({ ok: false, message });

/** Whether the host may take this action now. */
export function mayDo(action: LifeCycleAction, e: LifeCycleEvent, sales: EventSales): Verdict {
  if (e.status === "deleted") return no(messages.studio.deleted);
  // A cancelled event keeps its record for its buyers: it can be archived or copied, nothing more.
  if (e.isCancelled && action !== "archive" && action !== "duplicate")
    return no(action === "cancel" ? messages.studio.alreadyCancelled : messages.studio.notWhileCancelled);
  // An archived event is a record too: copy it to run it again.
  if (e.status === "archived" && (action === "publish" || action === "unpublish" || action === "edit"))
    return no(messages.studio.archivedNoChange);
  const sold = sales.paidTickets + sales.freeTickets;
  switch (action) {
    case "publish":
      if (e.status === "published") return yes;
      if (e.ticketTypes < TICKET_TYPES_MIN) return no(messages.studio.publishNeedsTickets);
      if (e.isOnline ? !e.hasOnlineLink : !e.hasVenue)
        return no(e.isOnline ? messages.studio.publishNeedsLink : messages.studio.publishNeedsVenue);
      return yes;
    case "unpublish":
      if (e.status !== "published") return no(messages.generic.operationFailed);
      return sold > 0 ? no(messages.studio.cannotUnpublishSold) : yes;
    case "archive":
      return e.status === "archived" ? no(messages.generic.operationFailed) : yes;
    case "delete":
      // Money taken is a record the host and buyers keep: archive. Free bookings go first, by cancelling them.
      if (sales.revenuePence > 0) return no(messages.studio.cannotDeleteRevenue);
      if (sales.paidTickets > 0) return no(messages.studio.cannotDeleteSold);
      if (sales.freeTickets > 0) return no(messages.studio.cannotDeleteFreeSold);
      return yes;
    case "cancel":
    case "duplicate":
    case "edit":
      return yes;
  }
}

/** The status after an action the host may take (cancelling and copying leave it as it is). */
export function statusAfter(action: LifeCycleAction, status: EventStatus): EventStatus {
  switch (action) {
    case "publish":
      return "published";
    case "unpublish":
      return "unpublished";
    case "archive":
      return "archived";
    case "delete":
      return "deleted";
    default:
      return status;
  }
}

/** Whether an event in this state sells tickets: published, not archived, not cancelled. */
export function onSale(e: Pick<LifeCycleEvent, "status" | "isCancelled">): boolean {
  return e.status === "published" && !e.isCancelled;
}

/** Adding or removing a ticket type keeps an event within 1 to 10 (spec §5). */
export function ticketTypeCountAfter(current: number, change: "add" | "remove"): Verdict {
  if (change === "add" && current >= TICKET_TYPES_MAX) return no(messages.studio.ticketTypesMaximum);
  if (change === "remove" && current <= TICKET_TYPES_MIN) return no(messages.studio.ticketTypesMinimum);
  return yes;
}

/** A ticket type's capacity may never go below what it has sold. */
export function capacityAllowed(capacity: number, sold: number): Verdict {
  return capacity >= sold ? yes : no(messages.studio.capacityBelowSold(sold));
}

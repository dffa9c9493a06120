import { messages } from "~/texts/messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";

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

/** What a host sees an event as: its status, or cancelled, which stands beside any status. */
export type DisplayStatus = Exclude<EventStatus, "deleted"> | "cancelled";
export const DISPLAY_STATUSES: readonly DisplayStatus[] = [
  "draft",
  "published",
  "unpublished",
  "archived",
  "cancelled",
];

export function displayStatus(e: Pick<LifeCycleEvent, "status" | "isCancelled">): DisplayStatus | "deleted" {
  if (e.status === "deleted") return "deleted";
  return e.isCancelled ? "cancelled" : e.status;
}

/**
 * Cancelling an event's free bookings, which deleting it waits for: there must be some, and money
 * taken is never given back this way (that is cancelling the event).
 */
export function mayCancelFreeOrders(e: LifeCycleEvent, sales: EventSales): Verdict {
  if (e.status === "deleted") return no(messages.studio.deleted);
  return sales.freeTickets > 0 ? yes : no(lifeCycleMessages.noFreeBookings);
}

export type MenuAction = Exclude<LifeCycleAction, "edit"> | "cancel_free_orders";
export interface MenuItem {
  action: MenuAction;
  /** Refused items stay in the menu with the reason, so the host learns what to do instead. */
  verdict: Verdict;
}

/**
 * The actions a host's menu offers for an event, in order, each allowed or with the reason it is
 * not. An action that makes no sense in the event's state (publishing what is on sale, archiving
 * what is archived) is left out; one the host could take after doing something else is shown refused.
 */
export function eventMenu(e: LifeCycleEvent, sales: EventSales): MenuItem[] {
  if (e.status === "deleted") return [];
  const item = (action: MenuAction): MenuItem => ({
    action,
    verdict: action === "cancel_free_orders" ? mayCancelFreeOrders(e, sales) : mayDo(action, e, sales),
  });
  const items: MenuItem[] = [];
  if (!e.isCancelled && (e.status === "draft" || e.status === "unpublished")) items.push(item("publish"));
  if (!e.isCancelled && e.status === "published") items.push(item("unpublish"));
  items.push(item("duplicate"));
  if (e.status !== "archived") items.push(item("archive"));
  if (!e.isCancelled) items.push(item("cancel"));
  const deleting = item("delete");
  // Free bookings are all that stand in the way of deleting: offer to cancel them first.
  if (!deleting.verdict.ok && deleting.verdict.message === messages.studio.cannotDeleteFreeSold)
    items.push(item("cancel_free_orders"));
  items.push(deleting);
  return items;
}

/** A copy's name: the original's, marked, within the longest name an event may have. */
export const EVENT_NAME_MAX = 120;
export function copyName(name: string): string {
  const mark = " (copy)";
  return `${name
    .trim()
    .slice(0, EVENT_NAME_MAX - mark.length)
    .trimEnd()}${mark}`;
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

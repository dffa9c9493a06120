import { messages } from "~/texts/messages";
import { studioMessages } from "~/texts/studio-messages";
import { EVENT_NAME_MAX } from "./event-details";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import type { TicketKind } from "./ticket-availability";

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
  /** Its date has passed (`hasEnded`): nobody could go to it any more. */
  hasEnded: boolean;
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
  if (e.status === "deleted") return no(studioMessages.deleted);
  // A cancelled event keeps its record for its buyers: it can be archived or copied, nothing more.
  if (e.isCancelled && action !== "archive" && action !== "duplicate")
    return no(action === "cancel" ? studioMessages.alreadyCancelled : studioMessages.notWhileCancelled);
  // An archived event is a record too: copy it to run it again.
  if (e.status === "archived" && (action === "publish" || action === "unpublish" || action === "edit"))
    return no(studioMessages.archivedNoChange);
  const sold = sales.paidTickets + sales.freeTickets;
  switch (action) {
    case "publish":
      if (e.status === "published") return yes;
      if (e.hasEnded) return no(studioMessages.publishEnded);
      if (e.ticketTypes < TICKET_TYPES_MIN) return no(studioMessages.publishNeedsTickets);
      if (e.isOnline ? !e.hasOnlineLink : !e.hasVenue)
        return no(e.isOnline ? studioMessages.publishNeedsLink : studioMessages.publishNeedsVenue);
      return yes;
    case "unpublish":
      if (e.status !== "published") return no(messages.generic.operationFailed);
      return sold > 0 ? no(studioMessages.cannotUnpublishSold) : yes;
    case "archive":
      return e.status === "archived" ? no(messages.generic.operationFailed) : yes;
    case "delete":
      // Money taken is a record the host and buyers keep: archive. Free bookings go first, by cancelling them.
      if (sales.revenuePence > 0) return no(studioMessages.cannotDeleteRevenue);
      if (sales.paidTickets > 0) return no(studioMessages.cannotDeleteSold);
      if (sales.freeTickets > 0) return no(studioMessages.cannotDeleteFreeSold);
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
  if (e.status === "deleted") return no(studioMessages.deleted);
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
  if (!deleting.verdict.ok && deleting.verdict.message === studioMessages.cannotDeleteFreeSold)
    items.push(item("cancel_free_orders"));
  items.push(deleting);
  return items;
}

/** A copy's name: the original's, marked, within the longest name an event may have. */
export { EVENT_NAME_MAX };
export function copyName(name: string): string {
  const mark = " (copy)";
  return `${name
    .trim()
    .slice(0, EVENT_NAME_MAX - mark.length)
    .trimEnd()}${mark}`;
}

/**
 * Whether the host may change an event's ticket types, survey or discounts now: as for any edit, not
 * once it is deleted, cancelled or archived (those keep their record as it stands).
 */
export function mayEdit(e: Pick<LifeCycleEvent, "status" | "isCancelled">): Verdict {
  const asIs: LifeCycleEvent = {
    ...e,
    isOnline: false,
    hasVenue: true,
    hasOnlineLink: false,
    ticketTypes: 1,
    hasEnded: false,
  };
  return mayDo("edit", asIs, { paidTickets: 0, freeTickets: 0, revenuePence: 0 });
}

/** Adding or removing a ticket type keeps an event within 1 to 10 (spec §5). */
export function ticketTypeCountAfter(current: number, change: "add" | "remove"): Verdict {
  if (change === "add" && current >= TICKET_TYPES_MAX) return no(studioMessages.ticketTypesMaximum);
  if (change === "remove" && current <= TICKET_TYPES_MIN) return no(studioMessages.ticketTypesMinimum);
  return yes;
}

/**
 * A ticket type's capacity may never go below what it has sold, nor below what buyers hold at
 * checkout. The database has the last word (one conditional update); this is the words for it.
 */
export function capacityAllowed(capacity: number, sold: number, held = 0): Verdict {
  if (capacity >= sold + held) return yes;
  return no(
    held === 0 ? studioMessages.capacityBelowSold(sold) : studioTicketMessages.tickets.capacityBelowTaken(sold, held),
  );
}

/* ---------- A ticket type as the host defines it (spec §3 "Ticket type", §5, §9) ---------- */

export const TICKET_NAME_MAX = 80;
export const TICKET_DESCRIPTION_MAX = 300;
/** The most places one ticket type may have (the Studio's tickets page says the same). */
export const TICKET_CAPACITY_MAX = 100_000;
/** A face value, or a pay-what-you-wish minimum, is free or from £1.00 up to £10,000. */
export const TICKET_PRICE_MIN_PAID_PENCE = 100;
export const TICKET_PRICE_MAX_PENCE = 1_000_000;
export const MAX_PER_ORDER_LIMIT = 50;

export const TICKET_KIND_LABELS: Record<TicketKind, string> = {
  general: "General: on sale to everyone",
  private: "Private: only with its link or a private code",
  scheduled_visible: "Scheduled: shown before its sale opens",
  scheduled_hidden: "Scheduled, hidden: shown only while on sale",
};

/** What the host gives for a ticket type, read from the form: pence and instants. */
export interface TicketTypeDraft {
  name: string;
  description: string | null;
  kind: TicketKind;
  /** Face value, or for pay-what-you-wish the minimum, in pence. */
  pricePence: number;
  payWhatYouWish: boolean;
  capacity: number;
  maxPerOrder: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

/** The form's fields a ticket type's problems are named by. */
export type TicketTypeField = "name" | "description" | "price" | "capacity" | "maxPerOrder" | "salesStart" | "salesEnd";

/**
 * Everything wrong with a ticket type as given, by field (empty when it can be saved). Stock is
 * not judged here: capacity against what is sold and held is the database's conditional update.
 */
export function ticketTypeProblems(d: TicketTypeDraft): Partial<Record<TicketTypeField, string>> {
  const t = studioTicketMessages.tickets;
  const problems: Partial<Record<TicketTypeField, string>> = {};
  const name = d.name.trim();
  if (!name) problems.name = t.nameRequired;
  else if (name.length > TICKET_NAME_MAX) problems.name = t.nameTooLong(TICKET_NAME_MAX);
  if (d.description && d.description.trim().length > TICKET_DESCRIPTION_MAX)
    problems.description = t.descriptionTooLong(TICKET_DESCRIPTION_MAX);
  if (!ticketPriceAllowed(d.pricePence)) problems.price = d.payWhatYouWish ? t.minimumRange : t.priceRange;
  if (!Number.isInteger(d.capacity) || d.capacity < 0 || d.capacity > TICKET_CAPACITY_MAX)
    problems.capacity = t.capacityRange;
  if (!Number.isInteger(d.maxPerOrder) || d.maxPerOrder < 1 || d.maxPerOrder > MAX_PER_ORDER_LIMIT)
    problems.maxPerOrder = t.maxPerOrderRange(MAX_PER_ORDER_LIMIT);
  const window = saleWindowProblem(d.kind, d.salesStartAt, d.salesEndAt);
  if (window) problems[window.field] = window.message;
  return problems;
}

/** Free, or a whole number of pence from £1.00 to £10,000 (a paid order is at least £1.00, spec §5). */
export function ticketPriceAllowed(pence: number): boolean {
  return (
    Number.isSafeInteger(pence) &&
    (pence === 0 || (pence >= TICKET_PRICE_MIN_PAID_PENCE && pence <= TICKET_PRICE_MAX_PENCE))
  );
}

/**
 * A sale window: scheduled tickets need both ends (they are shown or sold by it); any window's end
 * comes after its start. A general or private ticket may have either end, or none.
 */
export function saleWindowProblem(
  kind: TicketKind,
  start: Date | null,
  end: Date | null,
): { field: "salesStart" | "salesEnd"; message: string } | null {
  const t = studioTicketMessages.tickets;
  if (kind === "scheduled_visible" || kind === "scheduled_hidden") {
    if (!start) return { field: "salesStart", message: t.windowNeeded };
    if (!end) return { field: "salesEnd", message: t.windowNeeded };
  }
  if (start && end && end.getTime() <= start.getTime()) return { field: "salesEnd", message: t.windowOrder };
  return null;
}

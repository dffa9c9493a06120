import { inSaleWindow, remaining, type TicketLike } from "./ticket-availability";

/**
 * A buyer's basket for one event (spec §3 client state: cart and discountCoupon), kept in the
 * browser and never trusted: it is sanitised when loaded, before checkout, and again by the server.
 */
export interface BasketLine {
  ticketTypeId: string;
  quantity: number;
  /** For pay-what-you-wish tickets: the amount chosen per ticket, in pence. */
  amountPence?: number;
}

export interface Basket {
  lines: BasketLine[];
  coupon: string | null;
}

export interface BasketTicket extends TicketLike {
  id: string;
  maxPerOrder: number;
}

/**
 * Spec §4 "Basket sanitising": counts capped to what remains (capacity less sold and held) and to
 * the per-order limit; private tickets dropped unless unlocked; scheduled tickets dropped outside
 * their window; unknown or nonsensical lines dropped. If anything changed, the coupon is cleared
 * (and the buyer told 'Oops! It seems someone beat you to it...').
 */
export function sanitiseBasket(
  basket: Basket,
  tickets: readonly BasketTicket[],
  now: Date,
  unlocked: ReadonlySet<string> = new Set(),
): { basket: Basket; changed: boolean } {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const lines: BasketLine[] = [];
  let changed = false;
  for (const line of basket.lines) {
    const ticket = byId.get(line.ticketTypeId);
    const wanted = Number.isSafeInteger(line.quantity) && line.quantity > 0 ? line.quantity : 0;
    if (!ticket || seen.has(line.ticketTypeId) || wanted === 0) {
      changed ||= wanted !== 0 || !ticket || seen.has(line.ticketTypeId);
      continue;
    }
    seen.add(line.ticketTypeId);
    let allowed = Math.min(wanted, remaining(ticket), Math.max(0, ticket.maxPerOrder));
    if (ticket.kind === "private" && !unlocked.has(ticket.id)) allowed = 0;
    if ((ticket.kind === "scheduled_visible" || ticket.kind === "scheduled_hidden") && !inSaleWindow(ticket, now))
      allowed = 0;
    if (allowed !== wanted) changed = true;
    if (allowed > 0) lines.push({ ...line, quantity: allowed });
  }
  return changed ? { basket: { lines, coupon: null }, changed } : { basket: { lines, coupon: basket.coupon }, changed };
}

/** How many tickets the basket holds. */
export function basketCount(basket: Basket): number {
  return basket.lines.reduce((n, l) => n + l.quantity, 0);
}

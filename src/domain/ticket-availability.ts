import { formatMoney } from "~/lib/format";
import { headlinePrice, type HeadlinePrice, type PriceTerms } from "./pricing";

/**
 * Which ticket types a buyer can see and buy (spec §3 "Ticket type", §4 "Ticket availability").
 * Kinds: general; private (unlocked by a link or code); scheduled_visible (shown with "on sale
 * from" before its window); scheduled_hidden (shown only inside its window).
 */
export type TicketKind = "general" | "private" | "scheduled_visible" | "scheduled_hidden";

export interface TicketLike {
  kind: TicketKind;
  /** Face value in pence; for pay-what-you-wish, the minimum. */
  pricePence: number;
  capacity: number;
  sold: number;
  /** Places held by baskets at checkout; they are not for sale while held. */
  held?: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

export function remaining(t: TicketLike): number {
  return Math.max(0, t.capacity - t.sold - (t.held ?? 0));
}

/** Inside the ticket's sale window (a missing end is open-ended; a missing start, already open). */
export function inSaleWindow(t: Pick<TicketLike, "salesStartAt" | "salesEndAt">, now: Date): boolean {
  const time = now.getTime();
  if (t.salesStartAt && time < t.salesStartAt.getTime()) return false;
  if (t.salesEndAt && time >= t.salesEndAt.getTime()) return false;
  return true;
}

/** Shown on the event page at all: private ones only once unlocked, hidden-scheduled ones only in their window. */
export function isVisible(t: TicketLike, now: Date, unlocked = false): boolean {
  switch (t.kind) {
    case "general":
    case "scheduled_visible":
      return true;
    case "scheduled_hidden":
      return inSaleWindow(t, now);
    case "private":
      return unlocked;
  }
}

/** Can be put in a basket now: visible, in its window, and with places left. */
export function isOnSale(t: TicketLike, now: Date, unlocked = false): boolean {
  return isVisible(t, now, unlocked) && inSaleWindow(t, now) && remaining(t) > 0;
}

export type CardPrice = { kind: "free" } | { kind: "from"; price: HeadlinePrice } | { kind: "none" };

/**
 * The price on an event's card: 'Free Entry' when every public ticket is free, otherwise the
 * headline price (all-in, in the event's currency, on the host's fee mode) of the cheapest ticket on
 * sale (or, when none is, of the cheapest public one, so a sold-out card still says what it cost).
 * Private tickets never set the public price.
 */
export function cardPrice(tickets: readonly TicketLike[], now: Date, terms: PriceTerms): CardPrice {
  const publicTickets = tickets.filter(
    (t) => t.kind !== "private" && (t.kind !== "scheduled_hidden" || inSaleWindow(t, now)),
  );
  if (publicTickets.length === 0) return { kind: "none" };
  if (publicTickets.every((t) => t.pricePence === 0)) return { kind: "free" };
  const onSale = publicTickets.filter((t) => isOnSale(t, now));
  const pool = onSale.length > 0 ? onSale : publicTickets;
  const cheapest = Math.min(...pool.map((t) => t.pricePence));
  return { kind: "from", price: headlinePrice(cheapest, terms) };
}

/**
 * The card's price in words (spec §2): 'Free Entry', a single headline price, or 'From' the
 * cheapest when public tickets cost different amounts. Null when there is nothing to show. Cards,
 * map pins and the search API all say this.
 */
export function cardPriceLabel(tickets: readonly TicketLike[], now: Date, terms: PriceTerms): string | null {
  const card = cardPrice(tickets, now, terms);
  if (card.kind === "none") return null;
  if (card.kind === "free") return "Free Entry";
  if (card.price.totalMinor === 0) return "Free tickets available";
  const text = formatMoney(card.price.totalMinor, card.price.currency);
  const prices = new Set(tickets.filter((t) => t.kind !== "private").map((t) => t.pricePence));
  return prices.size > 1 ? `From ${text}` : text;
}

/**
 * The sales desk's words for a sold ticket's state, as a box office reads it: a ticket whose order
 * was refunded is `refunded`; one whose order was cancelled (or voided on its own) is `cancelled`;
 * otherwise it is `checked_in` or `valid`. The order's state comes first: a refunded order's ticket
 * that was scanned before the refund is still refunded money, not an admission to count.
 */
export const SOLD_TICKET_STATES = ["valid", "checked_in", "cancelled", "refunded"] as const;
export type SoldTicketState = (typeof SOLD_TICKET_STATES)[number];

export function isSoldTicketState(value: string): value is SoldTicketState {
  return (SOLD_TICKET_STATES as readonly string[]).includes(value);
}

/** A sold ticket's state from its order's status and its own (see above). */
export function soldTicketState(orderStatus: string, ticketStatus: string): SoldTicketState {
  if (orderStatus === "refunded") return "refunded";
  if (orderStatus === "cancelled" || ticketStatus === "void") return "cancelled";
  return ticketStatus === "checked_in" ? "checked_in" : "valid";
}

/**
 * Resending an order's tickets (spec §9 "Resend email wait 5 minutes"): once per order per five
 * minutes, and a few times an hour to one address across orders, so the desk can't be turned into a
 * way to fill someone's inbox. Past either: 'An email has already been sent to this person!' (§8).
 */
export const RESEND_PER_ORDER = { limit: 1, windowMs: 5 * 60_000 } as const;
export const RESEND_PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 } as const;
/** A ceiling on one host's resends an hour, whoever they go to. */
export const RESEND_PER_HOST = { limit: 60, windowMs: 60 * 60_000 } as const;

import type { BasketLine } from "~/domain/basket";
import { parsePounds } from "~/domain/money";

/** A submitted form: `FormData` (the page's action) or `URLSearchParams` (the holds API). */
interface SubmittedForm {
  get(name: string): unknown;
  keys(): IterableIterator<string>;
}

/** What the booking panel's Checkout asks for, as `holdTickets` takes it. */
export interface CheckoutRequest {
  lines: BasketLine[];
  seats: { row: number; column: number }[] | undefined;
  coupon: string | null;
  unlockedTicketTypeIds: string[];
  idempotencyKey: string | undefined;
}

/**
 * Reads the booking panel's form: `qty:{ticketTypeId}` and, for pay-what-you-wish tickets,
 * `amount:{ticketTypeId}` in pounds; `seats` as JSON; the applied (or typed) code; the panel's
 * idempotency `key`. The page's action and `POST /api/events/{slug}/holds` both read it here, so the
 * press means the same with JavaScript and without. `unlockKey` is the private-ticket key from the
 * page's link, checked against `unlockKeyFor` (the ticket codes' key for each type).
 */
export function readCheckoutForm(form: SubmittedForm, unlockKey: string | null, unlockKeyFor: (ticketTypeId: string) => string): CheckoutRequest {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const lines = [...form.keys()].flatMap((name) => {
    const ticketTypeId = /^qty:([0-9a-f-]{36})$/i.exec(name)?.[1];
    const quantity = Number(text(name) || 0);
    if (!ticketTypeId || !Number.isInteger(quantity) || quantity <= 0) return [];
    const amount = form.get(`amount:${ticketTypeId}`);
    // The amount counts only for a pay-what-you-wish ticket; holdTickets ignores it otherwise.
    return [{ ticketTypeId, quantity, ...(typeof amount === "string" ? { amountPence: parsePounds(amount) ?? NaN } : {}) }];
  });
  let seats: { row: number; column: number }[] = [];
  try {
    const parsed = JSON.parse(text("seats") || "[]") as unknown;
    if (Array.isArray(parsed)) seats = parsed.filter((s): s is { row: number; column: number } => typeof s?.row === "number" && typeof s?.column === "number");
  } catch {
    seats = [];
  }
  return {
    lines,
    seats: seats.length > 0 ? seats : undefined,
    coupon: (text("appliedCoupon") || text("coupon")).trim() || null,
    unlockedTicketTypeIds: unlockKey ? lines.filter((l) => unlockKeyFor(l.ticketTypeId) === unlockKey).map((l) => l.ticketTypeId) : [],
    idempotencyKey: text("key") || undefined,
  };
}

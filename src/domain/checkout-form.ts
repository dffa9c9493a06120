import { z } from "zod";
import type { BasketLine } from "~/domain/basket";
import { parsePounds } from "~/domain/money";
import { field } from "~/lib/read-form";

/** What the booking panel's Checkout asks for, as `holdTickets` takes it. */
export interface CheckoutRequest {
  lines: BasketLine[];
  seats: { row: number; column: number }[] | undefined;
  coupon: string | null;
  unlockedTicketTypeIds: string[];
  idempotencyKey: string | undefined;
}

const Seat = z.object({ row: z.number(), column: z.number() });

/**
 * The booking panel's form, for `parseForm`/`readForm`: `qty:{ticketTypeId}` and, for
 * pay-what-you-wish tickets, `amount:{ticketTypeId}` in pounds; `seats` as JSON; the applied (or
 * typed) code; the panel's idempotency `key`. The page's action and `POST /api/events/{slug}/holds`
 * both read it here, so the press means the same with JavaScript and without. A quantity that is
 * not a positive whole number is no line; seats that are not seats are none (the hold then asks
 * for them); the amount counts only for a pay-what-you-wish ticket (holdTickets ignores it otherwise).
 */
export const CheckoutForm = z
  .looseObject({
    seats: field.text().transform((text) => {
      try {
        const parsed = JSON.parse(text || "[]") as unknown;
        return Array.isArray(parsed)
          ? parsed.flatMap((s) => (Seat.safeParse(s).success ? [s as z.output<typeof Seat>] : []))
          : [];
      } catch {
        return [];
      }
    }),
    coupon: field.text(),
    appliedCoupon: field.text(),
    key: field.text(),
  })
  .transform((form) => {
    const text = (name: string) => {
      const value = form[name];
      return typeof value === "string" ? value : "";
    };
    const lines = Object.keys(form).flatMap((name): BasketLine[] => {
      const ticketTypeId = /^qty:([0-9a-f-]{36})$/i.exec(name)?.[1];
      const quantity = Number(text(name) || 0);
      if (!ticketTypeId || !Number.isInteger(quantity) || quantity <= 0) return [];
      const amount = form[`amount:${ticketTypeId}`];
      return [
        { ticketTypeId, quantity, ...(typeof amount === "string" ? { amountPence: parsePounds(amount) ?? NaN } : {}) },
      ];
    });
    return {
      lines,
      seats: form.seats.length > 0 ? form.seats : undefined,
      coupon: (form.appliedCoupon || form.coupon).trim() || null,
      idempotencyKey: form.key || undefined,
    };
  });

/**
 * The press as `holdTickets` takes it. `unlockKey` is the private-ticket key from the page's link,
 * checked against `unlockKeyFor` (the ticket codes' key for each type).
 */
export function checkoutRequest(
  form: z.output<typeof CheckoutForm>,
  unlockKey: string | null,
  unlockKeyFor: (ticketTypeId: string) => string,
): CheckoutRequest {
  return {
    ...form,
    unlockedTicketTypeIds: unlockKey
      ? form.lines.filter((l) => unlockKeyFor(l.ticketTypeId) === unlockKey).map((l) => l.ticketTypeId)
      : [],
  };
}

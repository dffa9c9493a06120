import type { BasketLine } from "~/domain/basket";
import {
  chosenAmountAccepted,
  priceOrder,
  type PriceBreakdown,
  type PricedLine,
  type PriceTerms,
} from "~/domain/pricing";

/**
 * A basket priced as checkout will price it (`priceOrder`, on the event's terms): a
 * pay-what-you-wish amount outside its range counts the ticket's minimum meanwhile, and no
 * discount ever takes a chosen amount below that minimum.
 */
export function priceBasket(
  lines: readonly BasketLine[],
  ticketOf: (ticketTypeId: string) => { pricePence: number; payWhatYouWish: boolean },
  terms: PriceTerms,
  discount: Parameters<typeof priceOrder>[1]["discount"] = null,
): { lines: PricedLine[]; breakdown: PriceBreakdown; count: number } {
  const priced = lines.map((l): PricedLine => {
    const t = ticketOf(l.ticketTypeId);
    if (!t.payWhatYouWish) return { quantity: l.quantity, unitPricePence: t.pricePence };
    return {
      quantity: l.quantity,
      unitPricePence: chosenAmountAccepted(l.amountPence, t.pricePence) ? l.amountPence : t.pricePence,
      floorPence: t.pricePence,
    };
  });
  return {
    lines: priced,
    breakdown: priceOrder(priced, { discount, feeMode: terms.feeMode, fee: terms.fee }),
    count: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

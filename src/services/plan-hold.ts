import { assignSeats } from "~/domain/seat-plan";
import { basketShortfalls, sanitiseBasket, type Basket, type Shortfall } from "~/domain/basket";
import { hasEnded } from "~/domain/event-flags";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import {
  checkoutProblem,
  chosenAmountAccepted,
  maxChosenAmount,
  priceOrder,
  type DiscountRule,
} from "~/domain/pricing";
import { formatMoney } from "~/lib/format";
import { messages } from "~/texts/messages";
import { AppError } from "~/lib/app-error";
import type { Db } from "~/db/client.server";
import type { discount } from "~/db/schema";
import type { StockRow } from "./claim-stock";
import { discountProblemText, discountRuleOf, findDiscount } from "./find-discount";
import type { HoldDefinitions, TicketRow } from "./hold-definitions";
import type { HoldInput, SeatChoice } from "./hold-tickets";

/*
 * A hold's plan, made before the claim: the event is on sale, the code can be used, the amounts
 * and the basket are sound, and the seats are on the plan. Planned as if every ticket type had
 * room (only the claim can say how much there is); a refused claim's stock corrects the basket.
 */

export interface Planned {
  /** The definitions planned on (an event on sale). */
  def: HoldDefinitions;
  plan: ReturnType<typeof priceBasket>;
  coupon: typeof discount.$inferSelect | null;
  unlocked: ReadonlySet<string>;
  rule: DiscountRule | null;
  /** The chosen seats, each with the ticket type of its section (empty for an unseated event). */
  seats: (SeatChoice & { ticketTypeId: string })[];
}

/** Everything a hold checks before it claims: the event is on sale, the code, the amounts, the basket and the seats. */
export async function planHold(db: Db, input: HoldInput, found: HoldDefinitions | null): Promise<Planned> {
  if (!found || found.status !== "published") throw new AppError("not_found", "That event isn't on sale.");
  if (found.isCancelled) throw new AppError("conflict", "This event has been cancelled.", { reason: "cancelled" });
  if (hasEnded(found, input.now)) throw new AppError("conflict", "Sorry, this event has ended!", { reason: "ended" });

  let coupon: Awaited<ReturnType<typeof findDiscount>> = null;
  if (input.coupon) {
    coupon = await findDiscount(db, { hostId: found.hostId, eventId: found.id, code: input.coupon, now: input.now });
    if (coupon?.problem)
      throw new AppError("validation_failed", discountProblemText[coupon.problem], { field: "coupon" });
  }
  const unlocked = new Set(input.unlockedTicketTypeIds ?? []);
  // A private discount code also unlocks the host's private tickets.
  if (coupon?.discount?.isPrivate) for (const t of found.types) if (t.kind === "private") unlocked.add(t.id);

  // Pay-what-you-wish amounts are checked against each ticket's minimum.
  for (const line of input.lines) {
    const type = found.types.find((t) => t.id === line.ticketTypeId);
    if (
      type?.payWhatYouWish &&
      line.quantity > 0 &&
      !chosenAmountAccepted(line.amountPence ?? type.pricePence, type.pricePence)
    ) {
      const text = messages.buyer.chosenAmountRange(
        formatMoney(type.pricePence, found.currency),
        formatMoney(maxChosenAmount(type.pricePence), found.currency),
      );
      throw new AppError("validation_failed", text, { field: "amount", ticketTypeId: type.id });
    }
  }
  const rule: DiscountRule | null = coupon?.discount ? discountRuleOf(coupon.discount) : null;

  // Planned as if every ticket type had room: how much room there is, only the claim can say.
  const plan = priceBasket(input, found.types.map(withRoom), unlocked, rule, found.feeMode);
  if (plan.changed)
    throw beatenTo(
      plan.basket,
      basketShortfalls({ lines: input.lines, coupon: null }, found.types.map(withRoom), input.now, unlocked),
      found.types,
    );
  const seats = checkSeats(Boolean(found.seatRows && found.seatColumns), input.seats ?? [], plan, found);
  return { def: found, plan, coupon: coupon?.discount ?? null, unlocked, rule, seats };
}

/** The buyer's basket corrected to the stock a refused claim found. */
export function basketForStock(
  input: HoldInput,
  planned: Planned,
  stock: StockRow[],
): { basket: Basket; shortfalls: Shortfall[] } {
  const types = withStock(planned.def.types, stock);
  return {
    basket: priceBasket(input, types, planned.unlocked, planned.rule, planned.def.feeMode).basket,
    shortfalls: basketShortfalls({ lines: input.lines, coupon: null }, types, input.now, planned.unlocked),
  };
}

/** A ticket type as planning sees it: with room for any basket (the claim checks the real stock). */
const withRoom = (t: TicketRow): TicketRow => ({ ...t, capacity: Number.MAX_SAFE_INTEGER, sold: 0, held: 0 });

/** The ticket types with their stock as a claim found it. */
const withStock = (types: TicketRow[], stock: StockRow[]) =>
  types.map((t) => {
    const now = stock.find((s) => s.id === t.id);
    return now ? { ...t, sold: now.sold, held: now.held, capacity: now.capacity } : t;
  });

/**
 * The basket could not be held as asked: the buyer's basket corrected to what can be had, and words
 * that say why, line by line: how many are left (someone beat them to it), or the per-order limit.
 */
export function beatenTo(
  basket: Basket,
  shortfalls: Shortfall[] = [],
  types: readonly { id: string; name: string }[] = [],
): AppError {
  const name = (id: string) => types.find((t) => t.id === id)?.name ?? "This ticket";
  const beaten = shortfalls.length === 0 || shortfalls.some((s) => s.kind === "left");
  const why = shortfalls.map((s) =>
    s.kind === "left"
      ? messages.buyer.onlyLeft(name(s.ticketTypeId), s.left)
      : s.kind === "per_order"
        ? messages.buyer.perOrderLimit(name(s.ticketTypeId), s.max)
        : messages.buyer.notOnSale(name(s.ticketTypeId)),
  );
  const text = [
    beaten ? messages.informational.beatenToIt : null,
    ...why,
    shortfalls.length > 0 ? messages.buyer.basketCorrected : null,
  ]
    .filter(Boolean)
    .join(" ");
  const left = Object.fromEntries(shortfalls.flatMap((s) => (s.kind === "left" ? [[s.ticketTypeId, s.left]] : [])));
  return new AppError("conflict", text, { reason: "basket_changed", basket, left });
}

/** The basket sanitised against these ticket types, priced, and checked for the spec's minimums. */
function priceBasket(
  input: HoldInput,
  types: TicketRow[],
  unlocked: ReadonlySet<string>,
  rule: DiscountRule | null,
  feeMode: "pass" | "absorb",
) {
  const { basket, changed } = sanitiseBasket(
    { lines: input.lines, coupon: input.coupon ?? null },
    types,
    input.now,
    unlocked,
  );
  const lines = basket.lines.map((l) => {
    const type = types.find((t) => t.id === l.ticketTypeId)!;
    if (!type.payWhatYouWish)
      return { ticketTypeId: l.ticketTypeId, quantity: l.quantity, unitPricePence: type.pricePence };
    return {
      ticketTypeId: l.ticketTypeId,
      quantity: l.quantity,
      unitPricePence: l.amountPence ?? type.pricePence,
      floorPence: type.pricePence,
    };
  });
  const breakdown = priceOrder(lines, { discount: rule, feeMode, fee: ACTIVE_PROVIDER_FEE });
  if (!changed) {
    const problem = checkoutProblem(lines, breakdown);
    if (problem === "empty")
      throw new AppError("validation_failed", "Choose at least one ticket.", { field: "tickets" });
    if (problem === "below_minimum")
      throw new AppError("validation_failed", "A paid order must come to at least £1.00.", { field: "tickets" });
  }
  return { basket, changed, lines, breakdown, count: lines.reduce((n, l) => n + l.quantity, 0) };
}

/**
 * The seats are on the plan, one per ticket, and each in the section its ticket sells (a seat is
 * bought at its section's price): each seat is given the ticket type that sells it.
 */
function checkSeats(
  seated: boolean,
  seats: SeatChoice[],
  plan: { count: number; lines: { ticketTypeId: string; quantity: number }[] },
  found: HoldDefinitions,
): (SeatChoice & { ticketTypeId: string })[] {
  if (!seated) return [];
  const count = plan.count;
  if (seats.length !== count)
    throw new AppError(
      "validation_failed",
      `Choose ${count === 1 ? "a seat" : `${count} seats`} on the plan, one for each ticket.`,
      { field: "seats" },
    );
  const keys = new Set(seats.map((s) => `${s.row}:${s.column}`));
  const inPlan = seats.every(
    (s) =>
      Number.isInteger(s.row) &&
      Number.isInteger(s.column) &&
      s.row >= 1 &&
      s.column >= 1 &&
      s.row <= found.seatRows! &&
      s.column <= found.seatColumns!,
  );
  const unsellable = new Set(found.unsellable);
  // A gap is no seat, and a blocked seat is never sold: neither is on the plan for a buyer.
  if (keys.size !== seats.length || !inPlan || [...keys].some((k) => unsellable.has(k)))
    throw new AppError("validation_failed", "Those seats aren't on the plan.", { field: "seats" });
  const lines = plan.lines.map((l) => ({
    ...l,
    sectionId: found.types.find((t) => t.id === l.ticketTypeId)?.seatSectionId ?? null,
  }));
  const assigned = assignSeats(lines, seats, found.sections);
  if (!assigned) throw new AppError("validation_failed", messages.buyer.seatsOutsideSection, { field: "seats" });
  return assigned;
}

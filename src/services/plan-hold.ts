import { sanitiseBasket, type Basket } from "~/domain/basket";
import { hasEnded } from "~/domain/event-flags";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { checkoutProblem, isValidChosenAmount, priceOrder, type DiscountRule } from "~/domain/pricing";
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
}

/** Everything a hold checks before it claims: the event is on sale, the code, the amounts, the basket and the seats. */
export async function planHold(db: Db, input: HoldInput, found: HoldDefinitions | null): Promise<Planned> {
  if (!found || found.status !== "published") throw new AppError("not_found", "That event isn't on sale.");
  if (found.isCancelled) throw new AppError("conflict", "This event has been cancelled.", { reason: "cancelled" });
  if (hasEnded(found, input.now)) throw new AppError("conflict", "Sorry, this event has ended!", { reason: "ended" });

  let coupon: Awaited<ReturnType<typeof findDiscount>> = null;
  if (input.coupon) {
    coupon = await findDiscount(db, found.hostId, input.coupon, input.now);
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
      !isValidChosenAmount(line.amountPence ?? type.pricePence, type.pricePence)
    ) {
      throw new AppError(
        "validation_failed",
        "Choose an amount from the minimum up to £10,000 more, in pounds and pence.",
        { field: "amount", ticketTypeId: type.id },
      );
    }
  }
  const rule: DiscountRule | null = coupon?.discount ? discountRuleOf(coupon.discount) : null;

  // Planned as if every ticket type had room: how much room there is, only the claim can say.
  const plan = priceBasket(input, found.types.map(withRoom), unlocked, rule, found.feeMode);
  if (plan.changed) throw beatenTo(plan.basket);
  checkSeats(Boolean(found.seatRows && found.seatColumns), input.seats ?? [], plan.count, found);
  return { def: found, plan, coupon: coupon?.discount ?? null, unlocked, rule };
}

/** The buyer's basket corrected to the stock a refused claim found. */
export function basketForStock(input: HoldInput, planned: Planned, stock: StockRow[]): Basket {
  return priceBasket(input, withStock(planned.def.types, stock), planned.unlocked, planned.rule, planned.def.feeMode)
    .basket;
}

/** A ticket type as planning sees it: with room for any basket (the claim checks the real stock). */
const withRoom = (t: TicketRow): TicketRow => ({ ...t, capacity: Number.MAX_SAFE_INTEGER, sold: 0, held: 0 });

/** The ticket types with their stock as a claim found it. */
const withStock = (types: TicketRow[], stock: StockRow[]) =>
  types.map((t) => {
    const now = stock.find((s) => s.id === t.id);
    return now ? { ...t, sold: now.sold, held: now.held, capacity: now.capacity } : t;
  });

export const beatenTo = (basket: Basket) =>
  new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "basket_changed", basket });

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
    return {
      ticketTypeId: l.ticketTypeId,
      quantity: l.quantity,
      unitPricePence: type.payWhatYouWish ? (l.amountPence ?? type.pricePence) : type.pricePence,
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

function checkSeats(
  seated: boolean,
  seats: SeatChoice[],
  count: number,
  plan: { seatRows: number | null; seatColumns: number | null },
) {
  if (!seated) return;
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
      s.row <= plan.seatRows! &&
      s.column <= plan.seatColumns!,
  );
  if (keys.size !== seats.length || !inPlan)
    throw new AppError("validation_failed", "Those seats aren't on the plan.", { field: "seats" });
}

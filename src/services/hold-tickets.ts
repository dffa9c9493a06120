import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, event, hold, holdLine, seatClaim, ticketType, user, venue } from "~/db/schema";
import { sanitiseBasket, type BasketLine } from "~/domain/basket";
import { hasEnded } from "~/domain/event-flags";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { checkoutProblem, isValidChosenAmount, priceOrder, type DiscountRule, type PriceBreakdown } from "~/domain/pricing";
import { AppError } from "~/lib/app-error";
import { releaseHolds } from "./release-holds";

/** How long tickets are held at checkout (the booking timer). */
export const HOLD_MINUTES = 10;

export interface SeatChoice {
  row: number;
  column: number;
}

export interface HoldInput {
  eventId: string;
  userId: string | null;
  lines: BasketLine[];
  /** For seat-plan events: one seat per ticket. */
  seats?: SeatChoice[];
  coupon?: string | null;
  /** Private ticket types the buyer unlocked with their link. */
  unlockedTicketTypeIds?: string[];
  idempotencyKey?: string;
  now: Date;
}

export interface HeldTickets {
  holdId: string;
  expiresAt: Date;
  breakdown: PriceBreakdown;
  discountCode: string | null;
}

/** A discount code as found for a host, with why it cannot be used (if it cannot). */
export async function findDiscount(db: Db, hostId: string, code: string, now: Date) {
  const normalised = code.trim().toLowerCase();
  if (!normalised) return null;
  const [found] = await db
    .select()
    .from(discount)
    .where(and(eq(discount.hostId, hostId), eq(discount.code, normalised)))
    .limit(1);
  if (!found) return { discount: null, problem: "unknown" as const };
  if (!found.isActive) return { discount: found, problem: "inactive" as const };
  if (found.startsAt && now < found.startsAt) return { discount: found, problem: "not_yet" as const };
  if (found.endsAt && now >= found.endsAt) return { discount: found, problem: "expired" as const };
  if (found.maxUses !== null) {
    // Completed orders plus buyers holding tickets with it right now.
    const [{ holding }] = (await db
      .select({ holding: sql<number>`count(*)::int` })
      .from(hold)
      .where(and(eq(hold.discountId, found.id), eq(hold.status, "active"), sql`${hold.expiresAt} > ${now}`))) as [{ holding: number }];
    if (found.uses + Number(holding) >= found.maxUses) return { discount: found, problem: "used_up" as const };
  }
  return { discount: found, problem: null };
}

export const discountProblemText = {
  unknown: "That code doesn't match any offer for this event.",
  inactive: "That code isn't active any more.",
  not_yet: "That code can't be used yet.",
  expired: "That code has expired.",
  used_up: "That code has been used as many times as it allows.",
} as const;

/**
 * Holds the chosen tickets (and seats) for ten minutes. Everything happens in one transaction:
 * expired holds for the event give their stock back first, then each ticket type is claimed with
 * one conditional statement (`sold + held + n <= capacity`) and each seat by its primary key. If
 * any claim fails, nothing is held and the buyer is told someone beat them to it. The browser's
 * basket is checked again here: it is never trusted.
 */
export async function holdTickets(db: Db, input: HoldInput): Promise<HeldTickets> {
  if (input.idempotencyKey) {
    const [existing] = await db.select().from(hold).where(eq(hold.idempotencyKey, input.idempotencyKey)).limit(1);
    if (existing) return describeHold(db, existing.id);
  }

  const [found] = await db
    .select({ event, feeMode: user.feeMode, seatRows: venue.seatRows, seatColumns: venue.seatColumns })
    .from(event)
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(eq(event.id, input.eventId))
    .limit(1);
  if (!found || found.event.status !== "published") throw new AppError("not_found", "That event isn't on sale.");
  const e = found.event;
  if (e.isCancelled) throw new AppError("conflict", "This event has been cancelled.", { reason: "cancelled" });
  if (hasEnded(e, input.now)) throw new AppError("conflict", "Sorry, this event has ended!", { reason: "ended" });

  const types = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id)).orderBy(asc(ticketType.sortOrder));
  let coupon: Awaited<ReturnType<typeof findDiscount>> = null;
  if (input.coupon) {
    coupon = await findDiscount(db, e.hostId, input.coupon, input.now);
    if (coupon?.problem) throw new AppError("validation_failed", discountProblemText[coupon.problem], { field: "coupon" });
  }
  const unlocked = new Set(input.unlockedTicketTypeIds ?? []);
  // A private discount code also unlocks the host's private tickets.
  if (coupon?.discount?.isPrivate) for (const t of types) if (t.kind === "private") unlocked.add(t.id);

  // Pay-what-you-wish amounts are checked against each ticket's minimum.
  for (const line of input.lines) {
    const type = types.find((t) => t.id === line.ticketTypeId);
    if (type?.payWhatYouWish && line.quantity > 0 && !isValidChosenAmount(line.amountPence ?? type.pricePence, type.pricePence)) {
      throw new AppError("validation_failed", "Choose an amount from the minimum up to £10,000 more, in pounds and pence.", { field: "amount", ticketTypeId: type.id });
    }
  }

  return db.transaction(async (tx) => {
    // Stock from holds that ran out comes back before anyone claims it.
    await releaseHolds(tx, { now: input.now, eventId: e.id });
    const fresh = await tx.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const { basket, changed } = sanitiseBasket({ lines: input.lines, coupon: input.coupon ?? null }, fresh, input.now, unlocked);
    if (changed) throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "basket_changed", basket });

    const lines = basket.lines.map((l) => {
      const type = fresh.find((t) => t.id === l.ticketTypeId)!;
      return { ...l, type, unitPricePence: type.payWhatYouWish ? (l.amountPence ?? type.pricePence) : type.pricePence };
    });
    const rule: DiscountRule | null = coupon?.discount ? (coupon.discount.kind === "percent" ? { kind: "percent", basisPoints: coupon.discount.value } : { kind: "fixed", pence: coupon.discount.value }) : null;
    const breakdown = priceOrder(lines, { discount: rule, feeMode: found.feeMode, fee: ACTIVE_PROVIDER_FEE });
    const problem = checkoutProblem(lines, breakdown);
    if (problem === "empty") throw new AppError("validation_failed", "Choose at least one ticket.", { field: "tickets" });
    if (problem === "below_minimum") throw new AppError("validation_failed", "A paid order must come to at least £1.00.", { field: "tickets" });

    const seated = Boolean(found.seatRows && found.seatColumns);
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    const seats = input.seats ?? [];
    if (seated) {
      if (seats.length !== count) throw new AppError("validation_failed", `Choose ${count === 1 ? "a seat" : `${count} seats`} on the plan, one for each ticket.`, { field: "seats" });
      const keys = new Set(seats.map((s) => `${s.row}:${s.column}`));
      const inPlan = seats.every((s) => Number.isInteger(s.row) && Number.isInteger(s.column) && s.row >= 1 && s.column >= 1 && s.row <= found.seatRows! && s.column <= found.seatColumns!);
      if (keys.size !== seats.length || !inPlan) throw new AppError("validation_failed", "Those seats aren't on the plan.", { field: "seats" });
    }

    const expiresAt = new Date(input.now.getTime() + HOLD_MINUTES * 60_000);
    // Each seat belongs to the ticket type its place in the basket gives it, in order.
    const owners = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.ticketTypeId));
    const chosen = seated ? seats.map((s, i) => ({ row: s.row, column: s.column, ticketTypeId: owners[i]! })) : [];
    const [created] = await tx
      .insert(hold)
      .values({ eventId: e.id, userId: input.userId, expiresAt, seats: chosen, discountId: coupon?.discount?.id ?? null, idempotencyKey: input.idempotencyKey ?? null })
      .returning({ id: hold.id });
    const holdId = created!.id;

    await tx.insert(holdLine).values(lines.map((l) => ({ holdId, ticketTypeId: l.ticketTypeId, quantity: l.quantity, unitPricePence: l.unitPricePence })));
    if (seated) {
      const inserted = await tx
        .insert(seatClaim)
        .values(chosen.map((s) => ({ eventId: e.id, seatRow: s.row, seatColumn: s.column, ticketTypeId: s.ticketTypeId, holdId })))
        .onConflictDoNothing()
        .returning({ row: seatClaim.seatRow });
      if (inserted.length !== seats.length) throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "seat_taken" });
    }

    // The claims come last, just before the commit: each locks its ticket type's row, so the
    // shorter the time from here to the commit, the more buyers a second a popular event serves.
    for (const line of lines) {
      // The claim: one conditional statement; no row back means not enough stock, and nothing changed.
      const claimed = await tx
        .update(ticketType)
        .set({ held: sql`${ticketType.held} + ${line.quantity}` })
        .where(and(eq(ticketType.id, line.ticketTypeId), eq(ticketType.eventId, e.id), sql`${ticketType.sold} + ${ticketType.held} + ${line.quantity} <= ${ticketType.capacity}`))
        .returning({ id: ticketType.id });
      if (claimed.length === 0) throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "sold_out", ticketTypeId: line.ticketTypeId });
    }
    return { holdId, expiresAt, breakdown, discountCode: coupon?.discount?.code ?? null };
  });
}

/** A hold as checkout shows it. */
export async function describeHold(db: Db, holdId: string): Promise<HeldTickets> {
  const [row] = await db
    .select({ hold, feeMode: user.feeMode, discount })
    .from(hold)
    .innerJoin(event, eq(event.id, hold.eventId))
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(discount, eq(discount.id, hold.discountId))
    .where(eq(hold.id, holdId))
    .limit(1);
  if (!row) throw new AppError("not_found");
  const lines = await db.select().from(holdLine).where(eq(holdLine.holdId, holdId));
  const rule: DiscountRule | null = row.discount ? (row.discount.kind === "percent" ? { kind: "percent", basisPoints: row.discount.value } : { kind: "fixed", pence: row.discount.value }) : null;
  return {
    holdId,
    expiresAt: row.hold.expiresAt,
    breakdown: priceOrder(lines, { discount: rule, feeMode: row.feeMode, fee: ACTIVE_PROVIDER_FEE }),
    discountCode: row.discount?.code ?? null,
  };
}

/** The buyer may extend their hold once, by another ten minutes, while it is still active. */
export async function extendHold(db: Db, input: { holdId: string; userId: string | null; now: Date }): Promise<Date> {
  const [updated] = await db
    .update(hold)
    .set({ expiresAt: sql`${hold.expiresAt} + make_interval(mins => ${HOLD_MINUTES})`, extended: true })
    .where(and(eq(hold.id, input.holdId), eq(hold.status, "active"), eq(hold.extended, false), sql`${hold.expiresAt} > ${input.now}`, input.userId ? eq(hold.userId, input.userId) : sql`${hold.userId} is null`))
    .returning({ expiresAt: hold.expiresAt });
  if (!updated) throw new AppError("conflict", "This checkout can't be extended any more.", { reason: "not_extendable" });
  return updated.expiresAt;
}

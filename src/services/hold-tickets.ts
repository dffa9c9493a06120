import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, event, hold, holdLine, seatClaim, ticketType, user, venue } from "~/db/schema";
import { sanitiseBasket, type Basket, type BasketLine } from "~/domain/basket";
import { hasEnded } from "~/domain/event-flags";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { checkoutProblem, isValidChosenAmount, priceOrder, type DiscountRule, type PriceBreakdown } from "~/domain/pricing";
import { AppError } from "~/lib/app-error";
import { claimAndHold, type StockRow } from "./claim-stock";
import { releaseHoldsAndOffer } from "./waitlist-offers";

/** How long tickets are held at checkout (the booking timer). */
export const HOLD_MINUTES = 10;

export interface SeatChoice {
  row: number;
  column: number;
}

export interface HoldInput {
  /** The event, by id or (from its page) by slug. */
  eventId?: string;
  slug?: string;
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

type TicketRow = typeof ticketType.$inferSelect;

/** The event as a hold needs it, read in one query: see `readForHold`. */
interface HoldContext {
  id: string;
  hostId: string;
  status: string;
  isCancelled: boolean;
  startsAt: Date;
  endsAt: Date | null;
  feeMode: "pass" | "absorb";
  seatRows: number | null;
  seatColumns: number | null;
  types: TicketRow[];
  /** Some hold on the event has run out without giving its stock back yet. */
  lapsed: boolean;
  /** The hold an earlier attempt with the same idempotency key made, if any. */
  existingHoldId: string | null;
}

/**
 * Holds the chosen tickets (and seats) for ten minutes. The browser's basket is never trusted: it
 * is sanitised against the event's stock here. Stock is claimed by one conditional statement
 * (`sold + held + n <= capacity` for every line at once, each row re-checked under its lock), which
 * also writes the hold and its lines; seats are claimed by their primary key. If any claim fails,
 * nothing is held and the buyer is told someone beat them to it, with their basket corrected.
 *
 * The shape is set by the moment an event goes on sale, when every buyer presses Checkout at once:
 * one read (the event, its tickets, and whether a lapsed hold is waiting to give stock back), a
 * buyer who cannot be served is told so without a transaction, and the rest claim in one statement.
 */
export async function holdTickets(db: Db, input: HoldInput): Promise<HeldTickets> {
  const found = await readForHold(db, input);
  if (!found || found.status !== "published") throw new AppError("not_found", "That event isn't on sale.");
  if (found.existingHoldId) return describeHold(db, found.existingHoldId);
  if (found.isCancelled) throw new AppError("conflict", "This event has been cancelled.", { reason: "cancelled" });
  if (hasEnded(found, input.now)) throw new AppError("conflict", "Sorry, this event has ended!", { reason: "ended" });

  let coupon: Awaited<ReturnType<typeof findDiscount>> = null;
  if (input.coupon) {
    coupon = await findDiscount(db, found.hostId, input.coupon, input.now);
    if (coupon?.problem) throw new AppError("validation_failed", discountProblemText[coupon.problem], { field: "coupon" });
  }
  const unlocked = new Set(input.unlockedTicketTypeIds ?? []);
  // A private discount code also unlocks the host's private tickets.
  if (coupon?.discount?.isPrivate) for (const t of found.types) if (t.kind === "private") unlocked.add(t.id);

  // Pay-what-you-wish amounts are checked against each ticket's minimum.
  for (const line of input.lines) {
    const type = found.types.find((t) => t.id === line.ticketTypeId);
    if (type?.payWhatYouWish && line.quantity > 0 && !isValidChosenAmount(line.amountPence ?? type.pricePence, type.pricePence)) {
      throw new AppError("validation_failed", "Choose an amount from the minimum up to £10,000 more, in pounds and pence.", { field: "amount", ticketTypeId: type.id });
    }
  }
  const rule: DiscountRule | null = coupon?.discount ? (coupon.discount.kind === "percent" ? { kind: "percent", basisPoints: coupon.discount.value } : { kind: "fixed", pence: coupon.discount.value }) : null;

  // Stock from holds that ran out comes back first (to the waitlist before anyone else), committed
  // on its own: whatever this buyer's claim comes to, the sweep's work is done.
  let types = found.types;
  if (found.lapsed) {
    await db.transaction((tx) => releaseHoldsAndOffer(tx, { now: input.now, eventId: found.id }));
    types = await db.select().from(ticketType).where(eq(ticketType.eventId, found.id));
  }
  // Checked against the stock as read: when it cannot be held, the buyer hears at once.
  const plan = planHold(input, types, unlocked, rule, found.feeMode);
  if (plan.changed) throw beatenTo(plan.basket);

  const seated = Boolean(found.seatRows && found.seatColumns);
  const seats = input.seats ?? [];
  checkSeats(seated, seats, plan.count, found);

  const expiresAt = new Date(input.now.getTime() + HOLD_MINUTES * 60_000);
  const hold_ = { eventId: found.id, userId: input.userId, expiresAt, discountId: coupon?.discount?.id ?? null, idempotencyKey: input.idempotencyKey ?? null };

  // The usual case: one kind of ticket, no seats. The claim statement is atomic on its own and with
  // one line nothing can be half claimed, so it needs no transaction around it.
  if (!seated && plan.lines.length === 1) {
    const claim = await claimAndHold(db, { ...hold_, seats: [], lines: plan.lines });
    if (claim.short) {
      // The last places went between the read and the claim, and nothing was written: the earlier
      // press with this key, if that is what took them, or the basket corrected to the stock as found.
      if (claim.existingHoldId) return describeHold(db, claim.existingHoldId);
      throw beatenTo(planHold(input, withStock(types, claim.stock), unlocked, rule, found.feeMode).basket);
    }
    if (claim.holdId && claim.claimed === 1) return { holdId: claim.holdId, expiresAt, breakdown: plan.breakdown, discountCode: coupon?.discount?.code ?? null };
    // Another request with this key made the hold first (and claimed for it).
    if (!claim.holdId) return describeHold(db, (await db.select({ id: hold.id }).from(hold).where(eq(hold.idempotencyKey, input.idempotencyKey!)).limit(1))[0]!.id);
    // Beaten to the last places: the empty hold holds nothing. It is closed, and lets go of its key so
    // the buyer's next press (the panel keeps its key) makes a hold of its own.
    await db.update(hold).set({ status: "released", idempotencyKey: null }).where(eq(hold.id, claim.holdId));
    throw beatenTo(planHold(input, await db.select().from(ticketType).where(eq(ticketType.eventId, found.id)), unlocked, rule, found.feeMode).basket);
  }

  const outcome = await db
    .transaction(async (tx) => {
      // Each seat belongs to the ticket type its place in the basket gives it, in order.
      const owners = plan.lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.ticketTypeId));
      const chosen = seated ? seats.map((s, i) => ({ row: s.row, column: s.column, ticketTypeId: owners[i]! })) : [];
      const claim = await claimAndHold(tx, { ...hold_, seats: chosen, lines: plan.lines });
      if (claim.short) throw claim.existingHoldId ? new SameKey() : new ClaimFailed();
      // Another request with the same key made the hold first.
      if (!claim.holdId) throw new SameKey();
      if (claim.claimed !== plan.lines.length) throw new ClaimFailed();
      if (seated) {
        const inserted = await tx
          .insert(seatClaim)
          .values(chosen.map((s) => ({ eventId: found.id, seatRow: s.row, seatColumn: s.column, ticketTypeId: s.ticketTypeId, holdId: claim.holdId! })))
          .onConflictDoNothing()
          .returning({ row: seatClaim.seatRow });
        if (inserted.length !== seats.length) throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "seat_taken" });
      }
      return { holdId: claim.holdId };
    })
    .catch(async (error: unknown) => {
      if (error instanceof SameKey) return { sameKey: true as const };
      if (!(error instanceof ClaimFailed)) throw error;
      // Someone claimed the last places between the read and the claim: the corrected basket comes
      // from the stock as it is now.
      const now = await db.select().from(ticketType).where(eq(ticketType.eventId, found.id));
      throw beatenTo(planHold(input, now, unlocked, rule, found.feeMode).basket);
    });
  if ("sameKey" in outcome) {
    const [existing] = await db.select({ id: hold.id }).from(hold).where(eq(hold.idempotencyKey, input.idempotencyKey!)).limit(1);
    return describeHold(db, existing!.id);
  }
  return { holdId: outcome.holdId, expiresAt, breakdown: plan.breakdown, discountCode: coupon?.discount?.code ?? null };
}

/** The ticket types with their stock as a claim found it. */
const withStock = (types: TicketRow[], stock: StockRow[]) =>
  types.map((t) => {
    const now = stock.find((s) => s.id === t.id);
    return now ? { ...t, sold: now.sold, held: now.held, capacity: now.capacity } : t;
  });

class ClaimFailed extends Error {}
class SameKey extends Error {}

const beatenTo = (basket: Basket) => new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "basket_changed", basket });

/** The basket sanitised against these ticket types, priced, and checked for the spec's minimums. */
function planHold(input: HoldInput, types: TicketRow[], unlocked: ReadonlySet<string>, rule: DiscountRule | null, feeMode: "pass" | "absorb") {
  const { basket, changed } = sanitiseBasket({ lines: input.lines, coupon: input.coupon ?? null }, types, input.now, unlocked);
  const lines = basket.lines.map((l) => {
    const type = types.find((t) => t.id === l.ticketTypeId)!;
    return { ticketTypeId: l.ticketTypeId, quantity: l.quantity, unitPricePence: type.payWhatYouWish ? (l.amountPence ?? type.pricePence) : type.pricePence };
  });
  const breakdown = priceOrder(lines, { discount: rule, feeMode, fee: ACTIVE_PROVIDER_FEE });
  if (!changed) {
    const problem = checkoutProblem(lines, breakdown);
    if (problem === "empty") throw new AppError("validation_failed", "Choose at least one ticket.", { field: "tickets" });
    if (problem === "below_minimum") throw new AppError("validation_failed", "A paid order must come to at least £1.00.", { field: "tickets" });
  }
  return { basket, changed, lines, breakdown, count: lines.reduce((n, l) => n + l.quantity, 0) };
}

function checkSeats(seated: boolean, seats: SeatChoice[], count: number, plan: { seatRows: number | null; seatColumns: number | null }) {
  if (!seated) return;
  if (seats.length !== count) throw new AppError("validation_failed", `Choose ${count === 1 ? "a seat" : `${count} seats`} on the plan, one for each ticket.`, { field: "seats" });
  const keys = new Set(seats.map((s) => `${s.row}:${s.column}`));
  const inPlan = seats.every((s) => Number.isInteger(s.row) && Number.isInteger(s.column) && s.row >= 1 && s.column >= 1 && s.row <= plan.seatRows! && s.column <= plan.seatColumns!);
  if (keys.size !== seats.length || !inPlan) throw new AppError("validation_failed", "Those seats aren't on the plan.", { field: "seats" });
}

/**
 * One read for a hold: the event (by id or slug) with its host's fee mode and its venue's seat
 * plan, its ticket types, whether any of its holds has lapsed with stock still held, and the hold
 * an earlier attempt with this idempotency key made.
 */
/** The hold's one read, prepared (by event id, and by slug from its page). */
function prepareHoldReads(db: Db) {
    const query = (by: "id" | "slug") =>
      db
        .select({
          id: event.id,
          host_id: event.hostId,
          status: event.status,
          is_cancelled: event.isCancelled,
          starts_at: event.startsAt,
          ends_at: event.endsAt,
          fee_mode: user.feeMode,
          seat_rows: venue.seatRows,
          seat_columns: venue.seatColumns,
          types: sql<TicketJson[] | string>`(select coalesce(json_agg(json_build_object(
              'id', t.id, 'eventId', t.event_id, 'name', t.name, 'description', t.description, 'kind', t.kind,
              'pricePence', t.price_pence, 'payWhatYouWish', t.pay_what_you_wish, 'capacity', t.capacity, 'sold', t.sold,
              'held', t.held, 'maxPerOrder', t.max_per_order, 'salesStartAt', t.sales_start_at, 'salesEndAt', t.sales_end_at,
              'sortOrder', t.sort_order, 'createdAt', t.created_at) order by t.sort_order), '[]'::json)
            from ticket_type t where t.event_id = ${event.id})`,
          lapsed: sql<boolean>`exists (select 1 from hold h where h.event_id = ${event.id} and h.status = 'active' and h.expires_at <= ${sql.placeholder("now")}::timestamptz)`,
          existing_hold_id: sql<string | null>`(select h.id from hold h where h.idempotency_key = ${sql.placeholder("key")}::text)`,
        })
        .from(event)
        .innerJoin(user, eq(user.id, event.hostId))
        .leftJoin(venue, eq(venue.id, event.venueId))
        .where(by === "id" ? sql`${event.id} = ${sql.placeholder("which")}::uuid` : eq(event.slug, sql.placeholder("which")))
        .limit(1)
        .prepare(`tb_read_for_hold_by_${by}`);
    return { id: query("id"), slug: query("slug") };
}
/** Prepared once per database: PostgreSQL then parses and plans the read once per connection. */
const holdReads = new WeakMap<Db, ReturnType<typeof prepareHoldReads>>();

async function readForHold(db: Db, input: HoldInput): Promise<HoldContext | null> {
  let reads = holdReads.get(db);
  if (!reads) holdReads.set(db, (reads = prepareHoldReads(db)));
  const rows = await (input.eventId ? reads.id : reads.slug).execute({ which: input.eventId ?? input.slug ?? "", now: input.now.toISOString(), key: input.idempotencyKey ?? null });
  const r = rows[0];
  if (!r) return null;
  const types = (typeof r.types === "string" ? (JSON.parse(r.types) as TicketJson[]) : r.types).map(ticketFromJson);
  return {
    id: r.id,
    hostId: r.host_id,
    status: r.status,
    isCancelled: r.is_cancelled,
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
    feeMode: r.fee_mode,
    seatRows: r.seat_rows,
    seatColumns: r.seat_columns,
    types,
    lapsed: r.lapsed,
    existingHoldId: r.existing_hold_id,
  };
}

type TicketJson = Omit<TicketRow, "salesStartAt" | "salesEndAt" | "createdAt"> & { salesStartAt: string | null; salesEndAt: string | null; createdAt: string };

function ticketFromJson(t: TicketJson): TicketRow {
  return { ...t, salesStartAt: t.salesStartAt ? new Date(t.salesStartAt) : null, salesEndAt: t.salesEndAt ? new Date(t.salesEndAt) : null, createdAt: new Date(t.createdAt) };
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

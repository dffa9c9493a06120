import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, event, hold, holdLine, seatClaim, session, type ticketType, user, venue } from "~/db/schema";
import { sanitiseBasket, type Basket, type BasketLine } from "~/domain/basket";
import { hasEnded } from "~/domain/event-flags";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { checkoutProblem, isValidChosenAmount, priceOrder, type DiscountRule, type PriceBreakdown } from "~/domain/pricing";
import { AppError, isAppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { claimAndHold, claimSoon, definitionsFingerprint, type ClaimInput, type ClaimOutcome, type HoldBuyer, type HoldRateLimits, type StockRow } from "./claim-stock";
import { releaseHoldsAndOffer } from "./waitlist-offers";

/** How long tickets are held at checkout (the booking timer). */
export const HOLD_MINUTES = 10;

export interface SeatChoice {
  row: number;
  column: number;
}

interface HoldFields {
  /** The event, by id or (from its page) by slug. */
  eventId?: string;
  slug?: string;
  lines: BasketLine[];
  /** For seat-plan events: one seat per ticket. */
  seats?: SeatChoice[];
  coupon?: string | null;
  /** Private ticket types the buyer unlocked with their link. */
  unlockedTicketTypeIds?: string[];
  idempotencyKey?: string;
  now: Date;
  /** The address the press came from, and the rate limits it is subject to (both checked by the claim). */
  ip?: string | null;
  limits?: HoldRateLimits | null;
}

/**
 * What a hold needs: the event and the basket, and who it is for. That is a person already known
 * (or nobody), or whoever owns a session, which the claim itself looks up (decision 0016): the
 * press that wins or loses the last places costs one call to the database.
 */
export type HoldInput = HoldFields & ({ userId: string | null } | { sessionToken: string });

export interface HeldTickets {
  holdId: string;
  expiresAt: Date;
  breakdown: PriceBreakdown;
  discountCode: string | null;
  /** Who the hold is for. */
  buyerId: string | null;
  /** When the session the hold was made with expires (holds made by session token only). */
  sessionExpiresAt: Date | null;
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
    // Completed orders plus buyers holding tickets with it right now. A first look, for the buyer
    // applying the code: the claim counts them again under the code's lock, and alone decides.
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

/**
 * The event as a hold is planned on: read in one query (`readDefinitions`), kept per process, and
 * checked by every claim against `fingerprint` (decision 0016). Its ticket types' stock is as it
 * was read and is never planned on: the claim is the only judge of stock.
 */
interface HoldDefinitions {
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
  fingerprint: string;
}

/** How many events' definitions each process keeps; the oldest kept is dropped first. */
const KEPT_DEFINITIONS = 500;
/** Attempts at one hold: definitions that changed under it, or lapsed holds given back, each cost one more. */
const MAX_ATTEMPTS = 4;

/**
 * Holds the chosen tickets (and seats) for ten minutes. The browser's basket is never trusted: it
 * is sanitised here against the event's ticket types, and the claim (`claim_holds`, through
 * claim-stock.ts) checks the stock under the rows' locks and moves it with a conditional update.
 * The claim writes the hold and its lines; seats go in the same transaction. If any claim fails,
 * nothing is held and the buyer is told someone beat them to it, with their basket corrected to
 * the stock the claim found.
 *
 * The shape is set by the moment an event goes on sale, when every buyer presses Checkout at once
 * (decisions 0010 and 0016): the event's definitions come from this process's copy, which the claim
 * checks by fingerprint, and the claim also finds the buyer's session, so a one-line basket is won
 * or lost in one call to the database, shared with the presses that arrive with it. Definitions
 * that changed since they were kept cost a read and a second claim; a refusal made on kept
 * definitions is made again on fresh ones before the buyer hears it.
 *
 * The claim also judges the limits money depends on (migration 0009): the code's uses, counting the
 * holds using it now; the person's share of the event (their live holds and free orders, at most
 * the event's per-person limit); and, when `limits` are given (the holds API and the event page
 * pass them), how many holds the person left unbought and the address made lately. A press's
 * idempotency key is its person's, on its event.
 */
export async function holdTickets(db: Db, input: HoldInput): Promise<HeldTickets> {
  const buyer: HoldBuyer = "sessionToken" in input ? { sessionToken: input.sessionToken } : { userId: input.userId };
  const kept = keptDefinitions(db, input);
  let definitions = kept ?? (await readDefinitions(db, input));
  let releasedLapsed = false;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let planned: Planned;
    try {
      planned = await planOn(db, input, definitions);
    } catch (error) {
      // Kept definitions may be out of date: the buyer is refused only on the event as it is now.
      if (kept && definitions === kept && isAppError(error) && error.details?.field !== "coupon") {
        definitions = await readDefinitions(db, input);
        continue;
      }
      throw error;
    }
    const { plan, coupon, unlocked, rule, def } = planned;
    const expiresAt = new Date(input.now.getTime() + HOLD_MINUTES * 60_000);
    const claimInput = {
      eventId: def.id,
      buyer,
      now: input.now,
      expiresAt,
      discountId: coupon?.id ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      fingerprint: def.fingerprint,
      ip: input.ip ?? null,
      limits: input.limits ?? null,
    };
    const outcome = await claimPlanned(db, claimInput, plan.lines, def, input.seats ?? []);
    switch (outcome.status) {
      case "signed_out":
        throw new AppError("unauthenticated", "Log in to check out.");
      case "stale":
        definitions = await readDefinitions(db, input);
        continue;
      case "short":
        // The earlier press with this key, if that is what took the places.
        if (outcome.existingHoldId) return replay(db, outcome.existingHoldId, buyer);
        // Stock from holds that ran out comes back (to the waitlist before anyone else), committed on
        // its own; then one more look.
        if (outcome.lapsed && !releasedLapsed) {
          releasedLapsed = true;
          await db.transaction((tx) => releaseHoldsAndOffer(tx, { now: input.now, eventId: def.id }));
          continue;
        }
        throw beatenTo(planHold(input, withStock(def.types, outcome.stock), unlocked, rule, def.feeMode).basket);
      case "throttled":
        throw new AppError("rate_limited", messages.auth.tryAgainLater);
      case "over_share":
        throw new AppError("validation_failed", messages.buyer.overShare(outcome.cap, outcome.has), { field: "tickets", reason: "over_share", cap: outcome.cap, has: outcome.has });
      case "code_used_up":
        throw new AppError("validation_failed", discountProblemText.used_up, { field: "coupon" });
      case "same_key":
        return replay(db, outcome.existingHoldId, buyer);
      case "held":
        return { holdId: outcome.holdId, expiresAt, breakdown: plan.breakdown, discountCode: coupon?.code ?? null, buyerId: outcome.buyerId, sessionExpiresAt: outcome.sessionExpiresAt };
    }
  }
  throw new AppError("conflict", "This event changed while you were booking. Please try again.", { reason: "event_changed" });
}

interface Planned {
  /** The definitions planned on (an event on sale). */
  def: HoldDefinitions;
  plan: ReturnType<typeof planHold>;
  coupon: typeof discount.$inferSelect | null;
  unlocked: ReadonlySet<string>;
  rule: DiscountRule | null;
}

/** Everything a hold checks before it claims: the event is on sale, the code, the amounts, the basket and the seats. */
async function planOn(db: Db, input: HoldInput, found: HoldDefinitions | null): Promise<Planned> {
  if (!found || found.status !== "published") throw new AppError("not_found", "That event isn't on sale.");
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

  // Planned as if every ticket type had room: how much room there is, only the claim can say.
  const plan = planHold(input, found.types.map(withRoom), unlocked, rule, found.feeMode);
  if (plan.changed) throw beatenTo(plan.basket);
  checkSeats(Boolean(found.seatRows && found.seatColumns), input.seats ?? [], plan.count, found);
  return { def: found, plan, coupon: coupon?.discount ?? null, unlocked, rule };
}

type Claimed = Exclude<ClaimOutcome, { status: "written" }> | { status: "held"; holdId: string; buyerId: string | null; sessionExpiresAt: Date | null };

/**
 * The claim for a planned basket: one line and no seats is claimed with the other presses for its
 * ticket type that arrive together (`claimSoon`); otherwise in a transaction with the seats.
 */
async function claimPlanned(
  db: Db,
  claim: Omit<ClaimInput, "lines" | "seats">,
  lines: ClaimInput["lines"],
  found: HoldDefinitions,
  seats: SeatChoice[],
): Promise<Claimed> {
  const seated = Boolean(found.seatRows && found.seatColumns);
  if (!seated && lines.length === 1) return held(await claimSoon(db, { ...claim, seats: [], lines }));
  return db.transaction(async (tx) => {
    // Each seat belongs to the ticket type its place in the basket gives it, in order.
    const owners = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.ticketTypeId));
    const chosen = seated ? seats.map((s, i) => ({ row: s.row, column: s.column, ticketTypeId: owners[i]! })) : [];
    const outcome = held(await claimAndHold(tx, { ...claim, seats: chosen, lines }));
    if (outcome.status === "held" && seated) {
      const inserted = await tx
        .insert(seatClaim)
        .values(chosen.map((s) => ({ eventId: found.id, seatRow: s.row, seatColumn: s.column, ticketTypeId: s.ticketTypeId, holdId: outcome.holdId })))
        .onConflictDoNothing()
        .returning({ row: seatClaim.seatRow });
      if (inserted.length !== seats.length) throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "seat_taken" });
    }
    return outcome;
  });
}

/** A claim's outcome as the hold sees it (a written hold has every line: the claim raises otherwise). */
function held(outcome: ClaimOutcome): Claimed {
  if (outcome.status !== "written") return outcome;
  return { status: "held", holdId: outcome.holdId, buyerId: outcome.buyerId, sessionExpiresAt: outcome.sessionExpiresAt };
}

/** A ticket type as planning sees it: with room for any basket (the claim checks the real stock). */
const withRoom = (t: TicketRow): TicketRow => ({ ...t, capacity: Number.MAX_SAFE_INTEGER, sold: 0, held: 0 });

/** The ticket types with their stock as a claim found it. */
const withStock = (types: TicketRow[], stock: StockRow[]) =>
  types.map((t) => {
    const now = stock.find((s) => s.id === t.id);
    return now ? { ...t, sold: now.sold, held: now.held, capacity: now.capacity } : t;
  });

const beatenTo = (basket: Basket) => new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "basket_changed", basket });

/** The hold an earlier press with the same key made, if it is this buyer's. */
async function replay(db: Db, holdId: string, buyer: HoldBuyer): Promise<HeldTickets> {
  const held = await describeHold(db, holdId);
  const buyerId = "userId" in buyer ? buyer.userId : (await db.select({ userId: session.userId }).from(session).where(eq(session.token, buyer.sessionToken)).limit(1))[0]?.userId;
  if (held.buyerId !== buyerId) throw new AppError("conflict", "That checkout was started by someone else.", { reason: "not_yours" });
  return held;
}

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

/** The definitions' one read, prepared (by event id, and by slug from its page). */
function prepareDefinitionReads(db: Db) {
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
        fingerprint: sql<string>`${definitionsFingerprint(sql`${event.id}`)}`,
      })
      .from(event)
      .innerJoin(user, eq(user.id, event.hostId))
      .leftJoin(venue, eq(venue.id, event.venueId))
      .where(by === "id" ? sql`${event.id} = ${sql.placeholder("which")}::uuid` : eq(event.slug, sql.placeholder("which")))
      .limit(1)
      .prepare(`tb_hold_definitions_by_${by}`);
  return { id: query("id"), slug: query("slug") };
}

/** Per database: the prepared reads, and the definitions this process keeps (by `id:` or `slug:`). */
const perDatabase = new WeakMap<Db, { reads: ReturnType<typeof prepareDefinitionReads>; kept: Map<string, HoldDefinitions> }>();
const forDatabase = (db: Db) => {
  let found = perDatabase.get(db);
  if (!found) perDatabase.set(db, (found = { reads: prepareDefinitionReads(db), kept: new Map() }));
  return found;
};
const keyOf = (input: HoldFields) => (input.eventId ? `id:${input.eventId}` : `slug:${input.slug ?? ""}`);

function keptDefinitions(db: Db, input: HoldFields): HoldDefinitions | null {
  return forDatabase(db).kept.get(keyOf(input)) ?? null;
}

/** The event's definitions as they are now, kept for the next hold (null: no such event). */
async function readDefinitions(db: Db, input: HoldFields): Promise<HoldDefinitions | null> {
  const { reads, kept } = forDatabase(db);
  const rows = await (input.eventId ? reads.id : reads.slug).execute({ which: input.eventId ?? input.slug ?? "" });
  const r = rows[0];
  const key = keyOf(input);
  kept.delete(key);
  if (!r) return null;
  const types = (typeof r.types === "string" ? (JSON.parse(r.types) as TicketJson[]) : r.types).map(ticketFromJson);
  const found: HoldDefinitions = {
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
    fingerprint: r.fingerprint,
  };
  // A Map keeps insertion order: the first key is the one kept longest.
  if (kept.size >= KEPT_DEFINITIONS) kept.delete(kept.keys().next().value!);
  kept.set(key, found);
  return found;
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
    buyerId: row.hold.userId,
    sessionExpiresAt: null,
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

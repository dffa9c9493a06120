import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sharedCalls } from "~/lib/shared-calls";

/**
 * The fingerprint of everything about an event that planning a hold depends on (the SQL function
 * `hold_definitions_fingerprint`, migration 0007): the hold's read takes it with the definitions,
 * and the claim checks it, so a hold planned on definitions that have changed since is caught by
 * the claim, whichever instance kept them (decision 0016).
 */
export function definitionsFingerprint(eventId: SQL): SQL {
  return sql`hold_definitions_fingerprint(${eventId})`;
}

/** Who a hold is for: a person already known (or nobody), or whoever owns this session, looked up by the claim. */
export type HoldBuyer = { userId: string | null } | { sessionToken: string };

export interface ClaimInput {
  eventId: string;
  buyer: HoldBuyer;
  expiresAt: Date;
  /** The time the claim is made at: a session must not have expired by then, nor a lapsed hold count as live. */
  now: Date;
  seats: { row: number; column: number; ticketTypeId: string }[];
  discountId: string | null;
  idempotencyKey: string | null;
  lines: { ticketTypeId: string; quantity: number; unitPricePence: number }[];
  /** True for holds that may not be extended (a waitlist offer is already long). */
  extended?: boolean;
  /**
   * The fingerprint of the definitions the lines were planned on; when they have changed since, nothing is written.
   * Null: not checked.
   */
  fingerprint: string | null;
  /** The address the press came from, counted against `limits.holdsPerIp`. */
  ip?: string | null;
  /** The rate limits a buyer's press is subject to (see booking-limits.ts); none for the waitlist's offers. */
  limits?: HoldRateLimits | null;
}

/** How many holds a person may leave unbought, and an address make, in a window (checked by the claim). */
export interface HoldRateLimits {
  unboughtHoldsPerPerson: { limit: number; windowMs: number };
  holdsPerIp: { limit: number; windowMs: number };
}

export interface StockRow {
  id: string;
  sold: number;
  held: number;
  capacity: number;
}

export type ClaimOutcome =
  /** The session is unknown or has expired: nothing was written. */
  | { status: "signed_out" }
  /** The event's definitions are no longer those the lines were planned on: nothing was written. */
  | { status: "stale" }
  /**
   * The stock could not cover the lines: nothing was written. `stock` is the event's as found,
   * `lapsed` says some hold on the event has run out without giving its stock back yet, and
   * `existingHoldId` is the hold an earlier press with the same idempotency key made.
   */
  | { status: "short"; stock: StockRow[]; lapsed: boolean; existingHoldId: string | null }
  /** Too many holds from this person or address lately: nothing was written. */
  | { status: "throttled" }
  /**
   * The person would have more of the event than one person may (`cap`; `has` already, in live holds and free orders):
   * nothing was written.
   */
  | { status: "over_share"; cap: number; has: number }
  /** The discount's uses and the live holds using it already reach its limit: nothing was written. */
  | { status: "code_used_up" }
  /**
   * This person's press with the same idempotency key on this event made the hold (`existingHoldId`): nothing was
   * written.
   */
  | { status: "same_key"; existingHoldId: string }
  /**
   * The hold was written and its lines claimed (`claimed`, every one: the claim raises otherwise).
   * `buyerId` is who it is for; `sessionExpiresAt` when the session found by token expires.
   */
  | { status: "written"; claimed: number; holdId: string; buyerId: string | null; sessionExpiresAt: Date | null };

/** An outcome as `claim_holds` writes it. */
type RawOutcome =
  | { status: "signed_out" | "stale" | "throttled" | "code_used_up" }
  | { status: "over_share"; cap: number; has: number }
  | { status: "short"; stock: StockRow[]; lapsed: boolean; existingHoldId: string | null }
  | { status: "same_key"; existingHoldId: string }
  | { status: "written"; holdId: string; claimed: number; buyerId: string | null; sessionExpiresMs?: number | null };

/**
 * Claims stock for holds, in order, in one call to the database (the SQL function `claim_holds`,
 * migrations 0007 and 0009, which say how): for each claim, the buyer (the person given, or the
 * owner of an unexpired session), the definitions it was planned on (by fingerprint), a first look
 * at the stock that locks nothing, then the rows locked in id order; then the limits money depends
 * on, each counted under a lock: the person's share of the event and their recent holds, the
 * discount's uses, the address's holds; then the hold written and the stock claimed with
 * `held = held + n WHERE sold + held + n <= capacity`, and the hold's lines. A claim that cannot be
 * served writes nothing and says why. All of it happens in the caller's transaction, if any.
 */
export async function claimAll(tx: Db, claims: ClaimInput[]): Promise<ClaimOutcome[]> {
  // The function's plans are kept by PostgreSQL (plpgsql caches them per connection): the call is all there is to
  // parse.
  const { rows } = await tx.execute<{ outcomes: RawOutcome[] | string }>(
    sql`select claim_holds(${JSON.stringify(claims.map(toJson))}::jsonb) as outcomes`,
  );
  const outcomes =
    typeof rows[0]!.outcomes === "string" ? (JSON.parse(rows[0]!.outcomes) as RawOutcome[]) : rows[0]!.outcomes;
  return outcomes.map((o): ClaimOutcome => {
    if (o.status === "over_share") return { status: "over_share", cap: Number(o.cap), has: Number(o.has) };
    if (o.status !== "written") return o;
    const expires = o.sessionExpiresMs ?? null;
    return {
      status: "written",
      claimed: Number(o.claimed),
      holdId: o.holdId,
      buyerId: o.buyerId,
      sessionExpiresAt: expires === null ? null : new Date(Number(expires)),
    };
  });
}

/** One claim, on its own (in the caller's transaction, if any). */
export async function claimAndHold(tx: Db, claim: ClaimInput): Promise<ClaimOutcome> {
  return (await claimAll(tx, [claim]))[0]!;
}

function toJson(c: ClaimInput) {
  return {
    at: c.now.toISOString(),
    eventId: c.eventId,
    userId: "userId" in c.buyer ? c.buyer.userId : null,
    token: "sessionToken" in c.buyer ? c.buyer.sessionToken : null,
    fingerprint: c.fingerprint,
    expiresAt: c.expiresAt.toISOString(),
    seats: c.seats,
    discountId: c.discountId,
    key: c.idempotencyKey,
    extended: c.extended ?? false,
    ip: c.ip ?? null,
    limits: c.limits
      ? {
          personHolds: c.limits.unboughtHoldsPerPerson.limit,
          personWindowS: Math.ceil(c.limits.unboughtHoldsPerPerson.windowMs / 1000),
          ipHolds: c.limits.holdsPerIp.limit,
          ipWindowS: Math.ceil(c.limits.holdsPerIp.windowMs / 1000),
        }
      : null,
    lines: c.lines.map((l) => ({ t: l.ticketTypeId, q: l.quantity, p: l.unitPricePence })),
  };
}

/**
 * One-line claims without seats for the same ticket type that arrive while a call for it is in
 * flight go together, 64 at most (decision 0016).
 */
const claimTogether = sharedCalls<Db, ClaimInput, ClaimOutcome>({ most: 64, all: claimAll, alone: claimAndHold });

/**
 * A one-line claim without seats, sent with the others for the same ticket type that arrive while a
 * call for it is in flight (decision 0016). When an event goes on sale every buyer presses at once:
 * rather than each taking a connection, a round trip and a commit of their own while queueing on the
 * ticket type's row, they go to the database in arrival order, as many as came, and are committed
 * together. A press that finds no call in flight goes at once, so nobody waits for a batch to fill.
 * If the database refuses a shared call (a buyer deleted meanwhile, say), each claim goes again on
 * its own, and only the one at fault hears of it. Calls on the database itself only: in a
 * transaction, use `claimAndHold`.
 */
export function claimSoon(db: Db, claim: ClaimInput): Promise<ClaimOutcome> {
  const [line] = claim.lines;
  if (claim.lines.length !== 1 || claim.seats.length > 0 || !line) return claimAndHold(db, claim);
  return claimTogether(db, line.ticketTypeId, claim);
}

export type CompanionClaim =
  /** The hold's companion places are now as wanted (any given back are `released`). */
  | { status: "claimed"; released: number }
  /** One ticket type had too few places left: nothing was written; `most` is as many as could be had in all. */
  | { status: "short"; ticketTypeId: string; most: number };

/**
 * Sets a hold's free companion places (decision 0031) to `want`, per ticket type, in the caller's
 * transaction, which must hold the hold's row lock. More places are claimed as any place is, by one
 * conditional statement per ticket type in id order (as every claim locks them, so none deadlock):
 * `held = held + n WHERE sold + held + n <= capacity`. Fewer give places back. The hold's companion
 * lines (price 0) are then written afresh. A ticket type short of places writes nothing more and
 * says so; the caller rolls back what came before.
 */
export async function claimCompanions(
  tx: Db,
  input: { holdId: string; want: readonly { ticketTypeId: string; quantity: number }[] },
): Promise<CompanionClaim> {
  const { rows: had } = await tx.execute<{ ticket_type_id: string; quantity: number }>(sql`
    select ticket_type_id, quantity from hold_line where hold_id = ${input.holdId}::uuid and companion`);
  const have = new Map(had.map((r) => [r.ticket_type_id, Number(r.quantity)]));
  const want = new Map(input.want.filter((w) => w.quantity > 0).map((w) => [w.ticketTypeId, w.quantity]));
  const types = [...new Set([...have.keys(), ...want.keys()])].sort();
  let released = 0;
  for (const id of types) {
    const delta = (want.get(id) ?? 0) - (have.get(id) ?? 0);
    if (delta === 0) continue;
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ticket_type set held = held + ${delta}
      where id = ${id}::uuid and sold + held + ${delta} <= capacity
      returning id`);
    if (delta < 0) released -= delta;
    if (rows.length > 0) continue;
    const { rows: stock } = await tx.execute<{ free: number }>(sql`
      select greatest(0, capacity - sold - held)::int as free from ticket_type where id = ${id}::uuid`);
    const room = (have.get(id) ?? 0) + Number(stock[0]?.free ?? 0);
    const total = [...want.values()].reduce((n, q) => n + q, 0);
    return { status: "short", ticketTypeId: id, most: total - (want.get(id)! - room) };
  }
  await tx.execute(sql`delete from hold_line where hold_id = ${input.holdId}::uuid and companion`);
  for (const [ticketTypeId, quantity] of want)
    await tx.execute(sql`
      insert into hold_line (hold_id, ticket_type_id, quantity, unit_price_pence, companion)
      values (${input.holdId}::uuid, ${ticketTypeId}::uuid, ${quantity}, 0, true)`);
  return { status: "claimed", released };
}

import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seatClaim, session } from "~/db/schema";
import type { BasketLine } from "~/domain/basket";
import { AppError, isAppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import {
  claimAndHold,
  claimSoon,
  type ClaimInput,
  type ClaimOutcome,
  type HoldBuyer,
  type HoldRateLimits,
} from "./claim-stock";
import { describeHold, type HeldTickets } from "./describe-hold";
import { discountProblemText } from "./find-discount";
import { keptDefinitions, readDefinitions, type HoldDefinitions } from "./hold-definitions";
import { basketForStock, beatenTo, planHold, type Planned } from "./plan-hold";
import { attributeHold } from "./tracking-links";
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
  /** The tracking link the buyer came through (its code, from the page or the attribution cookie: decision 0039). */
  trackingCode?: string | null;
}

/**
 * What a hold needs: the event and the basket, and who it is for. That is a person already known
 * (or nobody), or whoever owns a session, which the claim itself looks up (decision 0016): the
 * press that wins or loses the last places costs one call to the database.
 */
export type HoldInput = HoldFields & ({ userId: string | null } | { sessionToken: string });

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
      planned = await planHold(db, input, definitions);
    } catch (error) {
      // Kept definitions may be out of date: the buyer is refused only on the event as it is now.
      if (kept && definitions === kept && isAppError(error) && error.details?.field !== "coupon") {
        definitions = await readDefinitions(db, input);
        continue;
      }
      throw error;
    }
    const { plan, coupon, def } = planned;
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
    const outcome = await claimPlanned(db, claimInput, plan.lines, def, planned.seats);
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
        {
          const { basket, shortfalls } = basketForStock(input, planned, outcome.stock);
          throw beatenTo(basket, shortfalls, def.types);
        }
      case "throttled":
        throw new AppError("rate_limited", messages.auth.tryAgainLater);
      case "over_share":
        throw new AppError("validation_failed", messages.buyer.overShare(outcome.cap, outcome.has), {
          field: "tickets",
          reason: "over_share",
          cap: outcome.cap,
          has: outcome.has,
        });
      case "code_used_up":
        throw new AppError("validation_failed", discountProblemText.used_up, { field: "coupon" });
      case "same_key":
        return replay(db, outcome.existingHoldId, buyer);
      case "held":
        // Attribution is the host's measure, never a reason to refuse a hold: a code that is not a
        // link to this event records nothing.
        if (input.trackingCode) await attributeHold(db, { holdId: outcome.holdId, code: input.trackingCode });
        return {
          holdId: outcome.holdId,
          expiresAt,
          breakdown: plan.breakdown,
          discountCode: coupon?.code ?? null,
          buyerId: outcome.buyerId,
          sessionExpiresAt: outcome.sessionExpiresAt,
        };
    }
  }
  throw new AppError("conflict", "This event changed while you were booking. Please try again.", {
    reason: "event_changed",
  });
}

type Claimed =
  | Exclude<ClaimOutcome, { status: "written" }>
  | { status: "held"; holdId: string; buyerId: string | null; sessionExpiresAt: Date | null };

/**
 * The claim for a planned basket: one line and no seats is claimed with the other presses for its
 * ticket type that arrive together (`claimSoon`); otherwise in a transaction with the seats.
 */
async function claimPlanned(
  db: Db,
  claim: Omit<ClaimInput, "lines" | "seats">,
  lines: ClaimInput["lines"],
  found: HoldDefinitions,
  /** The seats, each with the ticket type of its section (planHold gave them). */
  chosen: (SeatChoice & { ticketTypeId: string })[],
): Promise<Claimed> {
  const seated = Boolean(found.seatRows && found.seatColumns);
  if (!seated && lines.length === 1) return held(await claimSoon(db, { ...claim, seats: [], lines }));
  return db.transaction(async (tx) => {
    const outcome = held(await claimAndHold(tx, { ...claim, seats: chosen, lines }));
    if (outcome.status === "held" && seated) {
      const inserted = await tx
        .insert(seatClaim)
        .values(
          chosen.map((s) => ({
            eventId: found.id,
            seatRow: s.row,
            seatColumn: s.column,
            ticketTypeId: s.ticketTypeId,
            holdId: outcome.holdId,
          })),
        )
        .onConflictDoNothing()
        .returning({ row: seatClaim.seatRow });
      if (inserted.length !== chosen.length)
        throw new AppError("conflict", "Oops! It seems someone beat you to it...", { reason: "seat_taken" });
    }
    return outcome;
  });
}

/** A claim's outcome as the hold sees it (a written hold has every line: the claim raises otherwise). */
function held(outcome: ClaimOutcome): Claimed {
  if (outcome.status !== "written") return outcome;
  return {
    status: "held",
    holdId: outcome.holdId,
    buyerId: outcome.buyerId,
    sessionExpiresAt: outcome.sessionExpiresAt,
  };
}

/** The hold an earlier press with the same key made, if it is this buyer's. */
async function replay(db: Db, holdId: string, buyer: HoldBuyer): Promise<HeldTickets> {
  const held = await describeHold(db, holdId);
  const buyerId =
    "userId" in buyer
      ? buyer.userId
      : (
          await db
            .select({ userId: session.userId })
            .from(session)
            .where(eq(session.token, buyer.sessionToken))
            .limit(1)
        )[0]?.userId;
  if (held.buyerId !== buyerId)
    throw new AppError("conflict", "That checkout was started by someone else.", { reason: "not_yours" });
  return held;
}

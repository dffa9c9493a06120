import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, order, payment, ticketType, user, venue } from "~/db/schema";
import { accessNeedsOf } from "~/domain/access-needs";
import { companionsIn, companionTicketsOffered, mostCompanions, suggestedCompanions } from "~/domain/companion-tickets";
import { seatLabel } from "~/lib/seats";
import { isUuid } from "~/lib/uuid";
import { describeHold } from "./describe-hold";
import { ticketTypeOrder } from "./studio-ticket-types";
import { releaseHoldNow } from "./waitlist-offers";

/** A buyer's checkout as its page shows it; null unless the hold is theirs. */
export async function getCheckout(db: Db, input: { holdId: string; userId: string }) {
  const [row] = await db
    .select({
      hold,
      event,
      venueName: venue.name,
      city: venue.city,
      seatRowNames: venue.seatRowNames,
      seatRows: venue.seatRows,
      seatColumns: venue.seatColumns,
      accessNeeds: user.accessNeeds,
    })
    .from(hold)
    .innerJoin(event, eq(event.id, hold.eventId))
    .innerJoin(user, eq(user.id, hold.userId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)))
    .limit(1);
  if (!row) return null;
  const lines = await db
    .select({
      name: ticketType.name,
      quantity: holdLine.quantity,
      unitPricePence: holdLine.unitPricePence,
      ticketTypeId: holdLine.ticketTypeId,
      companion: holdLine.companion,
    })
    .from(holdLine)
    .innerJoin(ticketType, eq(ticketType.id, holdLine.ticketTypeId))
    .where(eq(holdLine.holdId, input.holdId))
    // The tickets booked in the host's order, then their companions.
    .orderBy(holdLine.companion, ...ticketTypeOrder);
  const needs = accessNeedsOf(row.accessNeeds);
  const most = mostCompanions(lines);
  const chosen = companionsIn(lines);
  const { breakdown, discountCode } = await describeHold(db, input.holdId);
  const [done] = await db
    .select({ reference: order.reference })
    .from(order)
    .where(eq(order.holdId, input.holdId))
    .limit(1);
  return {
    holdId: row.hold.id,
    status: row.hold.status,
    expiresAt: row.hold.expiresAt,
    extended: row.hold.extended,
    seats: row.hold.seats,
    /** The seats by name, as the venue's plan names its rows. */
    seatNames: row.hold.seats.map((s) => seatLabel(s, row.seatRowNames ?? [])),
    answers: row.hold.answers,
    /** The buyer's saved access needs (what sharing would copy), and whether this checkout shares them. */
    accessNeeds: needs,
    sharingAccessNeeds: row.hold.accessNeeds !== null,
    /**
     * Free companion tickets (decision 0031): whether this event offers them, the most this hold may
     * have (one per ticket booked), how many it has, and what the field starts at.
     */
    companions: {
      offered: companionTicketsOffered({
        companionTickets: row.event.companionTickets,
        seated: Boolean(row.seatRows && row.seatColumns),
      }),
      most,
      chosen,
      suggested: suggestedCompanions({ needs, most, chosen }),
    },
    event: {
      id: row.event.id,
      slug: row.event.slug,
      name: row.event.name,
      startsAt: row.event.startsAt,
      endsAt: row.event.endsAt,
      currency: row.event.currency,
      questions: row.event.questions,
      image: row.event.images[0] ?? null,
      place: row.venueName ? `${row.venueName}, ${row.city}` : "Online",
    },
    lines,
    breakdown,
    discountCode,
    orderReference: done?.reference ?? null,
  };
}

export type Checkout = NonNullable<Awaited<ReturnType<typeof getCheckout>>>;

/**
 * The checkout as its page opens it: a hold whose time is up gives its stock back now, rather than
 * at the next sweep, and is shown as it then stands. Null unless the hold is the buyer's.
 */
export async function openCheckout(
  db: Db,
  input: { holdId: string; userId: string; now: Date },
): Promise<Checkout | null> {
  const checkout = await getCheckout(db, input);
  if (!checkout || checkout.status !== "active" || checkout.expiresAt > input.now) return checkout;
  await releaseHoldNow(db, input);
  return getCheckout(db, input);
}

/**
 * The answers to the host's questions, and the buyer's choice to share their access needs, kept on
 * the buyer's own hold until the order copies them, with the questions as they read now (the host
 * may edit the survey before the payment arrives). Sharing copies the needs saved on their profile
 * now (never anything the form sent): the order keeps this snapshot whatever they edit later.
 */
export async function saveCheckoutAnswers(
  db: Db,
  input: { holdId: string; userId: string; answers: Record<string, string>; shareAccessNeeds?: boolean },
): Promise<void> {
  await db
    .update(hold)
    .set({
      answers: input.answers,
      accessNeeds: input.shareAccessNeeds
        ? sql`(select ${user.accessNeeds} from ${user} where ${user.id} = ${input.userId})`
        : null,
      questions: sql`(select ${event.questions} from ${event} where ${event.id} = ${hold.eventId})`,
    })
    .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)));
}

/** The provider session of a payment for the buyer's own hold (the return page's `?payment=`), or null. */
export async function paymentSessionOf(
  db: Db,
  input: { paymentId: string; holdId: string; userId: string },
): Promise<string | null> {
  if (!isUuid(input.paymentId)) return null;
  const [p] = await db
    .select({ sessionId: payment.providerSessionId })
    .from(payment)
    .innerJoin(hold, eq(hold.id, payment.holdId))
    .where(and(eq(payment.id, input.paymentId), eq(hold.id, input.holdId), eq(hold.userId, input.userId)))
    .limit(1);
  return p?.sessionId ?? null;
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  event,
  hold,
  seatClaim,
  ticketType,
  user,
  venue,
  venueSeatMark,
  venueSeatSection,
  waitlistEntry,
} from "~/db/schema";
import { endOf, hasEnded } from "~/domain/event-flags";
import { seatsNotSoldAs } from "~/domain/seat-plan";
import { chooseOffer, offerExpiry, pickSeats } from "~/domain/waitlist";
import { afterCommit } from "./after-commit";
import { claimAndHold } from "./claim-stock";
import { releaseHolds } from "./release-holds";

/**
 * When places free up (an order cancelled, a hold lapsed, capacity raised), the first person
 * waiting is offered them: a hold in their name, claimed with the same conditional statement as
 * any checkout (so an offer never holds more than is free), lasting the event's offer window.
 * They buy through the normal checkout. Runs inside the caller's transaction, so the places go to
 * the waitlist before anyone else can claim them; the emails go after the commit
 * (recorded as after-commit work here, sent through `claimOfferNotices`). Returns the entries offered.
 */
export async function offerFreedPlaces(tx: Db, eventId: string, now: Date): Promise<string[]> {
  const offered: string[] = [];
  // People already holding as many of the event as one person may: they keep their place in line
  // and are passed over for this offer.
  const passedOver: string[] = [];
  for (;;) {
    // The first in line who can still be offered (not a deleted account); another transaction
    // offering this event's places skips to the next.
    const { rows } = await tx.execute<{ id: string; user_id: string; quantity: number }>(sql`
      select w.id, w.user_id, w.quantity from waitlist_entry w
      join "user" u on u.id = w.user_id and u.deleted_at is null
      where w.event_id = ${eventId}::uuid and w.status = 'waiting'
        ${
          passedOver.length > 0
            ? sql`and w.id not in (${sql.join(
                passedOver.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }
      order by w.created_at, w.id limit 1 for update of w skip locked`);
    const entry = rows[0];
    if (!entry) break;
    const made = await tx
      // A savepoint: if this offer cannot be made (a seat taken at this moment), only it is undone.
      .transaction((sp) => offerTo(sp, entry, eventId, now))
      .catch((error: unknown) => {
        if (error instanceof SeatTakenMeanwhile) return "nothing" as const;
        if (error instanceof AtTheirLimit) return "at_limit" as const;
        throw error;
      });
    if (made === "nothing") break;
    if (made === "at_limit") passedOver.push(entry.id);
    else offered.push(entry.id);
  }
  // Each person offered places hears of it once this transaction commits (see claimOfferNotices).
  if (offered.length > 0) await afterCommit(tx, { kind: "waitlist-offers" });
  return offered;
}

/** A seat picked for an offer went to a checkout at that moment: the offer is undone, not an error. */
export class SeatTakenMeanwhile extends Error {
  constructor() {
    super("A seat for the offer was taken meanwhile");
  }
}

/** The person already has as many of the event as one person may (their claim said so): passed over, not an error. */
export class AtTheirLimit extends Error {
  constructor() {
    super("The person already has their share of the event");
  }
}

/** The event's ticket types, locked (in id order, as every claim of several types locks them). */
export function lockTicketTypes(tx: Db, eventId: string) {
  return tx.select().from(ticketType).where(eq(ticketType.eventId, eventId)).orderBy(asc(ticketType.id)).for("update");
}

/** How many more places of the event this person may have (their share, less what they hold and have). */
export async function placesAllowed(tx: Db, input: { eventId: string; userId: string; now: Date }): Promise<number> {
  const { rows } = await tx.execute<{ allowed: number }>(
    sql`select tickets_per_person(${input.eventId}::uuid)
      - tickets_held_by(${input.eventId}::uuid, ${input.userId}, ${input.now.toISOString()}::timestamptz) as allowed`,
  );
  return Number(rows[0]?.allowed ?? 0);
}

/** The event as an offer needs it: its state, its offer window, and its seat plan's size if seated. */
export async function eventForOffer(tx: Db, eventId: string) {
  const [e] = await tx
    .select({ event, seatRows: venue.seatRows, seatColumns: venue.seatColumns })
    .from(event)
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(eq(event.id, eventId));
  return e ?? null;
}
type OfferEvent = NonNullable<Awaited<ReturnType<typeof eventForOffer>>>;

/**
 * One offer: places for this person, if there are any, and no more than their share of the event
 * allows (DESIGN §3: an offer is a hold like any other, so what they hold already counts).
 */
async function offerTo(
  tx: Db,
  entry: { id: string; user_id: string; quantity: number },
  eventId: string,
  now: Date,
): Promise<"offered" | "nothing"> {
  const e = await eventForOffer(tx, eventId);
  if (!e || e.event.status !== "published" || e.event.isCancelled || hasEnded(e.event, now)) return "nothing";
  // The event's stock, locked, so what is read free stays free until this offer has claimed it.
  const types = await lockTicketTypes(tx, eventId);
  // What they may still have: the claim checks it again, under its lock.
  const allowed = await placesAllowed(tx, { eventId, userId: entry.user_id, now });
  if (allowed <= 0) throw new AtTheirLimit();
  const offer = chooseOffer(types, Math.min(entry.quantity, allowed), now);
  if (!offer) return "nothing";
  return holdOffer(tx, { entryId: entry.id, userId: entry.user_id, e, types, offer, now });
}

/**
 * Holds an offer's places for its person (the automatic offers' and the host's by hand): seats
 * picked at a seated venue, the stock claimed by `claimAndHold` (the statement checkout uses, so
 * never more than is free), lasting the event's offer window, and the entry marked offered with
 * its email still to send. The ticket types must be locked by the caller (`lockTicketTypes`).
 */
export async function holdOffer(
  tx: Db,
  input: {
    entryId: string;
    userId: string;
    e: OfferEvent;
    types: (typeof ticketType.$inferSelect)[];
    offer: { ticketTypeId: string; quantity: number };
    now: Date;
  },
): Promise<"offered" | "nothing"> {
  const { e, types, offer, now } = input;
  const eventId = e.event.id;
  let seats: { row: number; column: number; ticketTypeId: string }[] = [];
  if (e.seatRows && e.seatColumns) {
    const taken = await tx
      .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn })
      .from(seatClaim)
      .where(eq(seatClaim.eventId, eventId));
    // Only seats of the offered ticket's section (a seat is sold at its section's price).
    const sections = await tx
      .select()
      .from(venueSeatSection)
      .where(eq(venueSeatSection.venueId, e.event.venueId!))
      .orderBy(asc(venueSeatSection.sortOrder), asc(venueSeatSection.name));
    // Nor gaps and blocked seats, which are never sold.
    const unsellable = await tx
      .select({ row: venueSeatMark.seatRow, column: venueSeatMark.seatColumn })
      .from(venueSeatMark)
      .where(and(eq(venueSeatMark.venueId, e.event.venueId!), inArray(venueSeatMark.kind, ["gap", "blocked"])));
    const offered = types.find((t) => t.id === offer.ticketTypeId)!;
    const unavailable = seatsNotSoldAs({ rows: e.seatRows, columns: e.seatColumns }, sections, offered.seatSectionId);
    for (const t of [...taken, ...unsellable]) unavailable.add(`${t.row}:${t.column}`);
    const picked = pickSeats({ rows: e.seatRows, columns: e.seatColumns }, unavailable, offer.quantity);
    if (!picked) return "nothing";
    seats = picked.map((p) => ({ ...p, ticketTypeId: offer.ticketTypeId }));
  }
  const type = types.find((t) => t.id === offer.ticketTypeId)!;
  const claim = await claimAndHold(tx, {
    eventId,
    buyer: { userId: input.userId },
    now,
    expiresAt: offerExpiry({ hours: e.event.waitlistOfferHours, now, eventEnds: endOf(e.event) }),
    seats,
    discountId: null,
    idempotencyKey: null,
    // Pay-what-you-wish places are offered at their minimum.
    lines: [{ ticketTypeId: offer.ticketTypeId, quantity: offer.quantity, unitPricePence: type.pricePence }],
    extended: true,
    // Read and locked in this transaction just now: nothing to check them against.
    fingerprint: null,
  });
  if (claim.status === "over_share") throw new AtTheirLimit();
  if (claim.status !== "written") throw new Error("The offer's claim fell short");
  const holdId = claim.holdId;
  if (seats.length > 0) {
    const placed = await tx
      .insert(seatClaim)
      .values(
        seats.map((s) => ({ eventId, seatRow: s.row, seatColumn: s.column, ticketTypeId: s.ticketTypeId, holdId })),
      )
      .onConflictDoNothing()
      .returning({ row: seatClaim.seatRow });
    if (placed.length !== seats.length) throw new SeatTakenMeanwhile();
  }
  await tx
    .update(waitlistEntry)
    .set({ status: "offered", holdId, offeredAt: now, notifiedAt: null, updatedAt: now })
    .where(eq(waitlistEntry.id, input.entryId));
  return "offered";
}

/**
 * Gives one buyer's hold back now (its time ran out, or they left checkout), in its own
 * transaction: the stock goes to the waitlist first, and the offers are told after the commit.
 * Only their own: another person's hold id changes nothing.
 */
export async function releaseHoldNow(
  database: Db,
  input: { holdId: string; userId: string; now: Date; as?: Parameters<typeof releaseHolds>[1]["as"] },
): Promise<void> {
  await database.transaction(async (tx) => {
    // Only the buyer's own hold: anyone else's id releases nothing.
    const [own] = await tx
      .select({ id: hold.id })
      .from(hold)
      .where(and(eq(hold.id, input.holdId), eq(hold.userId, input.userId)));
    if (own) await releaseHoldsAndOffer(tx, { now: input.now, holdIds: [own.id], as: input.as });
  });
}

/**
 * Gives back the stock of holds that are over (see releaseHolds), and then their places to the
 * waitlist: an offer that lapsed, or that its person turned down, passes to the next in line.
 */
export async function releaseHoldsAndOffer(
  db: Db,
  opts: Parameters<typeof releaseHolds>[1],
): Promise<{ released: string[]; offered: string[] }> {
  const released = await releaseHolds(db, opts);
  if (released.length === 0) return { released, offered: [] };
  const ended = await db
    .update(waitlistEntry)
    .set({ status: opts.as === "released" ? "left" : "lapsed", updatedAt: opts.now })
    .where(and(inArray(waitlistEntry.holdId, released), eq(waitlistEntry.status, "offered")))
    .returning({ userId: waitlistEntry.userId });
  await syncWaitlistFlags(
    db,
    ended.map((e) => e.userId),
  );
  // Every event that got stock back, in case someone is waiting for it.
  const { rows } = await db.execute<{ event_id: string }>(sql`
    select distinct h.event_id from hold h
    where h.id in (${sql.join(
      released.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and exists (select 1 from waitlist_entry w where w.event_id = h.event_id and w.status = 'waiting')`);
  const offered: string[] = [];
  for (const r of rows) offered.push(...(await offerFreedPlaces(db, r.event_id, opts.now)));
  return { released, offered };
}

/**
 * The minute sweep: every event's lapsed holds given back, and offered on, in a transaction of its
 * own, so one event's offers never keep another's stock locked while a rush is checking out.
 */
export async function sweepLapsedHolds(db: Db, now: Date): Promise<{ released: string[]; offered: string[] }> {
  const { rows } = await db.execute<{ event_id: string }>(
    sql`select distinct event_id from hold where status = 'active' and expires_at <= ${now}`,
  );
  const all = { released: [] as string[], offered: [] as string[] };
  for (const r of rows) {
    const done = await db.transaction((tx) => releaseHoldsAndOffer(tx, { now, eventId: r.event_id }));
    all.released.push(...done.released);
    all.offered.push(...done.offered);
  }
  return all;
}

/**
 * Spec §4: a person's waitlistRequest flag, true while they are on some event's waitlist. Kept from
 * their entries rather than toggled, so leaving one list while on another keeps it true.
 */
export async function syncWaitlistFlags(db: Db, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await db
    .update(user)
    .set({
      waitlistRequest: sql`exists (select 1 from waitlist_entry w
        where w.user_id = ${user.id} and w.status in ('waiting', 'offered'))`,
    })
    .where(inArray(user.id, ids));
}

export interface OfferNotice {
  entryId: string;
  userId: string;
  email: string;
  firstName: string;
  holdId: string;
  /** Places held by the offer. */
  quantity: number;
  /** Places they asked for (more than `quantity` when fewer came up). */
  asked: number;
  expiresAt: Date;
  eventName: string;
  eventSlug: string;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * Offers whose email has not gone yet, each claimed once (however many instances look): the
 * caller sends them. A crash between claiming and sending loses that email, never doubles it.
 */
export async function claimOfferNotices(db: Db, now: Date): Promise<OfferNotice[]> {
  const { rows } = await db.execute<{
    entry_id: string;
    user_id: string;
    email: string;
    first_name: string | null;
    name: string;
    hold_id: string;
    quantity: number;
    asked: number;
    expires_at: string | Date;
    event_name: string;
    event_slug: string;
    starts_at: string | Date;
    ends_at: string | Date | null;
  }>(sql`
    with due as (
      update waitlist_entry w set notified_at = ${now}
      where w.id in (
        select id from waitlist_entry where status = 'offered' and notified_at is null limit 100 for update skip locked
      )
      returning w.id, w.user_id, w.hold_id, w.event_id, w.quantity
    )
    select d.id as entry_id, d.user_id, u.email, u.first_name, u.name, d.hold_id, d.quantity as asked,
      (select coalesce(sum(l.quantity), 0)::int from hold_line l where l.hold_id = d.hold_id and not l.companion)
        as quantity,
      h.expires_at, e.name as event_name, e.slug as event_slug, e.starts_at, e.ends_at
    from due d
    join "user" u on u.id = d.user_id
    join hold h on h.id = d.hold_id
    join event e on e.id = d.event_id`);
  return rows.map((r) => ({
    entryId: r.entry_id,
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name || r.name.split(" ")[0] || "there",
    holdId: r.hold_id,
    quantity: Number(r.quantity),
    asked: Number(r.asked),
    expiresAt: new Date(r.expires_at),
    eventName: r.event_name,
    eventSlug: r.event_slug,
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
  }));
}

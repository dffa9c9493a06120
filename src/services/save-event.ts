import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, order, user, venue } from "~/db/schema";
import { checkEventDetails, type EventDetails, type EventDetailsInput } from "~/domain/event-details";
import { mayDo } from "~/domain/event-life-cycle";
import { hasEnded, movesIntoThePast } from "~/domain/event-flags";
import { AppError } from "~/lib/app-error";
import { londonHhMm, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";
import { sanitizeDescription } from "~/lib/rich-text.server";
import { isUuid } from "~/lib/uuid";
import { studioMessages } from "~/texts/studio-messages";
import { afterCommitAll } from "./after-commit";
import { eventPlace } from "./event-place";
import { claimNewEvents } from "./event-quota";
import type { Throttle, ThrottleRule } from "./throttle";
import { isUniqueViolation } from "./update-profile";

/*
 * Written out in full: in a one-table select Drizzle leaves its columns unqualified, and inside a
 * subquery a bare "id" would be the subquery's own.
 */
const HAS_ORDERS = sql<boolean>`exists (select 1 from "order" o where o.event_id = "event"."id")`;

/** Whether a save changes this date only, or this date and the later ones of its series. */
export type SeriesScope = "one" | "following";

export interface EventEditorValues {
  id: string;
  name: string;
  slug: string;
  /** Published at least once: the address is out in the world and stays. */
  slugLocked: boolean;
  category: string;
  eventType: string;
  subcategories: string[];
  tags: string[];
  description: string;
  images: string[];
  startsAt: Date;
  endsAt: Date | null;
  isOnline: boolean;
  onlineUrl: string | null;
  venueId: string | null;
  isPrivate: boolean;
  rsvp: boolean;
  currency: "GBP" | "EUR";
  feeMode: "pass" | "absorb";
  status: "draft" | "published" | "unpublished" | "archived" | "deleted";
  isCancelled: boolean;
  /** Orders placed: the currency can no longer change. */
  hasOrders: boolean;
  /** The later dates of its series, this one left out. */
  laterDates: number;
  seriesId: string | null;
}

export interface EventEditorData {
  venues: { id: string; name: string; city: string }[];
  /** What a new event starts with: the host's own fee setting. */
  hostFeeMode: "pass" | "absorb";
  event: EventEditorValues | null;
}

/** What the event form needs: the host's venues, their fee setting and, when editing, the event as saved. */
export async function eventEditorData(db: Db, input: { hostId: string; eventId?: string }): Promise<EventEditorData> {
  const [venues, [host], values] = await Promise.all([
    db
      .select({ id: venue.id, name: venue.name, city: venue.city })
      .from(venue)
      .where(eq(venue.hostId, input.hostId))
      .orderBy(asc(venue.name)),
    db.select({ feeMode: user.feeMode }).from(user).where(eq(user.id, input.hostId)),
    input.eventId === undefined ? Promise.resolve(null) : editorValues(db, input.hostId, input.eventId),
  ]);
  return { venues, hostFeeMode: host?.feeMode ?? "pass", event: values };
}

async function editorValues(db: Db, hostId: string, eventId: string): Promise<EventEditorValues> {
  if (!isUuid(eventId)) throw new AppError("not_found", "No such event.");
  const [row] = await db
    .select({
      e: event,
      hasOrders: HAS_ORDERS,
      laterDates: sql<number>`(select count(*)::int from event s
        where s.series_id = "event"."series_id" and s.starts_at > "event"."starts_at" and s.status <> 'deleted')`,
    })
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.hostId, hostId), ne(event.status, "deleted")));
  if (!row) throw new AppError("not_found", "No such event.");
  const { e } = row;
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    slugLocked: e.lastPublishedAt !== null,
    category: e.category,
    eventType: e.eventType,
    subcategories: e.subcategories,
    tags: e.tags,
    description: sanitizeDescription(e.description),
    images: e.images,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    isOnline: e.isOnline,
    onlineUrl: e.onlineUrl,
    venueId: e.venueId,
    isPrivate: e.isPrivate,
    rsvp: e.rsvp,
    currency: e.currency,
    feeMode: e.feeMode,
    status: e.status,
    isCancelled: e.isCancelled,
    hasOrders: Boolean(row.hasOrders),
    laterDates: Number(row.laterDates ?? 0),
    seriesId: e.seriesId,
  };
}

function refuse(fieldErrors: Record<string, string>): never {
  const [first] = Object.values(fieldErrors);
  throw new AppError("validation_failed", first, { fields: fieldErrors });
}

/** The venue must be the host's own: an id from another host's list is "no such venue", by field. */
async function checkVenue(db: Db, hostId: string, details: EventDetails): Promise<void> {
  if (!details.venueId) return;
  const [own] = isUuid(details.venueId)
    ? await db
        .select({ id: venue.id })
        .from(venue)
        .where(and(eq(venue.id, details.venueId), eq(venue.hostId, hostId)))
    : [];
  if (!own) refuse({ venueId: "Choose one of your venues, or add a new one." });
}

function slugTaken(error: unknown): boolean {
  return isUniqueViolation(error, "slug");
}
const SLUG_TAKEN = { slug: "That web address is taken: add a date or a place to make it your own." };

/**
 * A new event, as a draft of the host's (spec §4: a draft until published). The description is
 * cleaned of everything but the editor's marks. Answers its id, for the editor's next step.
 */
export async function createEvent(
  db: Db,
  input: { hostId: string; form: EventDetailsInput; description: string; now: Date },
): Promise<{ id: string }> {
  const checked = checkEventDetails(input.form, { slugLocked: false });
  if (!checked.ok) refuse(checked.fieldErrors);
  const details = checked.details;
  await checkVenue(db, input.hostId, details);
  try {
    return await db.transaction(async (tx) => {
      await claimNewEvents(tx, { hostId: input.hostId, count: 1, now: input.now });
      const [row] = await tx
        .insert(event)
        .values({
          ...details,
          description: sanitizeDescription(input.description),
          hostId: input.hostId,
          status: "draft",
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: event.id });
      return { id: row!.id };
    });
  } catch (error) {
    if (slugTaken(error)) refuse(SLUG_TAKEN);
    throw error;
  }
}

/**
 * Saves the overview of one of the host's events. With `scope: "following"` the later dates of its
 * series take the same details too, each keeping its own date: a changed start or end time moves
 * each of them to that time on its own day, and the address, stock and sales stay each date's own.
 * The currency is fixed once anyone has ordered (their money was taken in it). A cancelled,
 * archived or deleted event is a record and is not changed (the life cycle's rule, by name).
 */
export async function updateEventDetails(
  db: Db,
  input: {
    hostId: string;
    eventId: string;
    form: EventDetailsInput;
    description: string;
    scope: SeriesScope;
    now: Date;
    /** Counts the moves that email ticket holders (see MOVES_TOLD_PER_DAY); absent in tests of other things. */
    throttle?: Throttle;
  },
): Promise<{ updated: number; ordersTold: number }> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  // Read before the transaction and counted after it (the counters may share its database); two
  // saves at the same moment may both pass, which a limit against flooding inboxes can bear.
  const movesKey = `event-moved:${input.eventId}`;
  const movedTooOften = input.throttle
    ? !(await input.throttle.peek(movesKey, MOVES_TOLD_PER_DAY, input.now)).allowed
    : false;
  const tell = { now: input.now, movedTooOften };
  try {
    const saved = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          e: event,
          hasOrders: HAS_ORDERS,
        })
        .from(event)
        .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")))
        .for("update");
      if (!current) throw new AppError("not_found", "No such event.");
      const e = current.e;
      const may = mayDo(
        "edit",
        {
          status: e.status,
          isCancelled: e.isCancelled,
          isOnline: e.isOnline,
          hasVenue: false,
          hasOnlineLink: false,
          ticketTypes: 0,
          hasEnded: false,
        },
        { paidTickets: 0, freeTickets: 0, revenuePence: 0 },
      );
      if (!may.ok) throw new AppError("conflict", may.message);

      const checked = checkEventDetails(input.form, { slugLocked: e.lastPublishedAt !== null, currentSlug: e.slug });
      if (!checked.ok) refuse(checked.fieldErrors);
      const details = checked.details;
      if (current.hasOrders && details.currency !== e.currency)
        refuse({ currency: "People have ordered in this currency, so it can't change now." });
      if (current.hasOrders && movesIntoThePast(e, details, input.now))
        refuse({ date: "People have tickets for this event, so it can't be moved to a time that has passed." });
      await checkVenue(tx, input.hostId, details);
      const description = sanitizeDescription(input.description);

      await tx
        .update(event)
        .set({ ...details, description, updatedAt: input.now })
        .where(eq(event.id, e.id));
      let ordersTold = await tellOfMove(tx, e, details, tell);
      if (input.scope === "one" || !e.seriesId) return { updated: 1, ordersTold };

      // The later dates: same details, their own day and address; the currency only where nobody ordered.
      const later = await tx
        .select({
          id: event.id,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          venueId: event.venueId,
          isOnline: event.isOnline,
          onlineUrl: event.onlineUrl,
          currency: event.currency,
          hasOrders: HAS_ORDERS,
        })
        .from(event)
        .where(
          and(
            eq(event.seriesId, e.seriesId),
            eq(event.hostId, input.hostId),
            gte(event.startsAt, e.startsAt),
            ne(event.id, e.id),
            inArray(event.status, ["draft", "published", "unpublished"]),
            eq(event.isCancelled, false),
          ),
        )
        .for("update");
      const { slug: _ownSlug, startsAt, endsAt, ...shared } = details;
      for (const date of later) {
        const day = londonYmd(date.startsAt);
        const newStart = londonWallTimeToUtc(day, londonHhMm(startsAt));
        const newEnd = endsAt ? new Date(newStart.getTime() + (endsAt.getTime() - startsAt.getTime())) : null;
        await tx
          .update(event)
          .set({
            ...shared,
            currency: date.hasOrders ? date.currency : shared.currency,
            description,
            startsAt: newStart,
            endsAt: newEnd,
            updatedAt: input.now,
          })
          .where(eq(event.id, date.id));
        ordersTold += await tellOfMove(tx, date, { ...shared, startsAt: newStart }, tell);
      }
      return { updated: 1 + later.length, ordersTold };
    });
    if (saved.ordersTold > 0) await input.throttle?.hit(movesKey, MOVES_TOLD_PER_DAY, input.now);
    return saved;
  } catch (error) {
    if (slugTaken(error)) refuse(SLUG_TAKEN);
    throw error;
  }
}

type Placed = { startsAt: Date; venueId: string | null; isOnline: boolean; onlineUrl: string | null };

/**
 * Each move of a date emails everyone with tickets, so a date may be moved with emails this many times
 * a day: enough to put a mistake right, too few to flood people's inboxes by saving again and again.
 */
export const MOVES_TOLD_PER_DAY: ThrottleRule = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };

/**
 * A date moved to another start or place before it is over: once the save commits, everyone holding
 * tickets from each of its standing orders is told (`event-changed`, with how it stood before). So is an
 * online date that stays where it is but gets the link it is joined by, or a new one (`event-link`). A new
 * end time alone tells nobody, nor does a link taken away. Past MOVES_TOLD_PER_DAY (counted per saved
 * event, moves and links together) the save is refused, by field. Answers how many orders were told.
 */
async function tellOfMove(
  tx: Db,
  before: Placed & { id: string; endsAt: Date | null },
  after: Placed,
  input: { now: Date; movedTooOften: boolean },
): Promise<number> {
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.venueId !== after.venueId ||
    before.isOnline !== after.isOnline;
  const newLink = !moved && after.isOnline && after.onlineUrl !== null && after.onlineUrl !== before.onlineUrl;
  if ((!moved && !newLink) || hasEnded(before, input.now)) return 0;
  const standing = await tx
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.eventId, before.id), inArray(order.status, ["paid", "free"])));
  if (standing.length === 0) return 0;
  if (input.movedTooOften)
    refuse(
      moved
        ? { date: studioMessages.movedTooOften(MOVES_TOLD_PER_DAY.limit) }
        : { onlineUrl: studioMessages.linkChangedTooOften(MOVES_TOLD_PER_DAY.limit) },
    );
  if (newLink) {
    const added = before.onlineUrl === null;
    await afterCommitAll(
      tx,
      standing.map((o) => ({ kind: "event-link", orderId: o.id, added })),
    );
    return standing.length;
  }
  const was = {
    startsAt: before.startsAt.toISOString(),
    endsAt: before.endsAt?.toISOString() ?? null,
    where: await eventPlace(tx, before),
  };
  await afterCommitAll(
    tx,
    standing.map((o) => ({ kind: "event-changed", orderId: o.id, was })),
  );
  return standing.length;
}

/**
 * A venue added from an event's editor ('Add a venue' there): the event is held at it when it has no
 * place yet (no venue, not online), by one statement filtered by the host. 'placed' when it was,
 * 'kept' when the event already had a venue or a link (the host chooses in the form), 'not_found'
 * when the event is not one of this host's.
 */
export async function placeEventAtNewVenue(
  db: Db,
  input: { hostId: string; eventId: string; venueId: string; now: Date },
): Promise<"placed" | "kept" | "not_found"> {
  if (!isUuid(input.eventId) || !isUuid(input.venueId)) return "not_found";
  const mine = and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted"));
  const [placed] = await db
    .update(event)
    .set({ venueId: input.venueId, updatedAt: input.now })
    .where(
      and(
        mine,
        sql`"event"."venue_id" is null`,
        eq(event.isOnline, false),
        // The venue is the same host's: a venue id is never taken on trust.
        sql`exists (select 1 from venue v where v.id = ${input.venueId} and v.host_id = ${input.hostId})`,
      ),
    )
    .returning({ id: event.id });
  if (placed) return "placed";
  const [exists] = await db.select({ id: event.id }).from(event).where(mine);
  return exists ? "kept" : "not_found";
}

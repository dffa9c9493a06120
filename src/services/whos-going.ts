import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, guestDisplayConsent, order, ticket, user } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/** How many faces "Who's going" shows at most; the rest are counted. */
export const GOING_FACES = 12;

/** What a guest who agreed shows of themselves: their first name and photo, and their public profile. */
export interface GoingFace {
  id: string;
  firstName: string;
  image: string | null;
}

export interface WhosGoing {
  /** Admissions that stand (every ticket sold and not returned): the page's "{n} going". */
  going: number;
  /** Holders of a standing ticket who agreed to be shown, once each, in the order they agreed. */
  faces: GoingFace[];
  /** For a signed-in viewer: whether they hold a standing ticket, and whether they are shown. */
  viewer: { holdsTicket: boolean; shown: boolean } | null;
}

/**
 * Whether this person holds a ticket to the event that still admits them: not void, on an order that
 * stands (paid or free). Refunded and cancelled orders, and tickets passed on to a friend, don't count.
 */
function holdsStandingTicket(eventId: string, userId: unknown) {
  return sql`exists (
    select 1 from ${ticket} inner join ${order} on ${order.id} = ${ticket.orderId}
    where ${ticket.holderUserId} = ${userId} and ${ticket.eventId} = ${eventId}
      and ${ticket.status} <> 'void' and ${order.status} in ('paid', 'free'))`;
}

/**
 * An event page's "Who's going" (decision 0037), or null when its host doesn't show guests. Nobody is
 * listed without having agreed for this event; the count is the event's sold places, already read
 * with the page, so the only query is one walk of the consent index, limited to the faces shown.
 */
export async function whosGoing(
  db: Db,
  input: { event: { id: string; showsGuests: boolean; tickets: { sold: number }[] }; viewerId: string | null },
): Promise<WhosGoing | null> {
  const { event: e, viewerId } = input;
  if (!e.showsGuests) return null;
  const [faces, viewer] = await Promise.all([
    db
      .select({ id: user.id, firstName: user.firstName, name: user.name, image: user.image })
      .from(guestDisplayConsent)
      .innerJoin(user, eq(user.id, guestDisplayConsent.userId))
      .where(
        and(
          eq(guestDisplayConsent.eventId, e.id),
          isNull(user.deletedAt),
          holdsStandingTicket(e.id, guestDisplayConsent.userId),
        ),
      )
      .orderBy(asc(guestDisplayConsent.createdAt), asc(guestDisplayConsent.userId))
      .limit(GOING_FACES),
    viewerId ? viewerState(db, { eventId: e.id, userId: viewerId }) : null,
  ]);
  return {
    going: e.tickets.reduce((n, t) => n + t.sold, 0),
    faces: faces.map((f) => ({ id: f.id, firstName: firstNameOf(f), image: f.image })),
    viewer,
  };
}

/** A first name alone: never a surname, even when the profile only has a full name. */
function firstNameOf(person: { firstName: string | null; name: string }): string {
  const first = person.firstName?.trim() || person.name.trim().split(/\s+/)[0] || "";
  return first || "Guest";
}

async function viewerState(db: Db, input: { eventId: string; userId: string }) {
  const consent = guestDisplayConsent;
  const shown = sql`exists (select 1 from ${consent}
    where ${consent.eventId} = ${input.eventId} and ${consent.userId} = ${input.userId})`;
  const { rows } = await db.execute<{ holds: boolean; shown: boolean }>(
    sql`select ${holdsStandingTicket(input.eventId, input.userId)} as holds, ${shown} as shown`,
  );
  return { holdsTicket: Boolean(rows[0]?.holds), shown: Boolean(rows[0]?.shown) };
}

/**
 * A ticket holder agrees to appear in the event's "Who's going", or takes it back (decision 0037).
 * Only a holder of a standing ticket can agree, and only while the host shows guests; taking it back
 * always works and leaves nothing behind. Saying the same twice changes nothing.
 */
export async function setShownAsGoing(
  db: Db,
  input: { eventId: string; userId: string; show: boolean; now: Date },
): Promise<{ shown: boolean }> {
  if (!input.show) {
    await db
      .delete(guestDisplayConsent)
      .where(and(eq(guestDisplayConsent.eventId, input.eventId), eq(guestDisplayConsent.userId, input.userId)));
    return { shown: false };
  }
  // One statement: the consent is stored only if, as it is written, the host shows guests and the
  // person holds a ticket that stands.
  const inserted = await db
    .insert(guestDisplayConsent)
    .select(
      db
        .select({
          eventId: event.id,
          userId: sql<string>`${input.userId}`.as("user_id"),
          createdAt: sql<Date>`${input.now.toISOString()}::timestamptz`.as("created_at"),
        })
        .from(event)
        .innerJoin(user, eq(user.id, event.hostId))
        .where(
          and(
            eq(event.id, input.eventId),
            eq(user.showGuestsOnEventDetail, true),
            holdsStandingTicket(input.eventId, input.userId),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ eventId: guestDisplayConsent.eventId });
  if (inserted.length > 0) return { shown: true };
  const [already] = await db
    .select({ eventId: guestDisplayConsent.eventId })
    .from(guestDisplayConsent)
    .where(and(eq(guestDisplayConsent.eventId, input.eventId), eq(guestDisplayConsent.userId, input.userId)));
  if (already) return { shown: true };
  throw new AppError(
    "conflict",
    "Only people with a ticket can be shown as going, and only where the host shows guests.",
  );
}

/** The events a person agreed to be shown on (their data export). */
export async function shownAsGoingOn(db: Db, userId: string) {
  return db
    .select({ eventId: guestDisplayConsent.eventId, eventName: event.name, agreedAt: guestDisplayConsent.createdAt })
    .from(guestDisplayConsent)
    .innerJoin(event, eq(event.id, guestDisplayConsent.eventId))
    .where(eq(guestDisplayConsent.userId, userId))
    .orderBy(asc(guestDisplayConsent.createdAt));
}

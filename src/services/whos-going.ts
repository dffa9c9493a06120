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
 * listed without having agreed for this event. The count is the event's sold places, already read
 * with the page, so this is one statement: a walk of the consent index limited to the faces shown
 * (each checked for a standing ticket through the holder index), and the viewer's own standing.
 */
export async function whosGoing(
  db: Db,
  input: { event: { id: string; showsGuests: boolean; tickets: { sold: number }[] }; viewerId: string | null },
): Promise<WhosGoing | null> {
  const { event: e, viewerId } = input;
  if (!e.showsGuests) return null;
  const consent = guestDisplayConsent;
  const faces = db
    .select({
      id: user.id,
      firstName: user.firstName,
      name: user.name,
      image: user.image,
      createdAt: consent.createdAt,
    })
    .from(consent)
    .innerJoin(user, eq(user.id, consent.userId))
    .where(and(eq(consent.eventId, e.id), isNull(user.deletedAt), holdsStandingTicket(e.id, consent.userId)))
    .orderBy(asc(consent.createdAt), asc(consent.userId))
    .limit(GOING_FACES);
  const shown = (userId: string) =>
    sql`exists (select 1 from ${consent} where ${consent.eventId} = ${e.id} and ${consent.userId} = ${userId})`;
  const { rows } = await db.execute<{ faces: FaceRow[] | string; holds: boolean | null; shown: boolean | null }>(sql`
    select coalesce((select json_agg(f order by f.created_at, f.id) from (${faces}) f), '[]'::json) as faces,
      ${viewerId ? holdsStandingTicket(e.id, viewerId) : sql`null::boolean`} as holds,
      ${viewerId ? shown(viewerId) : sql`null::boolean`} as shown`);
  const row = rows[0]!;
  const found: FaceRow[] = typeof row.faces === "string" ? (JSON.parse(row.faces) as FaceRow[]) : row.faces;
  return {
    going: e.tickets.reduce((n, t) => n + t.sold, 0),
    faces: found.map((f) => ({ id: f.id, firstName: firstNameOf(f), image: f.image })),
    viewer: viewerId ? { holdsTicket: Boolean(row.holds), shown: Boolean(row.shown) } : null,
  };
}

/** A face as the statement reads it: JSON keys are the columns' own names (a subquery keeps no aliases). */
type FaceRow = { id: string; first_name: string | null; name: string; image: string | null };

/** A first name alone: never a surname, even when the profile only has a full name. */
function firstNameOf(person: { first_name: string | null; name: string }): string {
  const first = person.first_name?.trim() || person.name.trim().split(/\s+/)[0] || "";
  return first || "Guest";
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

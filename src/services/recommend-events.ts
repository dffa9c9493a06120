import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, venue } from "~/db/schema";
import { KM_PER_MILE, mergeRecommendations, RECOMMENDATIONS_LIMIT, type LatLng } from "~/domain/discovery";
import { listEvents, type EventCardData } from "./discover-events";

const NEARBY_KM = 25 * KM_PER_MILE;

/** Upcoming best sellers with places left: the fallback when too little is related (spec §9). */
function bestSellers(db: Db, now: Date, excludeIds: string[]) {
  return listEvents(db, {
    now,
    scope: "upcoming",
    sort: "best-selling",
    notSoldOut: true,
    excludeIds,
    limit: RECOMMENDATIONS_LIMIT * 2,
  });
}

/**
 * "You might also like" for an event page: the same category, the same host, and events near
 * it, interleaved so each kind gets a look-in; topped up with best sellers when fewer than 8.
 */
export async function recommendForEvent(
  db: Db,
  input: { now: Date; event: { id: string; category: string; hostId: string; venue: LatLng | null } },
): Promise<EventCardData[]> {
  const { now, event } = input;
  const base = {
    now,
    scope: "upcoming" as const,
    excludeIds: [event.id],
    notSoldOut: true,
    limit: RECOMMENDATIONS_LIMIT,
  };
  const [sameCategory, sameHost, nearby] = await Promise.all([
    listEvents(db, { ...base, sort: "date", category: event.category }),
    listEvents(db, { ...base, sort: "date", hostId: event.hostId }),
    event.venue
      ? listEvents(db, { ...base, sort: "distance", near: { centre: event.venue, radiusKm: NEARBY_KM } })
      : Promise.resolve([]),
  ]);
  const related = interleave(sameCategory, sameHost, nearby);
  const fallback = related.length < RECOMMENDATIONS_LIMIT ? await bestSellers(db, now, [event.id]) : [];
  return mergeRecommendations(related, fallback, event.id);
}

/**
 * "You might also like" for the published event with this slug, or null when there is none (a
 * draft's recommendations would tell a stranger that its slug exists). The event page asks for them
 * once it is showing, so its own HTML stays small and quick on a phone.
 */
export async function recommendForSlug(db: Db, input: { now: Date; slug: string }): Promise<EventCardData[] | null> {
  const [found] = await db
    .select({
      id: event.id,
      category: event.category,
      hostId: event.hostId,
      lat: venue.lat,
      lng: venue.lng,
    })
    .from(event)
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(and(eq(event.slug, input.slug), eq(event.status, "published")));
  if (!found) return null;
  const place = found.lat !== null && found.lng !== null ? { lat: found.lat, lng: found.lng } : null;
  return recommendForEvent(db, {
    now: input.now,
    event: { id: found.id, category: found.category, hostId: found.hostId, venue: place },
  });
}

/**
 * Suggestions for a signed-in person's dashboard: what's near them (when they shared a location)
 * and what's soon in the categories they like, topped up with best sellers.
 */
export async function recommendForPerson(
  db: Db,
  input: { now: Date; location?: LatLng | null; categories?: string[] },
): Promise<EventCardData[]> {
  const { now } = input;
  const base = { now, scope: "upcoming" as const, notSoldOut: true, limit: RECOMMENDATIONS_LIMIT };
  const [nearby, ...liked] = await Promise.all([
    input.location
      ? listEvents(db, { ...base, sort: "distance", near: { centre: input.location, radiusKm: NEARBY_KM } })
      : Promise.resolve([]),
    ...(input.categories ?? []).slice(0, 3).map((category) => listEvents(db, { ...base, sort: "date", category })),
  ]);
  const related = interleave(nearby, ...liked);
  const fallback = related.length < RECOMMENDATIONS_LIMIT ? await bestSellers(db, now, []) : [];
  return mergeRecommendations(related, fallback);
}

/** a1, b1, c1, a2, b2, … */
function interleave<T>(...lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++)
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

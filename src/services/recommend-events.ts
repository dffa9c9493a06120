import type { Db } from "~/db/client.server";
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

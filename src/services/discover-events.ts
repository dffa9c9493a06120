import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { boundingBox, type LatLng, type TimeRange } from "~/domain/discovery";
import { publicWindowStart } from "~/domain/event-flags";
import type { Currency } from "~/domain/money";
import { FEE_MODES, maxFaceForHeadline, priceTerms, type FeeMode, type PriceTerms } from "~/domain/pricing";
import type { TicketKind, TicketLike } from "~/domain/ticket-availability";
import { personName } from "~/lib/person-name";

/**
 * Finding public events: the one query behind every list of event cards (home sections,
 * explore, category and type pages, a host's upcoming events, recommendations). The listing rule
 * is always applied here, so no page can show a private, draft, archived or cancelled event.
 */

export interface EventCardData {
  id: string;
  slug: string;
  name: string;
  summary: string | null;
  startsAt: Date;
  endsAt: Date | null;
  category: string;
  eventType: string;
  isOnline: boolean;
  coverImage: string | null;
  venue: { name: string; city: string; formattedAddress: string; lat: number; lng: number } | null;
  host: {
    id: string;
    name: string;
    title: string | null;
    image: string | null;
    username: string | null;
    isVerified: boolean;
  };
  capacity: number;
  sold: number;
  seatCount: number | null;
  tickets: TicketLike[];
  /** What its prices are shown on (the host's fee mode, the event's currency): pass to `cardPriceLabel`. */
  priceTerms: PriceTerms;
  /** Kilometres from the point asked about, when one was. */
  distanceKm: number | null;
}

export type EventSort = "date" | "trending" | "recent" | "distance" | "best-selling";

export interface EventQuery {
  now: Date;
  /**
   * "upcoming": not yet ended. "past": ended (with sort "date", the latest first). "public": the
   * public window, from three days back (ended ones last).
   */
  scope: "upcoming" | "past" | "public";
  category?: string;
  eventType?: string;
  hostId?: string;
  /** Only events of the hosts this person follows. */
  followedBy?: string;
  excludeIds?: string[];
  /** Start time within this range. */
  range?: TimeRange;
  /** Every public ticket free. */
  freeOnly?: boolean;
  /** A ticket on sale has a headline price (`headlinePrice`) of at most this, in this currency. */
  maxPrice?: { totalMinor: number; currency: Currency };
  near?: { centre: LatLng; radiusKm: number };
  /** Places left. */
  notSoldOut?: boolean;
  /** Has sold something paid (trending). */
  hasRevenue?: boolean;
  publishedSince?: Date;
  sort: EventSort;
  limit: number;
  offset?: number;
}

export const listed = sql`e.status = 'published' and not e.is_private and not e.is_cancelled`;

/**
 * When an event is over, from its start and end columns: its end, or the end of its London day (as the domain's
 * `endOf`).
 */
export function endOfEvent(startsAt: SQLWrapper, endsAt: SQLWrapper): SQL {
  return sql`coalesce(${endsAt},
    (date_trunc('day', ${startsAt} at time zone 'Europe/London') + interval '1 day') at time zone 'Europe/London')`;
}

export const endsAt = endOfEvent(sql`e.starts_at`, sql`e.ends_at`);

function inSaleWindow(now: Date): SQL {
  return sql`(t.sales_start_at is null or t.sales_start_at <= ${now})
    and (t.sales_end_at is null or t.sales_end_at > ${now})`;
}

/** The domain's `isOnSale` for someone without an unlock: public, in its sale window, places left. */
function onSaleNow(now: Date): SQL {
  return sql`t.kind <> 'private' and ${inSaleWindow(now)} and t.sold + t.held < t.capacity`;
}

/** The tickets that set a card's price (`cardPrice`): not private, and hidden-scheduled ones only in their window. */
function publicNow(now: Date): SQL {
  return sql`t.kind <> 'private' and (t.kind <> 'scheduled_hidden' or (${inSaleWindow(now)}))`;
}

/**
 * The highest face value a ticket of this event may have to fit within a price band: the band's
 * headline price turned back into a face value by the domain's own rule, for the event's fee mode.
 */
function maxFaceFor(maxPrice: NonNullable<EventQuery["maxPrice"]>): SQL {
  const face = (mode: FeeMode) => maxFaceForHeadline(maxPrice.totalMinor, priceTerms(mode, maxPrice.currency));
  return sql`(case e.fee_mode ${sql.join(
    FEE_MODES.map((mode) => sql`when ${mode} then ${face(mode)}::int`),
    sql` `,
  )} end)`;
}

/** Per event on a card: capacity, sold and the ticket types themselves (for the price and badges). */
const stockLateral = sql`cross join lateral (
    select coalesce(sum(t.capacity), 0)::int as capacity,
           coalesce(sum(t.sold), 0)::int as sold,
           coalesce(json_agg(json_build_object(
             'kind', t.kind, 'pricePence', t.price_pence, 'capacity', t.capacity, 'sold', t.sold, 'held', t.held,
             'salesStartAt', t.sales_start_at, 'salesEndAt', t.sales_end_at)
             order by t.sort_order, t.price_pence), '[]'::json) as tickets
    from ticket_type t where t.event_id = e.id
  ) s`;

function distanceExpr(centre: LatLng): SQL {
  return sql`(2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(v.lat - ${centre.lat}) / 2), 2) +
    cos(radians(${centre.lat})) * cos(radians(v.lat)) * power(sin(radians(v.lng - ${centre.lng}) / 2), 2)))))`;
}

/** The WHERE clause for a query: always the listing rule, then the scope and filters asked for. */
export function conditions(q: Omit<EventQuery, "sort" | "limit" | "offset">): SQL {
  const parts: SQL[] = [listed];
  if (q.scope === "upcoming") parts.push(sql`${endsAt} > ${q.now}`);
  else if (q.scope === "past") parts.push(sql`${endsAt} <= ${q.now}`);
  else parts.push(sql`e.starts_at >= ${publicWindowStart(q.now)}`);
  if (q.category) parts.push(sql`e.category = ${q.category}`);
  if (q.eventType) parts.push(sql`e.event_type = ${q.eventType}`);
  if (q.hostId) parts.push(sql`e.host_id = ${q.hostId}`);
  if (q.followedBy)
    parts.push(sql`e.host_id in (select f.host_id from host_follow f where f.user_id = ${q.followedBy})`);
  if (q.excludeIds && q.excludeIds.length > 0)
    parts.push(
      sql`e.id not in (${sql.join(
        q.excludeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (q.range) parts.push(sql`e.starts_at >= ${q.range.from} and e.starts_at < ${q.range.to}`);
  if (q.freeOnly) {
    // What a card calls 'Free Entry'; free is free on either fee mode.
    parts.push(sql`exists (select 1 from ticket_type t where t.event_id = e.id and ${publicNow(q.now)})`);
    parts.push(
      sql`not exists (select 1 from ticket_type t
        where t.event_id = e.id and ${publicNow(q.now)} and t.price_pence > 0)`,
    );
  }
  if (q.maxPrice) {
    parts.push(sql`e.currency = ${q.maxPrice.currency}`);
    parts.push(
      sql`exists (select 1 from ticket_type t
        where t.event_id = e.id and ${onSaleNow(q.now)} and t.price_pence <= ${maxFaceFor(q.maxPrice)})`,
    );
  }
  if (q.notSoldOut) parts.push(sql`e.sold_total < e.capacity_total`);
  if (q.hasRevenue) parts.push(sql`e.revenue_pence > 0`);
  if (q.publishedSince) parts.push(sql`e.last_published_at >= ${q.publishedSince}`);
  if (q.near) {
    const box = boundingBox(q.near.centre, q.near.radiusKm);
    parts.push(sql`v.lat between ${box.minLat} and ${box.maxLat} and v.lng between ${box.minLng} and ${box.maxLng}`);
    parts.push(sql`${distanceExpr(q.near.centre)} <= ${q.near.radiusKm}`);
  }
  return sql.join(parts, sql` and `);
}

/** Events still to come before ones that have ended (spec: "upcoming events first"). */
export const endedLast = (now: Date) => sql`(${endsAt} <= ${now}) asc`;

function ordering(q: EventQuery): SQL {
  // Upcoming soonest first, then ended ones latest first.
  const upcomingFirst = sql`${endedLast(q.now)},
    case when ${endsAt} > ${q.now} then e.starts_at end asc, e.starts_at desc`;
  switch (q.sort) {
    case "date":
      return upcomingFirst;
    case "trending":
      return sql`e.sold_total::float / nullif(e.capacity_total, 0) desc nulls last,
        e.revenue_pence desc, e.starts_at asc`;
    case "best-selling":
      return sql`e.sold_total desc, e.starts_at asc`;
    case "recent":
      return sql`e.last_published_at desc nulls last, e.starts_at asc`;
    case "distance":
      return q.near ? sql`${distanceExpr(q.near.centre)} asc, e.starts_at asc` : upcomingFirst;
  }
}

export interface CardRow extends Record<string, unknown> {
  id: string;
  slug: string;
  name: string;
  summary: string | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  category: string;
  event_type: string;
  is_online: boolean;
  cover: string | null;
  venue_name: string | null;
  city: string | null;
  formatted_address: string | null;
  lat: number | null;
  lng: number | null;
  seat_count: number | null;
  host_id: string;
  host_name: string;
  first_name: string | null;
  last_name: string | null;
  host_title: string | null;
  host_image: string | null;
  username: string | null;
  is_verified: boolean;
  currency: Currency;
  fee_mode: FeeMode;
  capacity: number;
  sold: number;
  tickets:
    | {
        kind: TicketKind;
        pricePence: number;
        capacity: number;
        sold: number;
        held: number;
        salesStartAt: string | null;
        salesEndAt: string | null;
      }[]
    | string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The columns of a card, selected from `event e`, `"user" u`, `venue v` and the stock lateral `s`. */
const cardColumns = sql`e.id, e.slug, e.name, e.summary, e.starts_at, e.ends_at, e.category, e.event_type, e.is_online,
    e.images[1] as cover,
    v.name as venue_name, v.city, v.formatted_address, v.lat, v.lng,
    -- The seats a seated venue sells: its positions less its gaps and blocked seats.
    v.seat_rows * v.seat_columns - (select count(*) from venue_seat_mark m
      where m.venue_id = v.id and m.kind in ('gap', 'blocked'))::int as seat_count,
    u.id as host_id, u.name as host_name, u.first_name, u.last_name, u.host_title, u.image as host_image, u.username,
    u.is_verified,
    e.currency, e.fee_mode, s.capacity, s.sold, s.tickets`;

/** The ticket types of the stock lateral's `tickets`, as the domain's availability rules read them. */
function toTickets(json: CardRow["tickets"]): TicketLike[] {
  const tickets = typeof json === "string" ? (JSON.parse(json) as Exclude<CardRow["tickets"], string>) : json;
  return tickets.map((t) => ({
    kind: t.kind,
    pricePence: Number(t.pricePence),
    capacity: Number(t.capacity),
    sold: Number(t.sold),
    held: Number(t.held),
    salesStartAt: t.salesStartAt ? new Date(t.salesStartAt) : null,
    salesEndAt: t.salesEndAt ? new Date(t.salesEndAt) : null,
  }));
}

export function toCard(row: CardRow, distanceKm: number | null = null): EventCardData {
  const hostName = personName({ firstName: row.first_name, lastName: row.last_name, name: row.host_name });
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    startsAt: toDate(row.starts_at),
    endsAt: row.ends_at ? toDate(row.ends_at) : null,
    category: row.category,
    eventType: row.event_type,
    isOnline: row.is_online,
    coverImage: row.cover,
    venue:
      row.venue_name !== null
        ? {
            name: row.venue_name,
            city: row.city ?? "",
            formattedAddress: row.formatted_address ?? "",
            lat: Number(row.lat),
            lng: Number(row.lng),
          }
        : null,
    host: {
      id: row.host_id,
      name: hostName,
      title: row.host_title,
      image: row.host_image,
      username: row.username,
      isVerified: row.is_verified,
    },
    capacity: Number(row.capacity),
    sold: Number(row.sold),
    seatCount: row.seat_count && row.seat_count > 0 ? Number(row.seat_count) : null,
    tickets: toTickets(row.tickets),
    priceTerms: priceTerms(row.fee_mode, row.currency),
    distanceKm,
  };
}

/**
 * The cards for these events, in the order given. Lists choose and order ids cheaply from the
 * event table first; only the page they show pays for joins and ticket details.
 */
export async function fetchCards(
  db: Db,
  picks: { id: string; distanceKm?: number | null }[],
): Promise<EventCardData[]> {
  if (picks.length === 0) return [];
  const { rows } = await db.execute<CardRow>(sql`
    select ${cardColumns}
    from event e join "user" u on u.id = e.host_id left join venue v on v.id = e.venue_id ${stockLateral}
    where e.id in (${sql.join(
      picks.map((p) => sql`${p.id}::uuid`),
      sql`, `,
    )})`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return picks.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [toCard(row, p.distanceKm ?? null)] : [];
  });
}

/** `from` for choosing events: the event, and its venue when distance matters. */
function pickFrom(q: Pick<EventQuery, "near">): SQL {
  return q.near ? sql`from event e join venue v on v.id = e.venue_id` : sql`from event e`;
}

export async function listEvents(db: Db, q: EventQuery): Promise<EventCardData[]> {
  const { rows } = await db.execute<{ id: string; distance_km: number | null }>(sql`
    select e.id, ${q.near ? distanceExpr(q.near.centre) : sql`null::float8`} as distance_km ${pickFrom(q)}
    where ${conditions(q)}
    order by ${ordering(q)}, e.id
    limit ${q.limit} offset ${q.offset ?? 0}`);
  return fetchCards(
    db,
    rows.map((r) => ({ id: r.id, distanceKm: r.distance_km === null ? null : Number(r.distance_km) })),
  );
}

export async function countEvents(db: Db, q: Omit<EventQuery, "sort" | "limit" | "offset">): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n ${pickFrom(q)} where ${conditions(q)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One page of events and how many there are in all. */
export async function pageEvents(db: Db, q: EventQuery): Promise<{ events: EventCardData[]; total: number }> {
  const [events, total] = await Promise.all([listEvents(db, q), countEvents(db, q)]);
  return { events, total };
}

/**
 * Upcoming public events per category, from the start of today in London (spec §7 "counts per event type from today").
 */
export async function countByCategory(db: Db, now: Date): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ category: string; n: number }>(sql`
    select e.category, count(*)::int as n from event e
    where ${listed}
      and e.starts_at >=
        (date_trunc('day', ${now}::timestamptz at time zone 'Europe/London')) at time zone 'Europe/London'
    group by e.category`);
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

/** Upcoming public events per event type, for the type strip on a category page. */
export async function countByEventType(db: Db, now: Date, category?: string): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ event_type: string; n: number }>(sql`
    select e.event_type, count(*)::int as n from event e
    where ${listed} and ${endsAt} > ${now} ${category ? sql`and e.category = ${category}` : sql``}
    group by e.event_type`);
  return Object.fromEntries(rows.map((r) => [r.event_type, Number(r.n)]));
}

export interface EventMarker {
  id: string;
  slug: string;
  name: string;
  startsAt: Date;
  lat: number;
  lng: number;
  venueName: string;
  /** The ticket types and price terms, so a pin's price is the card's (`cardPriceLabel`). */
  tickets: TicketLike[];
  priceTerms: PriceTerms;
}

/** Map pins for everything a query matches (events at a venue only), up to `limit`, in its order. */
export async function listEventMarkers(
  db: Db,
  q: Omit<EventQuery, "limit" | "offset">,
  limit: number,
): Promise<EventMarker[]> {
  const { rows } = await db.execute<{
    id: string;
    slug: string;
    name: string;
    starts_at: Date | string;
    lat: number;
    lng: number;
    venue_name: string;
    currency: Currency;
    fee_mode: FeeMode;
    tickets: CardRow["tickets"];
  }>(sql`
    select e.id, e.slug, e.name, e.starts_at, v.lat, v.lng, v.name as venue_name, e.currency, e.fee_mode, s.tickets
    from event e join venue v on v.id = e.venue_id join "user" u on u.id = e.host_id ${stockLateral}
    where ${conditions(q)}
    order by ${ordering({ ...q, limit })}, e.id
    limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    startsAt: toDate(r.starts_at),
    lat: Number(r.lat),
    lng: Number(r.lng),
    venueName: r.venue_name,
    tickets: toTickets(r.tickets),
    priceTerms: priceTerms(r.fee_mode, r.currency),
  }));
}

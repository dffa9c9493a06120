import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, venue, waitlistEntry, type WAITLIST_STATUSES } from "~/db/schema";
import { hasEnded } from "~/domain/event-flags";
import { DEFAULT_OFFER_HOURS, planHandOffer, type HandOffer } from "~/domain/waitlist";
import type { WaitlistFilter, WaitlistSort } from "~/domain/waitlist-list";
import { waitlistCsv } from "~/domain/waitlist-export";
import { AppError } from "~/lib/app-error";
import { formatEventDateTime, formatTimestamp } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { waitlistMessages } from "~/texts/waitlist-messages";
import { afterCommit } from "./after-commit";
import { studioEventHeader } from "./studio-event";
import {
  AtTheirLimit,
  eventForOffer,
  holdOffer,
  lockTicketTypes,
  placesAllowed,
  releaseHoldsAndOffer,
  SeatTakenMeanwhile,
  syncWaitlistFlags,
} from "./waitlist-offers";

/*
 * A host's waitlists (issue 20): everyone who waits, or waited, for places at the host's events, the
 * offers sent them and what became of each; and the host's own two moves, an offer by hand to one
 * person and a removal. Every read and write names the host (decision 0028): another host's entry
 * or event is "no such" one. An offer by hand is made by the automatic offers' own machinery
 * (`holdOffer`: a hold claimed by the one conditional statement, its email sent after the commit).
 */

export const WAITLIST_PAGE_SIZE = 25;
/** The most rows a CSV file of a waitlist carries. */
export const WAITLIST_EXPORT_MAX = 10_000;

export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

const FILTER_SQL: Record<WaitlistFilter, SQL> = {
  open: sql`l.status in ('waiting', 'offered')`,
  waiting: sql`l.status = 'waiting'`,
  offered: sql`l.status = 'offered'`,
  purchased: sql`l.status = 'purchased'`,
  lapsed: sql`l.status = 'lapsed'`,
  gone: sql`l.status in ('left', 'removed')`,
  all: sql`true`,
};

export interface WaitlistQuery {
  search: string;
  page: number;
  /** One event's waitlist; none: every event of the host's. */
  eventId?: string | null;
  filter?: WaitlistFilter;
  sort?: WaitlistSort;
  dir?: "asc" | "desc";
}

/** What an offer by hand to a waiting person would hold now, for the question asked before it is sent. */
export type HandOfferPreview =
  (HandOffer & { ticketTypeName: string; wanted: number; hours: number; seated: boolean }) | { problem: string };

export interface HostWaitlistRow {
  id: string;
  name: string;
  email: string;
  /** Places they asked for (what is still to come, after an offer of fewer was bought). */
  quantity: number;
  status: WaitlistStatus;
  joinedAt: Date;
  /** When the entry last changed (an offer, a purchase, leaving). */
  updatedAt: Date;
  /** 1 for the first in the event's line; null unless waiting. */
  position: number | null;
  /** The latest offer: when, until when, how many places, whether its email has gone. */
  offer: { offeredAt: Date; expiresAt: Date | null; places: number; emailed: boolean } | null;
  eventId: string;
  eventName: string;
  startsAt: Date;
  /** For a waiting person: what an offer by hand would hold now, or why none can be made. */
  handOffer: HandOfferPreview | null;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  name: string;
  email: string;
  quantity: number;
  status: WaitlistStatus;
  created_at: Date | string;
  updated_at: Date | string;
  offered_at: Date | string | null;
  notified_at: Date | string | null;
  expires_at: Date | string | null;
  offered_places: number | string | null;
  position: number | string | null;
  event_id: string;
  event_name: string;
  starts_at: Date | string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const date = (v: Date | string) => new Date(v);

/** Every entry of the host's waitlists (one event's, or all), with its place in line and its latest offer. */
function listSql(hostId: string, eventId: string | null): SQL {
  return sql`
    select w.id, w.user_id, w.quantity, w.status, w.created_at, w.updated_at, w.offered_at, w.notified_at,
      coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.name) as name, u.email,
      e.id::text as event_id, e.name as event_name, e.starts_at, h.expires_at,
      case when w.hold_id is not null then (select coalesce(sum(hl.quantity), 0)::int from hold_line hl
        where hl.hold_id = w.hold_id and not hl.companion) end as offered_places,
      case when w.status = 'waiting' then
        row_number() over (partition by w.event_id, w.status = 'waiting' order by w.created_at, w.id) end as position
    from waitlist_entry w
      join event e on e.id = w.event_id
      join "user" u on u.id = w.user_id
      left join hold h on h.id = w.hold_id
    where e.host_id = ${hostId} and e.status <> 'deleted' ${eventId ? sql`and w.event_id = ${eventId}` : sql``}`;
}

function rowOf(raw: RawRow): Omit<HostWaitlistRow, "handOffer"> {
  return {
    id: raw.id,
    name: raw.name,
    email: raw.email,
    quantity: Number(raw.quantity),
    status: raw.status,
    joinedAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
    position: raw.position === null ? null : Number(raw.position),
    offer:
      raw.offered_at === null
        ? null
        : {
            offeredAt: date(raw.offered_at),
            expiresAt: raw.expires_at === null ? null : date(raw.expires_at),
            places: Number(raw.offered_places ?? 0),
            emailed: raw.notified_at !== null,
          },
    eventId: raw.event_id,
    eventName: raw.event_name,
    startsAt: date(raw.starts_at),
  };
}

function whereOf(query: WaitlistQuery): SQL {
  const search = query.search.trim();
  const pattern = `%${escapeLike(search)}%`;
  const filter = FILTER_SQL[query.filter ?? "open"];
  return search ? sql`where ${filter} and (l.name ilike ${pattern} or l.email ilike ${pattern})` : sql`where ${filter}`;
}

function orderOf(query: WaitlistQuery): SQL {
  const dir = query.dir === "desc" ? sql`desc` : sql`asc`;
  if (query.sort === "name") return sql`lower(l.name) ${dir}, l.id`;
  if (query.sort === "joined") return sql`l.created_at ${dir}, l.id`;
  // By event, and in each, the line's order: offers out, then those waiting first in line first, then the rest.
  return sql`l.starts_at ${dir}, l.event_name, l.event_id,
    case l.status when 'offered' then 0 when 'waiting' then 1 else 2 end, l.created_at, l.id`;
}

/** A page of the host's waitlists (one event's, or every event's), searched by name or email and filtered by state. */
export async function listHostWaitlist(
  db: Db,
  input: { hostId: string; query: WaitlistQuery; now: Date; pageSize?: number },
): Promise<{ rows: HostWaitlistRow[]; total: number; page: number; pages: number }> {
  const { hostId, query } = input;
  const pageSize = input.pageSize ?? WAITLIST_PAGE_SIZE;
  const eventId = query.eventId ?? null;
  if (eventId) await studioEventHeader(db, { hostId, eventId });
  const where = whereOf(query);
  const { rows: counted } = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from (${listSql(hostId, eventId)}) l ${where}`,
  );
  const total = Number(counted[0]?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const { rows } = await db.execute<RawRow>(
    sql`select * from (${listSql(hostId, eventId)}) l ${where} order by ${orderOf(query)}
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const previews = await handOfferPreviews(
    db,
    rows.filter((r) => r.status === "waiting"),
    input.now,
  );
  return {
    rows: rows.map((r) => ({ ...rowOf(r), handOffer: previews.get(r.id) ?? null })),
    total,
    page,
    pages,
  };
}

/**
 * What an offer by hand would hold now for each of these waiting people (read without locks: the
 * offer itself plans again under them, and refuses to add more places than the host agreed to).
 */
async function handOfferPreviews(db: Db, waiting: RawRow[], now: Date): Promise<Map<string, HandOfferPreview>> {
  const out = new Map<string, HandOfferPreview>();
  if (waiting.length === 0) return out;
  const eventIds = [...new Set(waiting.map((r) => r.event_id))];
  const events = await db
    .select({ event, seatRows: venue.seatRows, seatColumns: venue.seatColumns })
    .from(event)
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(inArray(event.id, eventIds));
  const types = await db.select().from(ticketType).where(inArray(ticketType.eventId, eventIds));
  const { rows: shares } = await db.execute<{ id: string; allowed: number | string }>(
    sql`select w.id, tickets_per_person(w.event_id)
        - tickets_held_by(w.event_id, w.user_id, ${now.toISOString()}::timestamptz) as allowed
      from waitlist_entry w where w.id in (${sql.join(
        waiting.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
  );
  for (const row of waiting) {
    const e = events.find((x) => x.event.id === row.event_id)!;
    const allowed = Number(shares.find((s) => s.id === row.id)?.allowed ?? 0);
    const problem = offerProblem(e.event, now);
    if (problem) {
      out.set(row.id, { problem });
      continue;
    }
    if (allowed <= 0) {
      out.set(row.id, { problem: waitlistMessages.offer.atLimit(row.name) });
      continue;
    }
    const seated = Boolean(e.seatRows && e.seatColumns);
    const own = types.filter((t) => t.eventId === row.event_id);
    const wanted = Math.min(Number(row.quantity), allowed);
    const plan = planHandOffer(own, wanted, now, { seated });
    out.set(
      row.id,
      plan
        ? {
            ...plan,
            ticketTypeName: own.find((t) => t.id === plan.ticketTypeId)!.name,
            wanted,
            hours: e.event.waitlistOfferHours,
            seated,
          }
        : { problem: seated ? waitlistMessages.offer.noSeats : waitlistMessages.offer.nothingOnSale },
    );
  }
  return out;
}

/** Why no offer can be made for this event now, or null. */
function offerProblem(e: { status: string; isCancelled: boolean; startsAt: Date; endsAt: Date | null }, now: Date) {
  if (e.isCancelled || hasEnded(e, now)) return waitlistMessages.offer.eventOver;
  if (e.status !== "published") return waitlistMessages.offer.notOnSale;
  return null;
}

/** One of the host's entries, locked for this transaction (another host's, or none: "no such person"). */
async function lockOwnEntry(tx: Db, input: { hostId: string; entryId: string; eventId?: string | null }) {
  if (!isUuid(input.entryId)) throw new AppError("not_found", waitlistMessages.noSuchEntry);
  const { rows } = await tx.execute<{
    id: string;
    user_id: string;
    quantity: number;
    status: WaitlistStatus;
    hold_id: string | null;
    event_id: string;
    name: string;
  }>(sql`
    select w.id, w.user_id, w.quantity, w.status, w.hold_id, w.event_id,
      coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.name) as name
    from waitlist_entry w
      join event e on e.id = w.event_id
      join "user" u on u.id = w.user_id
    where w.id = ${input.entryId}::uuid and e.host_id = ${input.hostId} and e.status <> 'deleted'
      ${input.eventId ? sql`and w.event_id = ${input.eventId}::uuid` : sql``}
    for update of w`);
  const entry = rows[0];
  if (!entry) throw new AppError("not_found", waitlistMessages.noSuchEntry);
  return entry;
}

/**
 * Offers one waiting person places now, by hand, ahead of their turn: a hold in their name made by
 * the automatic offers' own machinery (`holdOffer`), lasting the event's offer window, its email
 * sent after the commit. It takes the places free now; when there are too few at a venue without a
 * seat plan, the ticket type's capacity is raised by what is missing, but never by more than
 * `mayAdd`, what the host was shown and agreed to (`planHandOffer`). Stock is claimed by the one
 * conditional statement either way, so nothing is ever sold past a capacity.
 */
export async function offerPlacesByHand(
  db: Db,
  input: { hostId: string; entryId: string; eventId?: string | null; mayAdd: number; now: Date },
): Promise<{ name: string; quantity: number; added: number; expiresAt: Date; eventId: string }> {
  const m = waitlistMessages.offer;
  return db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, input);
    if (entry.status === "offered") throw new AppError("conflict", m.alreadyOffered(entry.name));
    if (entry.status !== "waiting") throw new AppError("conflict", m.notWaiting(entry.name));
    const e = await eventForOffer(tx, entry.event_id);
    const problem = e ? offerProblem(e.event, input.now) : m.eventOver;
    if (problem || !e) throw new AppError("conflict", problem ?? m.eventOver);
    let types = await lockTicketTypes(tx, entry.event_id);
    const allowed = await placesAllowed(tx, { eventId: entry.event_id, userId: entry.user_id, now: input.now });
    if (allowed <= 0) throw new AppError("conflict", m.atLimit(entry.name));
    const seated = Boolean(e.seatRows && e.seatColumns);
    const plan = planHandOffer(types, Math.min(entry.quantity, allowed), input.now, { seated });
    if (!plan) throw new AppError("conflict", seated ? m.noSeats : m.nothingOnSale);
    if (plan.add > Math.max(0, input.mayAdd)) throw new AppError("conflict", m.changed, { reason: "changed" });
    if (plan.add > 0) {
      // The host's own capacity, raised by the places this offer needs and no more (the row is locked).
      const grown = await tx
        .update(ticketType)
        .set({ capacity: sql`${ticketType.capacity} + ${plan.add}` })
        .where(and(eq(ticketType.id, plan.ticketTypeId), sql`${ticketType.capacity} + ${plan.add} <= 100000`))
        .returning();
      if (grown.length === 0) throw new AppError("conflict", m.tooMany);
      types = types.map((t) => (t.id === grown[0]!.id ? grown[0]! : t));
    }
    const made = await holdOffer(tx, {
      entryId: entry.id,
      userId: entry.user_id,
      e,
      types,
      offer: plan,
      now: input.now,
    }).catch((error: unknown) => {
      if (error instanceof AtTheirLimit) throw new AppError("conflict", m.atLimit(entry.name));
      if (error instanceof SeatTakenMeanwhile) throw new AppError("conflict", m.changed, { reason: "changed" });
      throw error;
    });
    if (made !== "offered") throw new AppError("conflict", seated ? m.noSeats : m.changed);
    await afterCommit(tx, { kind: "waitlist-offers" });
    const [{ expiresAt }] = (
      await tx.execute<{ expiresAt: Date | string }>(
        sql`select h.expires_at as "expiresAt" from waitlist_entry w join hold h on h.id = w.hold_id
        where w.id = ${entry.id}::uuid`,
      )
    ).rows as [{ expiresAt: Date | string }];
    return {
      name: entry.name,
      quantity: plan.quantity,
      added: plan.add,
      expiresAt: date(expiresAt),
      eventId: entry.event_id,
    };
  });
}

/**
 * Takes a person off one of the host's waitlists: they get no more offers for the event. An offer
 * they hold is withdrawn, its places passing to the next in line (as when a person leaves). Their
 * waitlistRequest flag follows their other entries. Removing someone already off it changes nothing.
 */
export async function removeFromWaitlist(
  db: Db,
  input: { hostId: string; entryId: string; eventId?: string | null; now: Date },
): Promise<{ name: string; removed: boolean; eventId: string }> {
  return db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, input);
    if (entry.status !== "waiting" && entry.status !== "offered")
      return { name: entry.name, removed: false, eventId: entry.event_id };
    await tx
      .update(waitlistEntry)
      .set({ status: "removed", updatedAt: input.now })
      .where(eq(waitlistEntry.id, entry.id));
    if (entry.status === "offered" && entry.hold_id)
      await releaseHoldsAndOffer(tx, { now: input.now, holdIds: [entry.hold_id], as: "released" });
    await syncWaitlistFlags(tx, [entry.user_id]);
    return { name: entry.name, removed: true, eventId: entry.event_id };
  });
}

/** One of the host's events as its waitlist tab shows it: how many wait, offers out, the offer window. */
export async function eventWaitlistSummary(db: Db, input: { hostId: string; eventId: string }) {
  const own = await studioEventHeader(db, input);
  const [terms] = await db.select({ offerHours: event.waitlistOfferHours }).from(event).where(eq(event.id, own.id));
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${waitlistEntry.status} = 'waiting')::int`,
      offered: sql<number>`count(*) filter (where ${waitlistEntry.status} = 'offered')::int`,
      everyone: sql<number>`count(*)::int`,
    })
    .from(waitlistEntry)
    .where(eq(waitlistEntry.eventId, own.id));
  return {
    eventId: own.id,
    name: own.name,
    offerHours: terms?.offerHours ?? DEFAULT_OFFER_HOURS,
    waiting: Number(counts?.waiting ?? 0),
    offered: Number(counts?.offered ?? 0),
    everyone: Number(counts?.everyone ?? 0),
  };
}

/** The host's events that have a waitlist, soonest first, for the list's event filter. */
export async function waitlistEvents(db: Db, input: { hostId: string }) {
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(
      and(
        eq(event.hostId, input.hostId),
        ne(event.status, "deleted"),
        sql`exists (select 1 from ${waitlistEntry} where ${waitlistEntry.eventId} = ${event.id})`,
      ),
    )
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(200);
}

/** The host's waitlists (one event's, or all), as filtered and searched, as a CSV file and a name for it. */
export async function hostWaitlistCsv(
  db: Db,
  input: { hostId: string; query: Omit<WaitlistQuery, "page"> },
): Promise<{ fileName: string; csv: string }> {
  const eventId = input.query.eventId ?? null;
  const own = eventId ? await studioEventHeader(db, { hostId: input.hostId, eventId }) : null;
  const { rows } = await db.execute<RawRow>(
    sql`select * from (${listSql(input.hostId, eventId)}) l ${whereOf({ ...input.query, page: 1 })}
      order by ${orderOf({ ...input.query, page: 1 })} limit ${WAITLIST_EXPORT_MAX}`,
  );
  const csv = waitlistCsv(
    rows.map(rowOf).map((r) => ({
      event: r.eventName,
      eventDate: formatEventDateTime(r.startsAt),
      name: r.name,
      email: r.email,
      places: r.quantity,
      joined: formatTimestamp(r.joinedAt),
      status: waitlistMessages.status[r.status],
      position: r.position === null ? "" : String(r.position),
      offered: r.offer ? formatTimestamp(r.offer.offeredAt) : "",
      offerUntil: r.offer?.expiresAt ? formatTimestamp(r.offer.expiresAt) : "",
      placesOffered: r.offer ? String(r.offer.places) : "",
    })),
  );
  const slug = (own?.name ?? "all-events")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return { fileName: `waitlist-${slug || "event"}.csv`, csv };
}

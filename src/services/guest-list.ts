import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, guest, guestImport, ticketType } from "~/db/schema";
import { accessNeedsLine, accessNeedsOf } from "~/domain/access-needs";
import {
  checkGuest,
  guestListCsv,
  GUESTS_PER_EVENT_MAX,
  GUESTS_PER_HOST_MAX,
  readGuestCsv,
  type ExportRow,
  type GuestDraft,
  type GuestInput,
  type ImportReading,
} from "~/domain/guests";
import { AppError } from "~/lib/app-error";
import { formatEventDateTime } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { guestMessages } from "~/texts/guest-messages";
import { lockHost } from "./host-lock";
import type { ThrottleRule } from "./throttle";

/*
 * Guest lists (the door's first tool): an event's list is its ticket holders (read from `ticket`,
 * never copied) and the guests the host added by hand or from a CSV file (`guest`). Every read and
 * write names the host (decision 0028): another host's event or guest is "no such" one. Checking in
 * and undoing are each one conditional UPDATE, so two people at the door can't both admit one ticket.
 */

export const GUEST_LIST_PAGE_SIZE = 25;

export interface GuestListRow {
  kind: "ticket" | "guest";
  id: string;
  name: string;
  email: string | null;
  ticketType: string | null;
  plusOnes: number;
  notes: string;
  companion: boolean;
  /** The order's access needs as shared with the host ("Wheelchair user, Hearing loop"), and their notes. */
  accessNeeds: string | null;
  accessNotes: string | null;
  checkedInAt: Date | null;
  /** A ticket's order reference. */
  reference: string | null;
  eventId: string;
  eventName: string;
  startsAt: Date;
}

export interface GuestListQuery {
  search: string;
  page: number;
  /** One event's list; none: all the host's events (the master list). */
  eventId?: string | null;
  sort?: "name" | "event" | "checkedIn";
  dir?: "asc" | "desc";
}

export interface GuestCounts {
  /** People in: checked-in tickets, and checked-in guests with their plus-ones. */
  checkedIn: number;
  /** People expected: tickets not voided, and guests with their plus-ones. */
  expected: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every person on the host's lists (one event's, or all), as rows of one shape. */
function listSql(hostId: string, eventId: string | null): SQL {
  const ticketEvent = eventId ? sql`and t.event_id = ${eventId}` : sql``;
  const guestEvent = eventId ? sql`and g.event_id = ${eventId}` : sql``;
  return sql`
    select 'ticket' as kind, t.id::text as id, coalesce(nullif(t.holder_name, ''), o.buyer_name) as name,
      o.buyer_email as email, tt.name as ticket_type, 0 as plus_ones, '' as notes, t.companion as companion,
      o.access_needs as access_needs, case when t.status = 'checked_in' then t.checked_in_at end as checked_in_at,
      o.reference as reference, e.id::text as event_id, e.name as event_name, e.starts_at as starts_at
    from ticket t
      join "order" o on o.id = t.order_id
      join ticket_type tt on tt.id = t.ticket_type_id
      join event e on e.id = t.event_id
    where e.host_id = ${hostId} and e.status <> 'deleted' and t.status <> 'void' and o.status in ('paid', 'free')
      ${ticketEvent}
    union all
    select 'guest', g.id::text, g.name, g.email, tt.name, g.plus_ones, g.notes, false, null, g.checked_in_at,
      null, e.id::text, e.name, e.starts_at
    from guest g
      join event e on e.id = g.event_id
      left join ticket_type tt on tt.id = g.ticket_type_id
    where g.host_id = ${hostId} and e.host_id = ${hostId} and e.status <> 'deleted' ${guestEvent}`;
}

interface RawRow extends Record<string, unknown> {
  kind: "ticket" | "guest";
  id: string;
  name: string;
  email: string | null;
  ticket_type: string | null;
  plus_ones: number;
  notes: string;
  companion: boolean;
  access_needs: unknown;
  checked_in_at: Date | string | null;
  reference: string | null;
  event_id: string;
  event_name: string;
  starts_at: Date | string;
  total?: number | string;
}

function rowOf(raw: RawRow): GuestListRow {
  const needs = accessNeedsOf(typeof raw.access_needs === "string" ? JSON.parse(raw.access_needs) : raw.access_needs);
  return {
    kind: raw.kind,
    id: raw.id,
    name: raw.name,
    email: raw.email,
    ticketType: raw.ticket_type,
    plusOnes: Number(raw.plus_ones),
    notes: raw.notes,
    companion: Boolean(raw.companion),
    accessNeeds: needs && needs.needs.length > 0 ? accessNeedsLine(needs) : null,
    accessNotes: needs?.notes || null,
    checkedInAt: raw.checked_in_at === null ? null : new Date(raw.checked_in_at),
    reference: raw.reference,
    eventId: raw.event_id,
    eventName: raw.event_name,
    startsAt: new Date(raw.starts_at),
  };
}

/** The host's own event (not deleted), or "no such event". */
async function ownEvent(db: Db, hostId: string, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("not_found", "No such event.");
  const [row] = await db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.hostId, hostId), ne(event.status, "deleted")));
  if (!row) throw new AppError("not_found", "No such event.");
  return row;
}

/** A page of the host's list (one event's, or every event's), searched by name, email or order reference. */
export async function listGuests(
  db: Db,
  input: { hostId: string; query: GuestListQuery; pageSize?: number },
): Promise<{ rows: GuestListRow[]; total: number; page: number; pages: number }> {
  const { hostId, query } = input;
  const pageSize = input.pageSize ?? GUEST_LIST_PAGE_SIZE;
  const eventId = query.eventId ?? null;
  if (eventId) await ownEvent(db, hostId, eventId);
  const search = query.search.trim();
  const pattern = `%${escapeLike(search)}%`;
  const where = search
    ? sql`where l.name ilike ${pattern} or l.email ilike ${pattern} or l.reference ilike ${pattern}`
    : sql``;
  const dir = query.dir === "desc" ? sql`desc` : sql`asc`;
  const order =
    query.sort === "event"
      ? sql`l.starts_at ${dir}, l.event_name, lower(l.name), l.id`
      : query.sort === "checkedIn"
        ? sql`l.checked_in_at ${dir} nulls last, lower(l.name), l.id`
        : sql`lower(l.name) ${dir}, l.id`;
  const count = async () => {
    const { rows } = await db.execute<{ n: number | string }>(
      sql`select count(*) as n from (${listSql(hostId, eventId)}) l ${where}`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  const total = await count();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const { rows } = await db.execute<RawRow>(
    sql`select * from (${listSql(hostId, eventId)}) l ${where} order by ${order}
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map(rowOf), total, page, pages };
}

/** "Checked in / expected" for one of the host's events, counting each guest's plus-ones. */
export async function guestCounts(db: Db, input: { hostId: string; eventId: string }): Promise<GuestCounts> {
  await ownEvent(db, input.hostId, input.eventId);
  const { rows } = await db.execute<{ checked_in: number | string | null; expected: number | string | null }>(
    sql`select
      sum(case when l.checked_in_at is not null then 1 + l.plus_ones else 0 end) as checked_in,
      sum(1 + l.plus_ones) as expected
    from (${listSql(input.hostId, input.eventId)}) l`,
  );
  return { checkedIn: Number(rows[0]?.checked_in ?? 0), expected: Number(rows[0]?.expected ?? 0) };
}

/** The event's ticket types, for the guest form's choice and the import's names. */
export async function eventTicketTypes(db: Db, input: { hostId: string; eventId: string }) {
  await ownEvent(db, input.hostId, input.eventId);
  return db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(eq(ticketType.eventId, input.eventId))
    .orderBy(asc(ticketType.sortOrder), asc(ticketType.name));
}

function checked(input: GuestInput, types: { id: string }[]): GuestDraft {
  const result = checkGuest(
    input,
    types.map((t) => t.id),
  );
  if (result.ok) return result.draft;
  throw new AppError("validation_failed", Object.values(result.fields)[0], { fields: result.fields });
}

/** Guest files a host's team may preview or import, and lists it may download, in a window (per host). */
export const GUEST_FILES: ThrottleRule = { limit: 30, windowMs: 10 * 60_000 };
export const LIST_EXPORTS: ThrottleRule = { limit: 12, windowMs: 10 * 60_000 };

/** The most guests an event's list and a host's lists hold (tests make them small). */
export interface GuestLimits {
  perEvent: number;
  perHost: number;
}
const GUEST_LIMITS: GuestLimits = { perEvent: GUESTS_PER_EVENT_MAX, perHost: GUESTS_PER_HOST_MAX };

/**
 * Refuses `adding` more guests for one of the host's events when the event's list or the host's lists
 * have no room for them all. Counted with the host's row locked, so two imports at once never both fit.
 */
async function makeRoom(tx: Db, input: { hostId: string; eventId: string }, adding: number, limits: GuestLimits) {
  await lockHost(tx, input.hostId);
  const { rows } = await tx.execute<{ host: number; event: number }>(sql`
    select count(*)::int as host, (count(*) filter (where event_id = ${input.eventId}))::int as event
      from guest where host_id = ${input.hostId}`);
  const held = rows[0] ?? { host: 0, event: 0 };
  if (held.event + adding > limits.perEvent)
    throw new AppError(
      "conflict",
      guestMessages.eventListFull(limits.perEvent, Math.max(0, limits.perEvent - held.event)),
    );
  if (held.host + adding > limits.perHost)
    throw new AppError(
      "conflict",
      guestMessages.hostListsFull(limits.perHost, Math.max(0, limits.perHost - held.host)),
    );
}

/** Adds a guest by hand to one of the host's events, if its list has room. */
export async function addGuest(
  db: Db,
  input: { hostId: string; eventId: string; guest: GuestInput; now: Date; limits?: GuestLimits },
): Promise<{ id: string; name: string }> {
  const types = await eventTicketTypes(db, input);
  const draft = checked(input.guest, types);
  return db.transaction(async (tx) => {
    await makeRoom(tx, input, 1, input.limits ?? GUEST_LIMITS);
    const [row] = await tx
      .insert(guest)
      .values({ ...draft, hostId: input.hostId, eventId: input.eventId, createdAt: input.now, updatedAt: input.now })
      .returning({ id: guest.id, name: guest.name });
    return row!;
  });
}

/** One of the host's guests, with their event and its ticket types, for the edit form. */
export async function hostGuest(db: Db, input: { hostId: string; guestId: string }) {
  if (!isUuid(input.guestId)) throw new AppError("not_found", guestMessages.noSuchGuest);
  const [row] = await db
    .select({
      id: guest.id,
      name: guest.name,
      email: guest.email,
      plusOnes: guest.plusOnes,
      notes: guest.notes,
      ticketTypeId: guest.ticketTypeId,
      checkedInAt: guest.checkedInAt,
      eventId: event.id,
      eventName: event.name,
      startsAt: event.startsAt,
    })
    .from(guest)
    .innerJoin(event, eq(event.id, guest.eventId))
    .where(
      and(
        eq(guest.id, input.guestId),
        eq(guest.hostId, input.hostId),
        eq(event.hostId, input.hostId),
        ne(event.status, "deleted"),
      ),
    );
  if (!row) throw new AppError("not_found", guestMessages.noSuchGuest);
  const ticketTypes = await eventTicketTypes(db, { hostId: input.hostId, eventId: row.eventId });
  return { ...row, ticketTypes };
}

/** Saves a guest's details (not whether they are in: the door does that). */
export async function updateGuest(
  db: Db,
  input: { hostId: string; guestId: string; guest: GuestInput; now: Date },
): Promise<{ id: string; name: string; eventId: string }> {
  const current = await hostGuest(db, input);
  const draft = checked(input.guest, current.ticketTypes);
  const [row] = await db
    .update(guest)
    .set({ ...draft, updatedAt: input.now })
    .where(and(eq(guest.id, current.id), eq(guest.hostId, input.hostId)))
    .returning({ id: guest.id, name: guest.name, eventId: guest.eventId });
  if (!row) throw new AppError("not_found", guestMessages.noSuchGuest);
  return row;
}

/** Takes a guest off the list. */
export async function removeGuest(
  db: Db,
  input: { hostId: string; guestId: string },
): Promise<{ name: string; eventId: string }> {
  if (!isUuid(input.guestId)) throw new AppError("not_found", guestMessages.noSuchGuest);
  const [row] = await db
    .delete(guest)
    .where(and(eq(guest.id, input.guestId), eq(guest.hostId, input.hostId)))
    .returning({ name: guest.name, eventId: guest.eventId });
  if (!row) throw new AppError("not_found", guestMessages.noSuchGuest);
  return row;
}

/**
 * Checks a ticket holder or a guest in by hand, or undoes it, on one of the host's events. Each is
 * one conditional UPDATE: of two people pressing at once, one changes it and the other is told it
 * already was (`changed: false`). A void ticket is never touched.
 */
export async function setCheckedIn(
  db: Db,
  input: { hostId: string; eventId: string; kind: "ticket" | "guest"; id: string; checkedIn: boolean; now: Date },
): Promise<{ name: string; changed: boolean }> {
  await ownEvent(db, input.hostId, input.eventId);
  if (!isUuid(input.id)) throw new AppError("not_found", guestMessages.noSuchGuest);
  const { hostId, eventId, id, now } = input;
  const owned = sql`event_id = ${eventId} and event_id in (select e.id from event e where e.host_id = ${hostId})`;
  if (input.kind === "ticket") {
    // Only a ticket on the list: of an order that stands (paid or free), as the list shows them.
    const listed = sql`${owned} and order_id in (select o.id from "order" o where o.status in ('paid', 'free'))`;
    const changed = input.checkedIn
      ? await db.execute<{ id: string }>(
          sql`update ticket set status = 'checked_in', checked_in_at = ${now}
            where id = ${id} and status = 'valid' and ${listed} returning id`,
        )
      : await db.execute<{ id: string }>(
          sql`update ticket
            set status = 'valid', checked_in_at = null, checked_in_gate = null, checked_in_scan_id = null
            where id = ${id} and status = 'checked_in' and ${listed} returning id`,
        );
    const { rows } = await db.execute<{ name: string; status: string }>(
      sql`select coalesce(nullif(t.holder_name, ''), o.buyer_name) as name, t.status
        from ticket t join "order" o on o.id = t.order_id
        where t.id = ${id} and t.event_id = ${eventId} and o.host_id = ${hostId}
          and o.status in ('paid', 'free')`,
    );
    const found = rows[0];
    if (!found) throw new AppError("not_found", guestMessages.noSuchGuest);
    if (found.status === "void") throw new AppError("conflict", guestMessages.ticketVoid);
    return { name: found.name, changed: changed.rows.length > 0 };
  }
  const changed = await db.execute<{ name: string }>(
    input.checkedIn
      ? sql`update guest set checked_in_at = ${now}
          where id = ${id} and host_id = ${hostId} and checked_in_at is null and ${owned} returning name`
      : sql`update guest set checked_in_at = null
          where id = ${id} and host_id = ${hostId} and checked_in_at is not null and ${owned} returning name`,
  );
  if (changed.rows[0]) return { name: changed.rows[0].name, changed: true };
  const [found] = await db
    .select({ name: guest.name })
    .from(guest)
    .where(and(eq(guest.id, id), eq(guest.hostId, hostId), eq(guest.eventId, eventId)));
  if (!found) throw new AppError("not_found", guestMessages.noSuchGuest);
  return { name: found.name, changed: false };
}

/** The whole of one event's list as a CSV file (see `guestListCsv`), and a file name for it. */
export async function eventGuestCsv(
  db: Db,
  input: { hostId: string; eventId: string },
): Promise<{ fileName: string; csv: string }> {
  const own = await ownEvent(db, input.hostId, input.eventId);
  const { rows } = await db.execute<RawRow>(
    sql`select * from (${listSql(input.hostId, input.eventId)}) l order by lower(l.name), l.id`,
  );
  const out: ExportRow[] = rows.map(rowOf).map((r) => ({
    name: r.name,
    email: r.email ?? "",
    ticketType: r.ticketType ?? "",
    plusOnes: r.plusOnes,
    notes: r.notes,
    kind: r.kind === "ticket" ? "Ticket" : "Guest",
    reference: r.reference ?? "",
    accessNeeds: [r.accessNeeds, r.accessNotes].filter(Boolean).join(". "),
    checkedIn: r.checkedInAt ? formatEventDateTime(r.checkedInAt) : "",
  }));
  const slug = own.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return { fileName: `guests-${slug || "event"}.csv`, csv: guestListCsv(out) };
}

/** A CSV file of guests read for the preview: each line and its problems, nothing stored. */
export async function previewGuestImport(
  db: Db,
  input: { hostId: string; eventId: string; text: string },
): Promise<ImportReading> {
  const types = await eventTicketTypes(db, input);
  return readGuestCsv(input.text, types);
}

/**
 * Imports a CSV file of guests into one of the host's events: read and judged again (the preview
 * proves nothing), then every guest in one transaction, or none when any line has a problem or the
 * lists have no room for them all. The preview's `importId` makes a second confirmation of the same
 * file a no-op.
 */
export async function importGuests(
  db: Db,
  input: { hostId: string; eventId: string; text: string; importId: string; now: Date; limits?: GuestLimits },
): Promise<{ imported: number }> {
  if (!isUuid(input.importId)) throw new AppError("bad_request", guestMessages.csv.expired);
  const reading = await previewGuestImport(db, input);
  if (!reading.ok) throw new AppError("validation_failed", reading.problem);
  if (reading.invalid > 0) throw new AppError("validation_failed", guestMessages.csv.refused(reading.invalid));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(guestImport)
      .values({ id: input.importId, hostId: input.hostId, eventId: input.eventId, rows: reading.valid })
      .onConflictDoNothing()
      .returning({ id: guestImport.id });
    if (claimed.length === 0) throw new AppError("conflict", guestMessages.csv.alreadyImported);
    await makeRoom(tx, input, reading.valid, input.limits ?? GUEST_LIMITS);
    await tx.insert(guest).values(
      reading.rows.map((r) => ({
        ...r.draft!,
        hostId: input.hostId,
        eventId: input.eventId,
        importId: input.importId,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    );
    return { imported: reading.valid };
  });
}

/** The host's events, newest first, for the master list's filter. */
export async function guestListEvents(db: Db, input: { hostId: string }) {
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(and(eq(event.hostId, input.hostId), ne(event.status, "deleted")))
    .orderBy(sql`${event.startsAt} desc`)
    .limit(200);
}

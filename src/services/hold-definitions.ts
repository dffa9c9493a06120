import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, type ticketType, venue } from "~/db/schema";
import type { Currency } from "~/domain/money";
import type { SeatSection } from "~/domain/seat-plan";
import { definitionsFingerprint } from "./claim-stock";

export type TicketRow = typeof ticketType.$inferSelect;

/** Which event a hold is for: by id, or (from its page) by slug. */
export interface EventRef {
  eventId?: string;
  slug?: string;
}

/**
 * The event as a hold is planned on: read in one query (`readDefinitions`), kept per process, and
 * checked by every claim against `fingerprint` (decision 0016). Its ticket types' stock is as it
 * was read and is never planned on: the claim is the only judge of stock.
 */
export interface HoldDefinitions {
  id: string;
  hostId: string;
  status: string;
  isCancelled: boolean;
  startsAt: Date;
  endsAt: Date | null;
  feeMode: "pass" | "absorb";
  currency: Currency;
  seatRows: number | null;
  seatColumns: number | null;
  /** The plan's sections, in the order a seat's section is looked up in. */
  sections: SeatSection[];
  /** Positions of the plan that are no seat for sale (gaps and blocked seats), as `row:column` keys. */
  unsellable: string[];
  types: TicketRow[];
  fingerprint: string;
}

/** How many events' definitions each process keeps; the oldest kept is dropped first. */
const KEPT_DEFINITIONS = 500;
/** The definitions' one read, prepared (by event id, and by slug from its page). */
function prepareDefinitionReads(db: Db) {
  const query = (by: "id" | "slug") =>
    db
      .select({
        id: event.id,
        host_id: event.hostId,
        status: event.status,
        is_cancelled: event.isCancelled,
        starts_at: event.startsAt,
        ends_at: event.endsAt,
        fee_mode: event.feeMode,
        currency: event.currency,
        seat_rows: venue.seatRows,
        seat_columns: venue.seatColumns,
        types: sql<TicketJson[] | string>`(select coalesce(json_agg(json_build_object(
            'id', t.id, 'eventId', t.event_id, 'name', t.name, 'description', t.description, 'kind', t.kind,
            'pricePence', t.price_pence, 'payWhatYouWish', t.pay_what_you_wish, 'capacity', t.capacity, 'sold', t.sold,
            'held', t.held, 'maxPerOrder', t.max_per_order,
            'salesStartAt', t.sales_start_at, 'salesEndAt', t.sales_end_at,
            'sortOrder', t.sort_order, 'seatSectionId', t.seat_section_id, 'createdAt', t.created_at)
            order by t.sort_order), '[]'::json)
          from ticket_type t where t.event_id = ${event.id})`,
        sections: sql<
          SeatSection[] | string
        >`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'firstRow', s.first_row,
            'lastRow', s.last_row, 'firstColumn', s.first_column, 'lastColumn', s.last_column) order by s.sort_order,
            s.name), '[]'::json)
          from venue_seat_section s where s.venue_id = ${venue.id})`,
        unsellable: sql<string[] | string>`(select coalesce(json_agg(m.seat_row || ':' || m.seat_column), '[]'::json)
          from venue_seat_mark m where m.venue_id = ${venue.id} and m.kind in ('gap', 'blocked'))`,
        fingerprint: sql<string>`${definitionsFingerprint(sql`${event.id}`)}`,
      })
      .from(event)
      .leftJoin(venue, eq(venue.id, event.venueId))
      .where(
        by === "id" ? sql`${event.id} = ${sql.placeholder("which")}::uuid` : eq(event.slug, sql.placeholder("which")),
      )
      .limit(1)
      .prepare(`tb_hold_definitions_by_${by}`);
  return { id: query("id"), slug: query("slug") };
}

/** Per database: the prepared reads, and the definitions this process keeps (by `id:` or `slug:`). */
const perDatabase = new WeakMap<
  Db,
  { reads: ReturnType<typeof prepareDefinitionReads>; kept: Map<string, HoldDefinitions> }
>();
const forDatabase = (db: Db) => {
  let found = perDatabase.get(db);
  if (!found) perDatabase.set(db, (found = { reads: prepareDefinitionReads(db), kept: new Map() }));
  return found;
};
const keyOf = (input: EventRef) => (input.eventId ? `id:${input.eventId}` : `slug:${input.slug ?? ""}`);

export function keptDefinitions(db: Db, input: EventRef): HoldDefinitions | null {
  return forDatabase(db).kept.get(keyOf(input)) ?? null;
}

/** The event's definitions as they are now, kept for the next hold (null: no such event). */
export async function readDefinitions(db: Db, input: EventRef): Promise<HoldDefinitions | null> {
  const { reads, kept } = forDatabase(db);
  const rows = await (input.eventId ? reads.id : reads.slug).execute({ which: input.eventId ?? input.slug ?? "" });
  const r = rows[0];
  const key = keyOf(input);
  kept.delete(key);
  if (!r) return null;
  const types = (typeof r.types === "string" ? (JSON.parse(r.types) as TicketJson[]) : r.types).map(ticketFromJson);
  const found: HoldDefinitions = {
    id: r.id,
    hostId: r.host_id,
    status: r.status,
    isCancelled: r.is_cancelled,
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
    feeMode: r.fee_mode,
    currency: r.currency,
    seatRows: r.seat_rows,
    seatColumns: r.seat_columns,
    sections: typeof r.sections === "string" ? (JSON.parse(r.sections) as SeatSection[]) : r.sections,
    unsellable: typeof r.unsellable === "string" ? (JSON.parse(r.unsellable) as string[]) : r.unsellable,
    types,
    fingerprint: r.fingerprint,
  };
  // A Map keeps insertion order: the first key is the one kept longest.
  if (kept.size >= KEPT_DEFINITIONS) kept.delete(kept.keys().next().value!);
  kept.set(key, found);
  return found;
}

type TicketJson = Omit<TicketRow, "salesStartAt" | "salesEndAt" | "createdAt"> & {
  salesStartAt: string | null;
  salesEndAt: string | null;
  createdAt: string;
};

function ticketFromJson(t: TicketJson): TicketRow {
  return {
    ...t,
    salesStartAt: t.salesStartAt ? new Date(t.salesStartAt) : null,
    salesEndAt: t.salesEndAt ? new Date(t.salesEndAt) : null,
    createdAt: new Date(t.createdAt),
  };
}

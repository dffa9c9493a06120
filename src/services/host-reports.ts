import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event } from "~/db/schema";
import {
  type Bucket,
  bucketFor,
  bucketStart,
  bucketsOf,
  checkInRate,
  type OrderReportFilter,
  type ReportRange,
  rangeInstants,
} from "~/domain/reports";
import { AppError } from "~/lib/app-error";
import type { ThrottleRule } from "./throttle";

/*
 * Partner Studio's reports (issue 21): a host's sales over a range of London days, for all their
 * events or one, and their orders a page at a time or as a file. The overview's figures come from the
 * daily roll-up the database keeps beside the `order` and `ticket` rows, in the same transactions
 * (decision 0043); the orders report and the file read the orders themselves. Tests sum the rows a
 * second way. Money is per currency, in minor units. An order counts in the range by the London day
 * it was placed on; its tickets count with it.
 */

/** Money summed per currency, minor units. */
export type MoneyByCurrency = Record<string, number>;

export interface MoneyFigures {
  orders: number;
  gross: MoneyByCurrency;
  discounts: MoneyByCurrency;
  fees: MoneyByCurrency;
  refunds: MoneyByCurrency;
  net: MoneyByCurrency;
}

export interface TicketFigures {
  /** Tickets bought and still standing (not cancelled or refunded); free companion tickets apart. */
  sold: number;
  companions: number;
  /** Of every standing ticket (companions too), those let in. */
  checkedIn: number;
  /** Tickets given back with a cancellation or refund. */
  cancelled: number;
}

export interface ReportRow extends MoneyFigures, TicketFigures {}

export interface HostOverview {
  range: ReportRange;
  bucket: Bucket;
  eventId: string | null;
  totals: ReportRow & { checkInRate: number | null };
  overTime: (ReportRow & { bucket: string })[];
  byEvent: (ReportRow & { eventId: string; name: string; startsAt: Date })[];
  byTicketType: (TicketFigures & {
    ticketTypeId: string;
    name: string;
    eventName: string;
    faceValue: MoneyByCurrency;
  })[];
  byDiscount: (MoneyFigures & { code: string })[];
  /** ISO day of the week, 1 (Monday) to 7. */
  byWeekday: (ReportRow & { weekday: number })[];
  /** Orders that came through each of the host's tracking links (Promote), most orders first. */
  byTrackingLink: (MoneyFigures & { linkId: string; name: string; eventName: string })[];
}

const emptyMoney = (): MoneyFigures => ({ orders: 0, gross: {}, discounts: {}, fees: {}, refunds: {}, net: {} });
const emptyTickets = (): TicketFigures => ({ sold: 0, companions: 0, checkedIn: 0, cancelled: 0 });
const emptyRow = (): ReportRow => ({ ...emptyMoney(), ...emptyTickets() });

/** A host's event, or a 404 for anyone else's (ids in addresses are never trusted). */
export async function assertHostEvent(db: Db, hostId: string, eventId: string) {
  const [found] = await db
    .select({ id: event.id, name: event.name })
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.hostId, hostId), ne(event.status, "deleted")));
  if (!found) throw new AppError("not_found", "That event isn't one of yours.");
  return found;
}

/** The host's events to pick from, latest first. */
export async function reportEvents(db: Db, hostId: string) {
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(and(eq(event.hostId, hostId), ne(event.status, "deleted")))
    .orderBy(sql`${event.startsAt} desc`, event.id)
    .limit(500);
}

/** The orders a report covers: the host's, placed in the range, of one event when chosen. */
function ordersIn(o: SQL, input: { hostId: string; eventId: string | null; range: ReportRange }): SQL {
  const { start, end } = rangeInstants(input.range);
  const filters = [
    sql`${o}.host_id = ${input.hostId}`,
    sql`${o}.created_at >= ${start.toISOString()}::timestamptz`,
    sql`${o}.created_at < ${end.toISOString()}::timestamptz`,
  ];
  if (input.eventId) filters.push(sql`${o}.event_id = ${input.eventId}::uuid`);
  return sql.join(filters, sql` and `);
}

/** The same orders' rows of the daily roll-up: the host's, on the London days of the range. */
function daysIn(r: SQL, input: { hostId: string; eventId: string | null; range: ReportRange }): SQL {
  const filters = [
    sql`${r}.host_id = ${input.hostId}`,
    sql`${r}.day between ${input.range.from}::date and ${input.range.to}::date`,
  ];
  if (input.eventId) filters.push(sql`${r}.event_id = ${input.eventId}::uuid`);
  return sql.join(filters, sql` and `);
}

/** ISO day of the week of a London day, 1 (Monday) to 7. */
const weekdayOf = (ymd: string) => ((new Date(`${ymd}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * The overview: totals, over time, by event, ticket type, discount code, tracking link and day of the
 * week. Read from the daily roll-up (decision 0043), which the database keeps equal to the sums over
 * the host's orders and tickets: two small reads (its orders' rows and its tickets' rows, grouping sets
 * for every breakdown), however many orders the range holds.
 */
export async function hostOverview(
  db: Db,
  input: { hostId: string; eventId: string | null; range: ReportRange },
): Promise<HostOverview> {
  if (input.eventId) await assertHostEvent(db, input.hostId, input.eventId);
  const bucket = bucketFor(input.range);
  const r = sql.raw("r");
  const where = daysIn(r, input);

  type MoneyRow = {
    set: number;
    currency: string;
    key: string | null;
    orders: string;
    gross: string;
    discounts: string;
    fees: string;
    refunds: string;
  };
  // Grouping sets: 0 totals, 1 by day (over time and by day of the week), 2 by event, 3 by discount
  // code, 4 by tracking link. A key whose orders all moved elsewhere (a row summing to nothing) is left out.
  const moneyQuery = db.execute<MoneyRow>(sql`
    select case
             when grouping(r.day) = 0 then 1
             when grouping(r.event_id) = 0 then 2
             when grouping(r.discount_code) = 0 then 3
             when grouping(r.tracking_link_id) = 0 then 4
             else 0 end as set,
           r.currency,
           coalesce(r.day::text, r.event_id::text, r.discount_code, r.tracking_link_id::text) as key,
           sum(r.orders) as orders,
           sum(r.gross_pence) as gross,
           sum(r.discount_pence) as discounts,
           sum(r.fee_pence) as fees,
           sum(r.refunded_pence) as refunds
      from report_day_orders r
     where ${where}
     group by grouping sets ((r.currency), (r.currency, r.day), (r.currency, r.event_id),
                             (r.currency, r.discount_code), (r.currency, r.tracking_link_id))
    having sum(r.orders) <> 0`);

  type TicketRow = {
    set: number;
    key: string | null;
    currency: string | null;
    sold: string;
    companions: string;
    checked_in: string;
    cancelled: string;
    face_value: string;
  };
  // The tickets, for every breakdown at once: 0 totals, 1 by day, 2 by event, 5 by ticket type (per
  // currency, for its face value: the price each standing ticket was bought at, before the order's
  // discount and fee).
  const ticketQuery = db.execute<TicketRow>(sql`
    select case
             when grouping(r.day) = 0 then 1
             when grouping(r.event_id) = 0 then 2
             when grouping(r.ticket_type_id) = 0 then 5
             else 0 end as set,
           coalesce(r.day::text, r.event_id::text, r.ticket_type_id::text) as key,
           r.currency,
           sum(r.sold) as sold,
           sum(r.companions) as companions,
           sum(r.checked_in) as checked_in,
           sum(r.cancelled) as cancelled,
           sum(r.face_value_pence) as face_value
      from report_day_tickets r
     where ${where}
     group by grouping sets ((), (r.day), (r.event_id), (r.ticket_type_id, r.currency))
    having sum(r.sold) + sum(r.companions) + sum(r.cancelled) <> 0`);

  type LabelRow = {
    kind: "event" | "type" | "link";
    id: string;
    name: string;
    event_name: string | null;
    starts_at: Date | string;
    sort_order: number;
  };
  // In the same round, the names the breakdowns show: the host's events (all of them, for the
  // breakdown by event), and the ticket types and tracking links with rows in the range (links only
  // the host's own: the orders are theirs).
  const labelsQuery = db.execute<LabelRow>(sql`
    select 'event' as kind, e.id::text as id, e.name, null as event_name, e.starts_at, 0 as sort_order
      from event e
     where e.host_id = ${input.hostId} and ${input.eventId === null}
    union all
    select 'type', tt.id::text, tt.name, e.name, e.starts_at, tt.sort_order
      from ticket_type tt join event e on e.id = tt.event_id
     where tt.id in (select r.ticket_type_id from report_day_tickets r where ${where})
    union all
    select 'link', l.id::text, l.name, e.name, e.starts_at, 0
      from tracking_link l join event e on e.id = l.event_id
     where l.host_id = ${input.hostId}
       and l.id in (select r.tracking_link_id from report_day_orders r where ${where})`);

  const [money, tickets, labels] = await Promise.all([moneyQuery, ticketQuery, labelsQuery]);

  const totals = emptyRow();
  const overTime = new Map<string, ReportRow>(bucketsOf(input.range, bucket).map((k) => [k, emptyRow()]));
  const byEvent = new Map<string, ReportRow>();
  const byDiscount = new Map<string, MoneyFigures>();
  const byLink = new Map<string, MoneyFigures>();
  const byWeekday = new Map<number, ReportRow>(Array.from({ length: 7 }, (_, i) => [i + 1, emptyRow()]));

  // Where a row's figures go: a day's go both to its bucket and to its day of the week.
  const rowsFor = (set: number, key: string | null): MoneyFigures[] => {
    if (set === 0) return [totals];
    if (key === null) return [];
    if (set === 1)
      return [overTime.get(bucketStart(key, bucket)), byWeekday.get(weekdayOf(key))].filter((r) => r !== undefined);
    if (set === 2) return [byEvent.get(key) ?? (byEvent.set(key, emptyRow()), byEvent.get(key)!)];
    if (set === 3) return [byDiscount.get(key) ?? (byDiscount.set(key, emptyMoney()), byDiscount.get(key)!)];
    if (set === 4) return [byLink.get(key) ?? (byLink.set(key, emptyMoney()), byLink.get(key)!)];
    return [];
  };
  for (const r of money.rows)
    for (const target of rowsFor(Number(r.set), r.key))
      addMoney(target, r.currency, {
        orders: Number(r.orders),
        gross: Number(r.gross),
        discounts: Number(r.discounts),
        fees: Number(r.fees),
        refunds: Number(r.refunds),
      });
  const typeRows = new Map<string, HostOverview["byTicketType"][number]>();
  for (const r of tickets.rows) {
    const set = Number(r.set);
    if (set === 5) {
      const row = typeRows.get(r.key!) ?? {
        ticketTypeId: r.key!,
        name: "",
        eventName: "",
        ...emptyTickets(),
        faceValue: {},
      };
      addTickets(row, r);
      if (Number(r.face_value) !== 0)
        row.faceValue[r.currency!] = (row.faceValue[r.currency!] ?? 0) + Number(r.face_value);
      typeRows.set(r.key!, row);
      continue;
    }
    for (const target of rowsFor(set, r.key) as ReportRow[]) addTickets(target, r);
  }
  const labelsOf = (kind: LabelRow["kind"]) => labels.rows.filter((l) => l.kind === kind);
  const startsAt = (l: LabelRow) => new Date(l.starts_at).getTime();
  // Ticket types in the order the host knows them: latest event first, then as the event lists them.
  const byTicketType = labelsOf("type")
    .filter((t) => typeRows.has(t.id))
    .sort((a, b) => startsAt(b) - startsAt(a) || a.sort_order - b.sort_order || a.name.localeCompare(b.name))
    .map((t) => ({ ...typeRows.get(t.id)!, name: t.name, eventName: t.event_name ?? "" }));

  const eventInfo = new Map(labelsOf("event").map((e) => [e.id, e]));
  return {
    range: input.range,
    bucket,
    eventId: input.eventId,
    totals: { ...totals, checkInRate: checkInRate(totals.checkedIn, totals.sold + totals.companions) },
    overTime: [...overTime].map(([k, row]) => ({ bucket: k, ...row })),
    byEvent: [...byEvent]
      .filter(([id]) => eventInfo.has(id))
      .map(([id, row]) => ({
        eventId: id,
        name: eventInfo.get(id)!.name,
        startsAt: new Date(eventInfo.get(id)!.starts_at),
        ...row,
      }))
      .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime()),
    byTicketType,
    byDiscount: [...byDiscount]
      .map(([code, row]) => ({ code, ...row }))
      .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code)),
    byWeekday: [...byWeekday].map(([weekday, row]) => ({ weekday, ...row })),
    byTrackingLink: labelsOf("link")
      .filter((l) => byLink.has(l.id))
      .map((l) => ({ linkId: l.id, name: l.name, eventName: l.event_name ?? "", ...byLink.get(l.id)! }))
      .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name)),
  };
}

function addTickets(
  target: TicketFigures,
  r: { sold: string; companions: string; checked_in: string; cancelled: string },
) {
  target.sold += Number(r.sold);
  target.companions += Number(r.companions);
  target.checkedIn += Number(r.checked_in);
  target.cancelled += Number(r.cancelled);
}

function addMoney(
  target: MoneyFigures,
  currency: string,
  m: { orders: number; gross: number; discounts: number; fees: number; refunds: number },
) {
  target.orders += m.orders;
  const add = (into: MoneyByCurrency, pence: number) => {
    into[currency] = (into[currency] ?? 0) + pence;
  };
  add(target.gross, m.gross);
  add(target.discounts, m.discounts);
  add(target.fees, m.fees);
  add(target.refunds, m.refunds);
  add(target.net, m.gross - m.refunds - m.fees);
}

/* ---------- The orders report ---------- */

export const ORDERS_REPORT_PAGE_SIZE = 25;
/**
 * Orders files a host's team may have made in a window: a hundred thousand orders cost seconds of
 * database time each (bench:reports), so a file asked for in a loop would keep the database busy.
 */
export const ORDERS_EXPORTS: ThrottleRule = { limit: 12, windowMs: 10 * 60_000 };
/** Rows read per query while a file is written: the file streams, a page at a time. */
export const ORDERS_EXPORT_BATCH = 1000;

export interface OrdersReportQuery {
  hostId: string;
  eventId: string | null;
  range: ReportRange;
  status: OrderReportFilter | null;
  /** Buyer name, email or order reference, as typed (trimmed). */
  q: string;
}

function ordersFilter(o: SQL, query: OrdersReportQuery): SQL {
  const filters = [ordersIn(o, query)];
  if (query.status === "refunded") filters.push(sql`(${o}.status = 'refunded' or ${o}.refunded_pence > 0)`);
  else if (query.status) filters.push(sql`${o}.status = ${query.status}`);
  const q = query.q.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${o}.buyer_name ilike ${like} or ${o}.buyer_email ilike ${like} or ${o}.reference ilike ${like})`,
    );
  }
  return sql.join(filters, sql` and `);
}

export interface OrderReportRow {
  id: string;
  reference: string;
  createdAt: Date;
  eventId: string;
  eventName: string;
  eventStartsAt: Date;
  buyerName: string;
  buyerEmail: string;
  status: "paid" | "free" | "refunded" | "cancelled";
  currency: string;
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  bookingFeePence: number;
  totalPence: number;
  refundedPence: number;
  tickets: number;
  companions: number;
  /** '2 × Standard; 1 × Early bird' */
  lines: string;
  answers: Record<string, string>;
  questions: { id: string; label: string }[];
}

type RawOrderRow = {
  id: string;
  reference: string;
  created_at: Date | string;
  cursor: string;
  event_id: string;
  event_name: string;
  event_starts_at: Date | string;
  buyer_name: string;
  buyer_email: string;
  status: OrderReportRow["status"];
  currency: string;
  subtotal_pence: number;
  discount_pence: number;
  discount_code: string | null;
  booking_fee_pence: number;
  total_pence: number;
  refunded_pence: number;
  tickets: number;
  companions: number;
  lines: string | null;
  answers: Record<string, string> | string;
  questions: { id: string; label: string }[] | string;
};

const orderColumns = sql`
  o.id, o.reference, o.created_at, o.created_at::text as cursor, o.event_id, e.name as event_name,
  e.starts_at as event_starts_at, o.buyer_name, o.buyer_email, o.status, o.currency, o.subtotal_pence,
  o.discount_pence, o.discount_code, o.booking_fee_pence, o.total_pence, o.refunded_pence,
  tk.tickets, tk.companions, tk.lines, o.answers, o.questions`;

/** Each order's standing tickets and what it bought, read in one step per order. */
const orderTickets = sql`
  left join lateral (
    select count(*) filter (where t.status <> 'void' and not t.companion)::int as tickets,
           count(*) filter (where t.status <> 'void' and t.companion)::int as companions,
           (select string_agg(l.quantity || ' × ' || l.name || case when l.companion then ' (companion)' else '' end,
                              '; ' order by l.companion, l.name)
              from order_line l where l.order_id = o.id) as lines
      from ticket t where t.order_id = o.id
  ) tk on true`;

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

function toRow(r: RawOrderRow): OrderReportRow {
  return {
    id: r.id,
    reference: r.reference,
    createdAt: new Date(r.created_at),
    eventId: r.event_id,
    eventName: r.event_name,
    eventStartsAt: new Date(r.event_starts_at),
    buyerName: r.buyer_name,
    buyerEmail: r.buyer_email,
    status: r.status,
    currency: r.currency,
    subtotalPence: Number(r.subtotal_pence),
    discountPence: Number(r.discount_pence),
    discountCode: r.discount_code,
    bookingFeePence: Number(r.booking_fee_pence),
    totalPence: Number(r.total_pence),
    refundedPence: Number(r.refunded_pence),
    tickets: Number(r.tickets),
    companions: Number(r.companions),
    lines: r.lines ?? "",
    answers: json(r.answers),
    questions: json(r.questions).map((q) => ({ id: q.id, label: q.label })),
  };
}

/**
 * A page of the host's orders, newest first, with how many match. The count and the page asked for
 * are read together; only a page past the end (the orders changed since the link was made) needs a
 * second read, of the last page.
 */
export async function hostOrdersReport(db: Db, query: OrdersReportQuery & { page: number }) {
  if (query.eventId) await assertHostEvent(db, query.hostId, query.eventId);
  const o = sql.raw("o");
  const where = ordersFilter(o, query);
  const pageAt = (page: number) =>
    db.execute<RawOrderRow>(sql`
      select ${orderColumns}
        from "order" o join event e on e.id = o.event_id ${orderTickets}
       where ${where}
       order by o.created_at desc, o.id desc
       limit ${ORDERS_REPORT_PAGE_SIZE} offset ${(page - 1) * ORDERS_REPORT_PAGE_SIZE}`);
  const asked = Math.max(1, Math.trunc(query.page) || 1);
  const [counted, first] = await Promise.all([
    db.execute<{ n: string }>(sql`select count(*) as n from "order" o where ${where}`),
    pageAt(asked),
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_REPORT_PAGE_SIZE));
  const page = Math.min(asked, pageCount);
  const rows = page === asked ? first : await pageAt(page);
  return { total, page, pageCount, rows: rows.rows.map(toRow) };
}

/**
 * The checkout questions the matching orders answered, as columns of the file: one per wording
 * (two events asking "Dietary needs?" share a column), in the order first asked.
 */
export async function answeredQuestionLabels(db: Db, query: OrdersReportQuery): Promise<string[]> {
  const o = sql.raw("o");
  const rows = await db.execute<{ label: string }>(sql`
    select q.value->>'label' as label, min(o.created_at) as first
      from "order" o, jsonb_array_elements(o.questions) q
     where ${ordersFilter(o, query)} and jsonb_array_length(o.questions) > 0
     group by 1 order by first, label`);
  return rows.rows.map((r) => r.label).filter((l) => typeof l === "string" && l.length > 0);
}

/**
 * Every matching order, newest first, read in batches by keyset (placed at, id) so that a file of
 * any size streams: at most one batch is in memory, and no transaction is held open between them.
 */
export async function* hostOrdersForExport(
  db: Db,
  query: OrdersReportQuery,
  batch = ORDERS_EXPORT_BATCH,
): AsyncGenerator<OrderReportRow[]> {
  if (query.eventId) await assertHostEvent(db, query.hostId, query.eventId);
  const o = sql.raw("o");
  const where = ordersFilter(o, query);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const page = await db.execute<RawOrderRow>(sql`
      select ${orderColumns}
        from "order" o join event e on e.id = o.event_id ${orderTickets}
       where ${where} ${keyset}
       order by o.created_at desc, o.id desc
       limit ${batch}`);
    if (page.rows.length === 0) return;
    yield page.rows.map(toRow);
    if (page.rows.length < batch) return;
    const last = page.rows[page.rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
  }
}

import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared-statement";

/**
 * A fingerprint of everything about an event that planning a hold depends on (decision 0016): its
 * slug, status, cancellation, times, host and the host's fee mode, its seat plan, and each ticket
 * type's kind, price, pay-what-you-wish flag, per-order limit and sale window. Stock (capacity,
 * sold, held) is not in it: the claim itself is the only judge of stock. The hold's read and the
 * claim compute it with this one expression, so a hold planned on definitions that have changed
 * since is caught by the claim, whichever instance cached them.
 */
export function definitionsFingerprint(eventId: SQL): SQL {
  return sql`(select md5(concat_ws('|', fe.slug, fe.status, fe.is_cancelled, extract(epoch from fe.starts_at), extract(epoch from fe.ends_at),
      fe.host_id, fu.fee_mode, fv.seat_rows, fv.seat_columns,
      (select string_agg(concat_ws(',', ft.id, ft.kind, ft.price_pence, ft.pay_what_you_wish, ft.max_per_order,
          extract(epoch from ft.sales_start_at), extract(epoch from ft.sales_end_at)), ';' order by ft.id)
        from ticket_type ft where ft.event_id = fe.id)))
    from event fe join "user" fu on fu.id = fe.host_id left join venue fv on fv.id = fe.venue_id
    where fe.id = ${eventId})`;
}

/** Who a hold is for: a person already known (or nobody), or whoever owns this session, looked up by the claim. */
export type HoldBuyer = { userId: string | null } | { sessionToken: string };

export interface ClaimInput {
  eventId: string;
  buyer: HoldBuyer;
  expiresAt: Date;
  /** The time the claim is made at: a session must not have expired by then, nor a lapsed hold count as live. */
  now: Date;
  seats: { row: number; column: number; ticketTypeId: string }[];
  discountId: string | null;
  idempotencyKey: string | null;
  lines: { ticketTypeId: string; quantity: number; unitPricePence: number }[];
  /** True for holds that may not be extended (a waitlist offer is already long). */
  extended?: boolean;
  /** The fingerprint of the definitions the lines were planned on; when they have changed since, nothing is written. Null: not checked. */
  fingerprint: string | null;
}

export interface StockRow {
  id: string;
  sold: number;
  held: number;
  capacity: number;
}

export type ClaimOutcome =
  /** The session is unknown or has expired: nothing was written. */
  | { status: "signed_out" }
  /** The event's definitions are no longer those the lines were planned on: nothing was written. */
  | { status: "stale" }
  /**
   * The stock, as the statement found it, could not cover the lines: nothing was written. `lapsed`:
   * some hold on the event has run out without giving its stock back yet. `existingHoldId`: the hold
   * an earlier press with the same idempotency key made.
   */
  | { status: "short"; stock: StockRow[]; lapsed: boolean; existingHoldId: string | null }
  /**
   * A hold was written and `claimed` of its lines were claimed; or (`holdId` null) another request
   * with the key made it. `buyerId` is who it is for; `sessionExpiresAt` when the session found by
   * token expires.
   */
  | { status: "written"; claimed: number; holdId: string | null; buyerId: string | null; sessionExpiresAt: Date | null };

const p = (name: string) => sql.placeholder(name);

/**
 * The claim, as one statement of one shape for every basket (its lines arrive as arrays), prepared
 * once per connection. In order, as the statement finds the rows:
 * - the buyer: the given person, or the owner of the given session if it has not expired;
 * - the plan: the event's definitions still have the fingerprint the caller planned on;
 * - the stock: every line can be had. When any of these fails nothing is written, and the answer
 *   says which; a short answer carries the stock as found, so a buyer who arrives after the last
 *   place went costs no write at all.
 * Otherwise the hold is written (nothing, if another request with the same idempotency key made
 * it); then, only for a new hold, every line's ticket type gains `held` where
 * `sold + held + n <= capacity` (PostgreSQL re-checks that condition on the row it locks, so
 * concurrent claims queue and each sees the last one's result); the hold's lines are written only
 * if every line was claimed. A hold with fewer lines claimed than asked holds no lines: inside a
 * transaction the caller rolls back, outside one (a single line) it closes the empty hold. With
 * several lines the rows are locked in id order first, so two baskets cannot deadlock.
 */
const claimStatement = sql`
  with wanted (ticket_type_id, quantity, unit_price_pence) as (
    select * from unnest(${p("typeIds")}::uuid[], ${p("quantities")}::int[], ${p("prices")}::int[])
  ),
  buyer as (
    select ${p("userId")}::text as id, null::timestamptz as expires_at where ${p("token")}::text is null
    union all
    select s.user_id, s.expires_at from session s where s.token = ${p("token")}::text and s.expires_at > ${p("now")}::timestamptz
  ),
  planned as (
    select ${p("fingerprint")}::text is null or ${definitionsFingerprint(sql`${p("eventId")}::uuid`)} is not distinct from ${p("fingerprint")}::text as ok
  ),
  enough as (
    select count(*) = cardinality(${p("typeIds")}::uuid[]) as ok from ticket_type t join wanted w on t.id = w.ticket_type_id
    where t.event_id = ${p("eventId")}::uuid and t.sold + t.held + w.quantity <= t.capacity
  ),
  new_hold as (
    insert into hold (event_id, user_id, expires_at, seats, discount_id, idempotency_key, extended)
    select ${p("eventId")}::uuid, b.id, ${p("expiresAt")}::timestamptz, ${p("seats")}::jsonb, ${p("discountId")}::uuid, ${p("key")}::text, ${p("extended")}::boolean
    from buyer b
    where (select ok from planned) and (select ok from enough)
    on conflict (idempotency_key) do nothing
    returning id
  ),
  locked as (
    select t.id from ticket_type t where t.id in (select ticket_type_id from wanted) order by t.id for update
  ),
  claimed as (
    update ticket_type t set held = t.held + w.quantity
    from wanted w
    where t.id = w.ticket_type_id and t.event_id = ${p("eventId")}::uuid and t.sold + t.held + w.quantity <= t.capacity
      and exists (select 1 from new_hold)
      and (cardinality(${p("typeIds")}::uuid[]) = 1 or (select count(*) from locked) > 0)
    returning t.id
  ),
  lines as (
    insert into hold_line (hold_id, ticket_type_id, quantity, unit_price_pence)
    select n.id, w.ticket_type_id, w.quantity, w.unit_price_pence from new_hold n cross join wanted w
    where (select count(*) from claimed) = cardinality(${p("typeIds")}::uuid[])
  )
  select
    exists (select 1 from buyer) as signed_in,
    (select id from buyer) as buyer_id,
    (select (extract(epoch from expires_at) * 1000)::float8 from buyer) as session_expires_ms,
    (select ok from planned) as planned,
    (select ok from enough) as enough,
    (select count(*) from claimed)::int as claimed,
    (select id from new_hold) as hold_id,
    case when not (select ok from enough) then (select json_agg(json_build_object('id', t.id, 'sold', t.sold, 'held', t.held, 'capacity', t.capacity))
      from ticket_type t where t.event_id = ${p("eventId")}::uuid) end as stock,
    case when not (select ok from enough) then exists (select 1 from hold h where h.event_id = ${p("eventId")}::uuid and h.status = 'active'
      and h.expires_at <= ${p("now")}::timestamptz) end as lapsed,
    case when not (select ok from enough) then (select id from hold where idempotency_key = ${p("key")}::text) end as existing_hold_id`;

interface ClaimRow {
  signed_in: boolean;
  buyer_id: string | null;
  session_expires_ms: number | null;
  planned: boolean;
  enough: boolean;
  claimed: number;
  hold_id: string | null;
  stock: StockRow[] | string | null;
  lapsed: boolean | null;
  existing_hold_id: string | null;
}

/** Claims stock for a hold and writes it, in one statement (see `claimStatement`). */
export async function claimAndHold(tx: Db, h: ClaimInput): Promise<ClaimOutcome> {
  const token = "sessionToken" in h.buyer ? h.buyer.sessionToken : null;
  const rows = await preparedStatement<ClaimRow>(tx, "tb_claim_and_hold", claimStatement).execute({
    typeIds: h.lines.map((l) => l.ticketTypeId),
    quantities: h.lines.map((l) => l.quantity),
    prices: h.lines.map((l) => l.unitPricePence),
    userId: "userId" in h.buyer ? h.buyer.userId : null,
    token,
    now: h.now.toISOString(),
    fingerprint: h.fingerprint,
    eventId: h.eventId,
    expiresAt: h.expiresAt.toISOString(),
    seats: JSON.stringify(h.seats),
    discountId: h.discountId,
    key: h.idempotencyKey,
    extended: h.extended ?? false,
  });
  const r = rows[0]!;
  if (!r.signed_in) return { status: "signed_out" };
  if (!r.planned) return { status: "stale" };
  if (!r.enough) {
    const stock = typeof r.stock === "string" ? (JSON.parse(r.stock) as StockRow[]) : (r.stock ?? []);
    return { status: "short", stock, lapsed: r.lapsed === true, existingHoldId: r.existing_hold_id };
  }
  const sessionExpiresAt = token && r.session_expires_ms !== null ? new Date(Number(r.session_expires_ms)) : null;
  return { status: "written", claimed: Number(r.claimed), holdId: r.hold_id, buyerId: r.buyer_id, sessionExpiresAt };
}

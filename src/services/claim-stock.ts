import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * The claim, as one statement. First a look at the stock as the statement finds it: when any line
 * cannot be had, nothing is written, and the answer says so (`short`) with that stock, so a buyer
 * who arrives after the last place went costs no write at all. Otherwise the hold is written
 * (nothing, if another request with the same idempotency key made it); then, only for a new hold,
 * every line's ticket type gains `held` where `sold + held + n <= capacity` (PostgreSQL re-checks
 * that condition on the row it locks, so concurrent claims queue and each sees the last one's
 * result); the hold's lines are written only if every line was claimed. A hold with fewer lines
 * claimed than asked holds no lines: inside a transaction the caller rolls back, outside one (a
 * single line) it closes the empty hold. With several lines the rows are locked in id order first,
 * so two baskets cannot deadlock.
 */
export async function claimAndHold(
  tx: Db,
  h: {
    eventId: string;
    userId: string | null;
    expiresAt: Date;
    seats: { row: number; column: number; ticketTypeId: string }[];
    discountId: string | null;
    idempotencyKey: string | null;
    lines: { ticketTypeId: string; quantity: number; unitPricePence: number }[];
    /** True for holds that may not be extended (a waitlist offer is already long). */
    extended?: boolean;
  },
): Promise<ClaimOutcome> {
  const wanted = sql.join(
    h.lines.map((l) => sql`(${l.ticketTypeId}::uuid, ${l.quantity}::int, ${l.unitPricePence}::int)`),
    sql`, `,
  );
  const lockFirst =
    h.lines.length > 1
      ? sql`locked as (select t.id from ticket_type t where t.id in (select ticket_type_id from wanted) order by t.id for update),`
      : sql``;
  const { rows } = await tx.execute<{ claimed: number; hold_id: string | null; short: boolean; stock: StockRow[] | string | null; existing_hold_id: string | null }>(sql`
    with wanted (ticket_type_id, quantity, unit_price_pence) as (values ${wanted}),
    enough as (
      select count(*) = ${h.lines.length} as ok from ticket_type t join wanted w on t.id = w.ticket_type_id
      where t.event_id = ${h.eventId}::uuid and t.sold + t.held + w.quantity <= t.capacity
    ),
    new_hold as (
      insert into hold (event_id, user_id, expires_at, seats, discount_id, idempotency_key, extended)
      select ${h.eventId}::uuid, ${h.userId}, ${h.expiresAt}::timestamptz, ${JSON.stringify(h.seats)}::jsonb, ${h.discountId}::uuid, ${h.idempotencyKey}::text, ${h.extended ?? false}::boolean
      where (select ok from enough)
      on conflict (idempotency_key) do nothing
      returning id
    ),
    ${lockFirst}
    claimed as (
      update ticket_type t set held = t.held + w.quantity
      from wanted w
      where t.id = w.ticket_type_id and t.event_id = ${h.eventId}::uuid and t.sold + t.held + w.quantity <= t.capacity
        and exists (select 1 from new_hold)
        ${h.lines.length > 1 ? sql`and (select count(*) from locked) > 0` : sql``}
      returning t.id
    ),
    lines as (
      insert into hold_line (hold_id, ticket_type_id, quantity, unit_price_pence)
      select n.id, w.ticket_type_id, w.quantity, w.unit_price_pence from new_hold n cross join wanted w
      where (select count(*) from claimed) = ${h.lines.length}
    )
    select (select count(*) from claimed)::int as claimed, (select id from new_hold) as hold_id, not (select ok from enough) as short,
      case when not (select ok from enough) then (select json_agg(json_build_object('id', t.id, 'sold', t.sold, 'held', t.held, 'capacity', t.capacity))
        from ticket_type t where t.event_id = ${h.eventId}::uuid) end as stock,
      case when not (select ok from enough) then (select id from hold where idempotency_key = ${h.idempotencyKey}::text) end as existing_hold_id`);
  const r = rows[0]!;
  if (r.short) {
    const stock = typeof r.stock === "string" ? (JSON.parse(r.stock) as StockRow[]) : (r.stock ?? []);
    return { short: true, stock, existingHoldId: r.existing_hold_id };
  }
  return { short: false, claimed: Number(r.claimed), holdId: r.hold_id };
}

export interface StockRow {
  id: string;
  sold: number;
  held: number;
  capacity: number;
}

export type ClaimOutcome =
  /** The stock, as the statement found it, could not cover the lines: nothing was written. */
  | { short: true; stock: StockRow[]; existingHoldId: string | null }
  /** A hold was written and `claimed` of its lines were claimed; or (`holdId` null) another request with the key made it. */
  | { short: false; claimed: number; holdId: string | null };

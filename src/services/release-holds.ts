import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * Gives back the stock of holds that are over: marks them (expired or released) and takes their
 * quantities off `ticket_type.held` in one statement per step, aggregated per ticket type so two
 * holds on one type both count. Their seats go back too. Returns the holds it changed. Safe to run
 * concurrently: a hold changes status once (the `status = 'active'` condition), and only the
 * statement that changed it gives its stock back.
 */
export async function releaseHolds(
  db: Db,
  opts: { now: Date; eventId?: string; holdIds?: string[]; as?: "expired" | "released" },
): Promise<string[]> {
  const status = opts.as ?? "expired";
  const which = opts.holdIds
    ? sql`id in (${sql.join(
        opts.holdIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`expires_at <= ${opts.now} ${opts.eventId ? sql`and event_id = ${opts.eventId}::uuid` : sql``}`;
  const { rows } = await db.execute<{ id: string }>(sql`
    with over as (
      update hold set status = ${status} where status = 'active' and ${which} returning id
    ), lines as (
      select l.ticket_type_id, sum(l.quantity)::int as quantity
      from hold_line l join over o on o.id = l.hold_id
      group by l.ticket_type_id
    ), stock as (
      update ticket_type t set held = t.held - lines.quantity
      from lines where t.id = lines.ticket_type_id
      returning t.id
    ), seats as (
      delete from seat_claim s using over o where s.hold_id = o.id and s.ticket_id is null returning s.hold_id
    )
    select id from over`);
  return rows.map((r) => r.id);
}

import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * Someone allowed to scan at one event's door (decision 0034): the host, an owner or manager on
 * its team, a team member given that event as a scanner (`scannerId` is the grant), or the holder
 * of a live scanner link (`scannerId` is the link, `userId` none).
 */
export interface DoorActor {
  eventId: string;
  hostId: string;
  userId: string | null;
  scannerId: string | null;
}

/** A scanner link's token is kept only as this hash; the token is shown once, in the link. */
export const hashDoorToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The live scanner link with this token hash for this event, as `(link_id, host_id)`: not revoked,
 * not expired, its host still a host. The door's access check and a link's one-statement scan both
 * read it, so they can't disagree on what a live link is.
 */
export function liveLink(input: { linkTokenHash: string; eventId: string; now: Date }): SQL {
  return sql`
    select l.id as link_id, e.host_id
    from event_scanner l
    join event e on e.id = l.event_id
    join "user" h on h.id = e.host_id and h.user_type = 'host' and h.deleted_at is null
    where l.token_hash = ${input.linkTokenHash} and l.event_id = ${input.eventId}
      and l.revoked_at is null and (l.expires_at is null or l.expires_at > ${input.now})`;
}

/**
 * Who may scan at `eventId`'s door on this request, judged afresh each time, so a revoked link or a
 * member taken off the team stops at once: the signed-in person (by `userId`, or the session
 * `sessionToken` names) first, then the scanner link whose token hash is `linkTokenHash`. One query.
 * Null: nobody the host let in (the page says 'Scan Not Allowed').
 */
export async function doorAccess(
  db: Db,
  input: {
    eventId: string;
    userId?: string | null;
    sessionToken?: string | null;
    linkTokenHash?: string | null;
    now: Date;
  },
): Promise<DoorActor | null> {
  const { eventId, now } = input;
  if (!/^[0-9a-f-]{36}$/i.test(eventId)) return null;
  if (!input.userId && !input.sessionToken) {
    // Nobody signed in: only a live scanner link opens the door (a door device's every scan asks
    // this, so it is the link's lookup alone), and a request without one is refused unasked.
    if (!input.linkTokenHash) return null;
    const { rows } = await db.execute<{ host_id: string; link_id: string }>(
      liveLink({ linkTokenHash: input.linkTokenHash, eventId, now }),
    );
    const link = rows[0];
    return link ? { eventId, hostId: link.host_id, userId: null, scannerId: link.link_id } : null;
  }
  const { rows } = await db.execute<{
    host_id: string;
    user_id: string | null;
    manager: boolean;
    grant_id: string | null;
    link_id: string | null;
  }>(sql`
    with me as (
      select u.id from "user" u
      where u.deleted_at is null and u.id = coalesce(
        ${input.userId ?? null}::text,
        (select se.user_id from session se
          where se.token = ${input.sessionToken ?? null}::text and se.expires_at > ${now})
      )
    )
    select e.host_id, me.id as user_id,
      (me.id = e.host_id or exists (
        select 1 from host_member m
        where m.host_id = e.host_id and m.user_id = me.id and m.role in ('owner', 'manager')
      )) as manager,
      (select g.id from event_scanner g
        where g.event_id = e.id and g.user_id = me.id
          and g.revoked_at is null and (g.expires_at is null or g.expires_at > ${now})
          and exists (select 1 from host_member m where m.host_id = e.host_id and m.user_id = me.id)
        limit 1) as grant_id,
      (select l.id from event_scanner l
        where l.event_id = e.id and l.token_hash = ${input.linkTokenHash ?? null}::text
          and l.revoked_at is null and (l.expires_at is null or l.expires_at > ${now})
        limit 1) as link_id
    from event e
    join "user" h on h.id = e.host_id and h.user_type = 'host' and h.deleted_at is null
    left join me on true
    where e.id = ${eventId}
  `);
  const row = rows[0];
  if (!row) return null;
  if (row.user_id && (row.manager || row.grant_id))
    return { eventId, hostId: row.host_id, userId: row.user_id, scannerId: row.manager ? null : row.grant_id };
  if (row.link_id) return { eventId, hostId: row.host_id, userId: null, scannerId: row.link_id };
  return null;
}

/** The event a live scanner link opens and when it closes (null: no such link, revoked or expired). */
export async function doorLinkEvent(
  db: Db,
  input: { token: string; now: Date },
): Promise<{ eventId: string; expiresAt: Date } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(input.token)) return null;
  const { rows } = await db.execute<{ event_id: string; expires_at: Date | string }>(sql`
    select event_id, expires_at from event_scanner
    where token_hash = ${hashDoorToken(input.token)} and revoked_at is null and expires_at > ${input.now}`);
  const row = rows[0];
  return row ? { eventId: row.event_id, expiresAt: new Date(row.expires_at) } : null;
}

/** What the scan page's header shows of the event at its door. */
export interface DoorEvent {
  id: string;
  name: string;
  startsAt: Date;
  venueName: string | null;
  hostTitle: string;
}

export async function doorEvent(db: Db, actor: DoorActor): Promise<DoorEvent> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    starts_at: Date | string;
    venue_name: string | null;
    host_title: string;
  }>(sql`
    select e.id, e.name, e.starts_at, v.name as venue_name, coalesce(nullif(h.host_title, ''), h.name) as host_title
    from event e join "user" h on h.id = e.host_id left join venue v on v.id = e.venue_id
    where e.id = ${actor.eventId} and e.host_id = ${actor.hostId}`);
  const r = rows[0]!;
  return { id: r.id, name: r.name, startsAt: new Date(r.starts_at), venueName: r.venue_name, hostTitle: r.host_title };
}

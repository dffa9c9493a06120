import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { joinLink } from "~/domain/event-flags";

export interface DueReminder {
  eventId: string;
  userId: string;
  email: string;
  firstName: string;
  tickets: number;
  event: {
    name: string;
    slug: string;
    startsAt: Date;
    endsAt: Date | null;
    venueName: string | null;
    address: string | null;
    lat: number | null;
    lng: number | null;
    isOnline: boolean;
    /** The link an online event is joined by, once its host has added it. */
    onlineUrl: string | null;
  };
}

/**
 * The day-before reminders now due: for events starting in the next 24 hours, each person holding
 * a valid ticket who has not turned reminders off, once per event and person (the insert into
 * event_reminder claims it, so instances running the job together send one each).
 */
export async function claimDueReminders(db: Db, now: Date, limit = 200): Promise<DueReminder[]> {
  const { rows } = await db.execute<{
    event_id: string;
    user_id: string;
    email: string;
    first_name: string | null;
    name: string;
    tickets: number;
    event_name: string;
    slug: string;
    starts_at: string | Date;
    ends_at: string | Date | null;
    venue_name: string | null;
    address: string | null;
    lat: number | null;
    lng: number | null;
    is_online: boolean;
    online_url: string | null;
  }>(sql`
    with due as (
      select t.event_id, t.holder_user_id as user_id, count(*)::int as tickets
      from ticket t
      join event e on e.id = t.event_id
      join "order" o on o.id = t.order_id
      join "user" u on u.id = t.holder_user_id
      where t.status = 'valid' and o.status in ('paid', 'free')
        and e.status = 'published' and not e.is_cancelled
        and e.starts_at > ${now} and e.starts_at <= ${new Date(now.getTime() + 24 * 3_600_000)}
        and u.notify_event_reminders and u.deleted_at is null
        and not exists (select 1 from event_reminder r where r.event_id = t.event_id and r.user_id = t.holder_user_id)
      group by t.event_id, t.holder_user_id
      limit ${limit}
    ), claimed as (
      insert into event_reminder (event_id, user_id, created_at)
      select event_id, user_id, ${now} from due
      on conflict do nothing
      returning event_id, user_id
    )
    select c.event_id, c.user_id, u.email, u.first_name, u.name, d.tickets,
      e.name as event_name, e.slug, e.starts_at, e.ends_at, v.name as venue_name, v.formatted_address as address,
      v.lat, v.lng, e.is_online, e.online_url
    from claimed c
    join due d on d.event_id = c.event_id and d.user_id = c.user_id
    join "user" u on u.id = c.user_id
    join event e on e.id = c.event_id
    left join venue v on v.id = e.venue_id`);
  return rows.map((r) => ({
    eventId: r.event_id,
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name || r.name.split(" ")[0] || "there",
    tickets: Number(r.tickets),
    event: {
      name: r.event_name,
      slug: r.slug,
      startsAt: new Date(r.starts_at),
      endsAt: r.ends_at === null ? null : new Date(r.ends_at),
      venueName: r.venue_name,
      address: r.address,
      lat: r.lat === null ? null : Number(r.lat),
      lng: r.lng === null ? null : Number(r.lng),
      isOnline: r.is_online,
      // Only events that still stand are reminded of (the query): the link, by the one rule for it.
      onlineUrl: joinLink({ isOnline: r.is_online, isCancelled: false, onlineUrl: r.online_url }),
    },
  }));
}

import { createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, order, trackingLink, trackingLinkVisit } from "~/db/schema";
import {
  isTrackingCode,
  TRACKING_LINKS_PER_EVENT,
  trackedEventPath,
  trackingCodeFrom,
  utmValue,
} from "~/domain/promote";
import { AppError } from "~/lib/app-error";
import { londonYmd } from "~/lib/london-time";
import { isUuid } from "~/lib/uuid";
import type { Throttle, ThrottleRule } from "./throttle";
import { isUniqueViolation } from "./update-profile";

/** A tracking link with what came through it. */
export interface TrackingLinkRow {
  id: string;
  code: string;
  name: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  archivedAt: Date | null;
  createdAt: Date;
  /** Visitors counted (once per visitor per London day; bots never). */
  visits: number;
  /** Orders paid or free (refunded and cancelled ones left out). */
  orders: number;
  /** Tickets of those orders still standing (void ones left out). */
  tickets: number;
  /** What buyers paid for tickets, less booking fees and refunds, in the event's currency. */
  netPence: number;
}

const notFound = () => new AppError("not_found", "No such link.");

/** The host's own event (locked when `lock`), or not found: decision 0028. */
async function ownEvent(db: Db, hostId: string, eventId: string, lock = false) {
  if (!isUuid(eventId)) throw new AppError("not_found", "No such event.");
  const query = db
    .select({ id: event.id, slug: event.slug, currency: event.currency })
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.hostId, hostId), sql`${event.status} <> 'deleted'`));
  const [found] = lock ? await query.for("no key update") : await query;
  if (!found) throw new AppError("not_found", "No such event.");
  return found;
}

/** An event's tracking links, newest first, each with its visits, orders, tickets and net sales. */
export async function listTrackingLinks(
  db: Db,
  input: { hostId: string; eventId: string },
): Promise<{ links: TrackingLinkRow[]; currency: "GBP" | "EUR"; limit: number }> {
  const found = await ownEvent(db, input.hostId, input.eventId);
  const { rows } = await db.execute<{
    id: string;
    code: string;
    name: string;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
    archived_at: string | Date | null;
    created_at: string | Date;
    visits: number | string;
    orders: number | string;
    tickets: number | string;
    net_pence: number | string;
  }>(sql`
    select l.id, l.code, l.name, l.utm_source, l.utm_medium, l.utm_campaign, l.archived_at, l.created_at,
      (select count(*) from tracking_link_visit v where v.link_id = l.id) as visits,
      coalesce(s.orders, 0) as orders, coalesce(s.net_pence, 0) as net_pence,
      (select count(*) from ticket t join "order" o on o.id = t.order_id
        where o.tracking_link_id = l.id and o.status in ('paid', 'free') and t.status <> 'void') as tickets
    from tracking_link l
    left join lateral (
      select count(*) as orders, sum(o.total_pence - o.booking_fee_pence - o.refunded_pence) as net_pence
      from "order" o where o.tracking_link_id = l.id and o.status in ('paid', 'free')
    ) s on true
    where l.event_id = ${found.id} and l.host_id = ${input.hostId}
    order by l.archived_at is not null, l.created_at desc, l.id
  `);
  return {
    currency: found.currency,
    limit: TRACKING_LINKS_PER_EVENT,
    links: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      utmSource: r.utm_source,
      utmMedium: r.utm_medium,
      utmCampaign: r.utm_campaign,
      archivedAt: r.archived_at ? new Date(r.archived_at) : null,
      createdAt: new Date(r.created_at),
      visits: Number(r.visits),
      orders: Number(r.orders),
      tickets: Number(r.tickets),
      netPence: Number(r.net_pence),
    })),
  };
}

const nameTaken = () =>
  new AppError("validation_failed", "This event already has a link with that name.", {
    fields: { name: "This event already has a link with that name." },
  });

/**
 * A new tracking link for one of the host's events. The event's row is locked while the links are
 * counted, so two links made at once cannot take an event past its limit. The code is random; the
 * unique constraint makes a clash (vanishingly rare) try again with another.
 */
export async function createTrackingLink(
  db: Db,
  input: {
    hostId: string;
    eventId: string;
    createdBy: string;
    name: string;
    medium: string;
    /** utm_source: from the name when empty. */
    source?: string | null;
    /** utm_campaign: the event's slug when empty. */
    campaign?: string | null;
    now: Date;
  },
): Promise<{ id: string; code: string }> {
  const name = input.name.trim();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const found = await ownEvent(tx, input.hostId, input.eventId, true);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(trackingLink)
          .where(eq(trackingLink.eventId, found.id));
        if (n >= TRACKING_LINKS_PER_EVENT)
          throw new AppError(
            "conflict",
            `An event can have at most ${TRACKING_LINKS_PER_EVENT} tracking links. Delete one you no longer use.`,
            { reason: "too_many_links" },
          );
        const code = trackingCodeFrom(randomBytes(8));
        const [row] = await tx
          .insert(trackingLink)
          .values({
            hostId: input.hostId,
            eventId: found.id,
            code,
            name,
            utmSource: utmValue(input.source ?? "") || utmValue(name) || "link",
            utmMedium: utmValue(input.medium) || "other",
            utmCampaign: utmValue(input.campaign ?? "") || utmValue(found.slug) || "event",
            createdBy: input.createdBy,
            createdAt: input.now,
          })
          .returning({ id: trackingLink.id, code: trackingLink.code });
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error, "name")) throw nameTaken();
      if (isUniqueViolation(error, "code") && attempt < 3) continue;
      throw error;
    }
  }
}

/** The host's own link by id (or not found). */
async function ownLink(db: Db, hostId: string, linkId: string) {
  if (!isUuid(linkId)) throw notFound();
  const [found] = await db
    .select({ id: trackingLink.id, eventId: trackingLink.eventId })
    .from(trackingLink)
    .where(and(eq(trackingLink.id, linkId), eq(trackingLink.hostId, hostId)));
  if (!found) throw notFound();
  return found;
}

export async function renameTrackingLink(db: Db, input: { hostId: string; linkId: string; name: string }) {
  await ownLink(db, input.hostId, input.linkId);
  try {
    await db
      .update(trackingLink)
      .set({ name: input.name.trim() })
      .where(and(eq(trackingLink.id, input.linkId), eq(trackingLink.hostId, input.hostId)));
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw nameTaken();
    throw error;
  }
}

/** Archived links leave the main list but still send people on: a printed poster may carry one. */
export async function setTrackingLinkArchived(
  db: Db,
  input: { hostId: string; linkId: string; archived: boolean; now: Date },
) {
  await ownLink(db, input.hostId, input.linkId);
  await db
    .update(trackingLink)
    .set({ archivedAt: input.archived ? input.now : null })
    .where(and(eq(trackingLink.id, input.linkId), eq(trackingLink.hostId, input.hostId)));
}

/**
 * Deletes a link nobody has bought through: one statement, so an order recorded meanwhile keeps
 * it. A link with orders (or a checkout under way through it) can only be archived.
 */
export async function deleteTrackingLink(db: Db, input: { hostId: string; linkId: string }) {
  await ownLink(db, input.hostId, input.linkId);
  const deleted = await db
    .delete(trackingLink)
    .where(
      and(
        eq(trackingLink.id, input.linkId),
        eq(trackingLink.hostId, input.hostId),
        sql`not exists (select 1 from "order" o where o.tracking_link_id = ${trackingLink.id})`,
        sql`not exists (select 1 from hold h where h.tracking_link_id = ${trackingLink.id} and h.status = 'active')`,
      ),
    )
    .returning({ id: trackingLink.id });
  if (deleted.length === 0)
    throw new AppError("conflict", "People have booked through this link, so it stays: archive it instead.", {
      reason: "link_has_sales",
    });
}

/** Visits one address may add across all links in an hour; past it, people are still sent on, uncounted. */
export const VISITS_PER_ADDRESS: ThrottleRule = { limit: 30, windowMs: 60 * 60_000 };

/**
 * Someone opened `/t/{code}`: where to send them, or null for a code that is not a link. A visit
 * is counted once per visitor per London day (the visitor is an HMAC of address and browser under
 * `secret`, so no address is stored), never for bots (`visitor` null), and at most
 * `VISITS_PER_ADDRESS` new visits an hour from one address.
 */
export async function followTrackingLink(
  db: Db,
  input: {
    code: string;
    visitor: { ip: string; userAgent: string } | null;
    secret: string;
    throttle: Throttle;
    now: Date;
  },
): Promise<{ path: string; code: string } | null> {
  if (!isTrackingCode(input.code)) return null;
  const [found] = await db
    .select({
      id: trackingLink.id,
      code: trackingLink.code,
      slug: event.slug,
      status: event.status,
      utmSource: trackingLink.utmSource,
      utmMedium: trackingLink.utmMedium,
      utmCampaign: trackingLink.utmCampaign,
    })
    .from(trackingLink)
    .innerJoin(event, eq(event.id, trackingLink.eventId))
    .where(eq(trackingLink.code, input.code));
  if (!found || found.status === "deleted") return null;
  if (input.visitor) {
    const { ip, userAgent } = input.visitor;
    const allowed = (await input.throttle.hit(`tracking-visit:${ip}`, VISITS_PER_ADDRESS, input.now)).allowed;
    if (allowed) {
      const day = londonYmd(input.now);
      const visitor = createHmac("sha256", input.secret)
        .update(`${day}\n${ip}\n${userAgent}`)
        .digest("base64url")
        .slice(0, 22);
      await db
        .insert(trackingLinkVisit)
        .values({ linkId: found.id, day, visitor, createdAt: input.now })
        .onConflictDoNothing();
    }
  }
  return {
    code: found.code,
    path: trackedEventPath(
      found.slug,
      { source: found.utmSource, medium: found.utmMedium, campaign: found.utmCampaign },
      found.code,
    ),
  };
}

/**
 * Records on a hold the tracking link its buyer came through, if the code is a link to the hold's
 * own event (a code for another event, or no link, records nothing). One statement; the order
 * copies it from the hold (complete-order.ts).
 */
export async function attributeHold(db: Db, input: { holdId: string; code: string }): Promise<boolean> {
  if (!isTrackingCode(input.code)) return false;
  const link = sql`(select l.id from tracking_link l where l.code = ${input.code} and l.event_id = ${hold.eventId})`;
  const updated = await db
    .update(hold)
    .set({ trackingLinkId: link })
    .where(and(eq(hold.id, input.holdId), isNull(hold.trackingLinkId), sql`${link} is not null`))
    .returning({ id: hold.id });
  return updated.length > 0;
}

/** The tracking link an order recorded (for tests and the order's page). */
export async function orderTrackingLink(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ id: order.trackingLinkId }).from(order).where(eq(order.id, orderId));
  return row?.id ?? null;
}

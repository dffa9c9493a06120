import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { trackingCodeFrom } from "../../domain/promote";
import { londonYmd } from "../../lib/london-time";
import type { Db } from "../client.server";
import { trackingLink, trackingLinkVisit } from "../schema";

const DAY = 86_400_000;

/** The demo host's promoters and channels, each with a share of the event's orders (every nth) and visits. */
const DEMO_LINKS = [
  { name: "Instagram bio", source: "instagram-bio", medium: "social", every: 3, visitsPerOrder: 6 },
  { name: "Sam the promoter", source: "sam", medium: "referral", every: 5, visitsPerOrder: 3 },
  { name: "Posters at the Crown", source: "posters", medium: "print", every: 0, visitsPerOrder: 0 },
] as const;

/**
 * Tracking links on the demo host's upcoming event with the most paid orders (Promote, decision 0039), with some
 * of its real orders attributed to them and a week of visits, so the table has something to show
 * and reports by link reconcile with orders.
 */
export async function seedTrackingLinks(tx: Db, input: { now: Date; hostId: string }) {
  const { rows } = await tx.execute<{ id: string; slug: string }>(sql`
    select e.id, e.slug from event e
    where e.host_id = ${input.hostId} and e.status = 'published' and e.starts_at > ${input.now}
    order by (select count(*) from "order" o where o.event_id = e.id and o.status = 'paid') desc, e.starts_at
    limit 1`);
  const target = rows[0];
  if (!target) return;
  const { rows: orders } = await tx.execute<{ id: string }>(
    sql`select id from "order" where event_id = ${target.id} and status in ('paid', 'free') order by created_at, id`,
  );
  for (const [index, l] of DEMO_LINKS.entries()) {
    const [link] = await tx
      .insert(trackingLink)
      .values({
        hostId: input.hostId,
        eventId: target.id,
        code: trackingCodeFrom(randomBytes(8)),
        name: l.name,
        utmSource: l.source,
        utmMedium: l.medium,
        utmCampaign: target.slug,
        createdBy: input.hostId,
        createdAt: new Date(input.now.getTime() - (10 - index) * DAY),
      })
      .returning({ id: trackingLink.id });
    // Every nth order (offset per link, so no order has two links) came through this link.
    const mine = l.every ? orders.filter((_, i) => i % l.every === index) : [];
    if (mine.length > 0)
      await tx.execute(
        sql`update "order" set tracking_link_id = ${link!.id} where id in (${sql.join(
          mine.map((o) => sql`${o.id}::uuid`),
          sql`, `,
        )}) and tracking_link_id is null`,
      );
    const visits = Math.max(2, mine.length * l.visitsPerOrder);
    await tx.insert(trackingLinkVisit).values(
      Array.from({ length: visits }, (_, i) => ({
        linkId: link!.id,
        day: londonYmd(new Date(input.now.getTime() - (i % 7) * DAY)),
        visitor: `demo-visitor-${index}-${i}`,
        createdAt: new Date(input.now.getTime() - (i % 7) * DAY),
      })),
    );
  }
}

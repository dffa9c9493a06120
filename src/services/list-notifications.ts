import { and, asc, count, desc, eq, gt, isNull, lt, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notification } from "~/db/schema";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface FeedItem {
  id: number;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export interface FeedPage {
  /** Newest first (spec §7: sorted by notificationId descending). */
  notifications: FeedItem[];
  /** Pass as `before` for the next, older page; null on the last page. */
  olderCursor: number | null;
  /** Pass as `after` for the previous, newer page; null on the newest page. */
  newerCursor: number | null;
  unreadCount: number;
  /** The person's newest notification id when the page was read: "Mark all as read" stops there. */
  latestId: number | null;
}

/**
 * One page of a person's feed. Pages are cut by id rather than offset, so a notice that arrives
 * while someone reads does not shift the next page and show an item twice.
 */
export async function listNotifications(
  db: Db,
  {
    userId,
    before,
    after,
    pageSize = NOTIFICATIONS_PAGE_SIZE,
  }: { userId: string; before?: number | null; after?: number | null; pageSize?: number },
): Promise<FeedPage> {
  const mine = eq(notification.userId, userId);
  const columns = {
    id: notification.id,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    createdAt: notification.createdAt,
    readAt: notification.readAt,
  };
  let rows: FeedItem[];
  if (after != null && before == null) {
    // Going back towards the newest: the page just above `after`, then shown newest first.
    rows = (
      await db
        .select(columns)
        .from(notification)
        .where(and(mine, gt(notification.id, after)))
        .orderBy(asc(notification.id))
        .limit(pageSize)
    ).reverse();
  } else {
    rows = await db
      .select(columns)
      .from(notification)
      .where(before != null ? and(mine, lt(notification.id, before)) : mine)
      .orderBy(desc(notification.id))
      .limit(pageSize);
  }
  const newest = rows[0]?.id;
  const oldest = rows.at(-1)?.id;
  const [hasNewer, hasOlder, unreadCount, latestId] = await Promise.all([
    newest !== undefined ? exists(db, and(mine, gt(notification.id, newest))!) : Promise.resolve(false),
    oldest !== undefined ? exists(db, and(mine, lt(notification.id, oldest))!) : Promise.resolve(false),
    countUnreadNotifications(db, userId),
    // On the newest page the first row is the latest; elsewhere ask.
    newest !== undefined && before == null && after == null
      ? Promise.resolve(newest)
      : latestNotificationId(db, userId),
  ]);
  return {
    notifications: rows,
    olderCursor: hasOlder ? oldest! : null,
    newerCursor: hasNewer ? newest! : null,
    unreadCount,
    latestId,
  };
}

async function latestNotificationId(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: notification.id })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.id))
    .limit(1);
  return row?.id ?? null;
}

/** For a badge beside "Notifications". */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
  return row?.n ?? 0;
}

async function exists(db: Db, where: SQL): Promise<boolean> {
  const rows = await db.select({ id: notification.id }).from(notification).where(where).limit(1);
  return rows.length > 0;
}

import { and, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notification } from "~/db/schema";

/** Marks one of the person's own notifications read; someone else's id changes nothing. Returns whether it changed. */
export async function markNotificationRead(
  db: Db,
  { userId, id, now }: { userId: string; id: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(notification)
    .set({ readAt: now })
    .where(and(eq(notification.id, id), eq(notification.userId, userId), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return rows.length > 0;
}

/**
 * Marks every unread notification read, up to the newest the person had on screen (`upToId`), so
 * one that arrived after the page loaded is not marked read unseen. Returns how many changed.
 */
export async function markAllNotificationsRead(
  db: Db,
  { userId, upToId, now }: { userId: string; upToId?: number | null; now: Date },
): Promise<number> {
  const rows = await db
    .update(notification)
    .set({ readAt: now })
    .where(
      and(
        eq(notification.userId, userId),
        isNull(notification.readAt),
        upToId != null ? lte(notification.id, upToId) : undefined,
      ),
    )
    .returning({ id: notification.id });
  return rows.length;
}

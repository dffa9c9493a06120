import type { Db } from "~/db/client.server";
import { notification } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { safeRedirect } from "~/lib/safe-redirect";

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;

/**
 * Puts a notice in a person's feed (/u/feed): a welcome at sign-up, a booking confirmed, a
 * waitlist place offered. The link, when there is one, must be a path on this site: the feed
 * renders it as a link, and a notice must never send someone elsewhere.
 */
export async function addNotification(
  db: Db,
  { userId, title, body = "", link = null }: { userId: string; title: string; body?: string; link?: string | null },
): Promise<{ id: number }> {
  const cleanTitle = title.trim();
  if (cleanTitle === "" || cleanTitle.length > NOTIFICATION_TITLE_MAX) {
    throw new AppError("validation_failed", `A notification title needs 1 to ${NOTIFICATION_TITLE_MAX} characters.`);
  }
  const cleanBody = body.trim();
  if (cleanBody.length > NOTIFICATION_BODY_MAX)
    throw new AppError("validation_failed", `A notification body has at most ${NOTIFICATION_BODY_MAX} characters.`);
  if (link !== null && safeRedirect(link, "") !== link)
    throw new AppError("validation_failed", "A notification link must be a path on this site.");
  const [row] = await db
    .insert(notification)
    .values({ userId, title: cleanTitle, body: cleanBody, link })
    .returning({ id: notification.id });
  return { id: row!.id };
}

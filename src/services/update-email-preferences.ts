import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/**
 * A person's email choices: marketing (spec §3 marketingEmailPreferences general and venues) and
 * the day-before reminders for everyone, and for hosts the hosting summaries
 * (notificationEmailPreferences.hosting).
 */
export const EMAIL_PREFERENCE_KEYS = [
  "marketingGeneral",
  "marketingVenues",
  "notifyEventReminders",
  "notifyEventSummaries",
  "notifyMonthlySummaries",
] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number];
export type EmailPreferences = Record<EmailPreferenceKey, boolean>;

/** Only hosts have events to be summarised. */
export const HOST_ONLY_PREFERENCES: readonly EmailPreferenceKey[] = ["notifyEventSummaries", "notifyMonthlySummaries"];

const columns = {
  userType: user.userType,
  marketingGeneral: user.marketingGeneral,
  marketingVenues: user.marketingVenues,
  notifyEventReminders: user.notifyEventReminders,
  notifyEventSummaries: user.notifyEventSummaries,
  notifyMonthlySummaries: user.notifyMonthlySummaries,
};

export async function getEmailPreferences(
  db: Db,
  userId: string,
): Promise<{ isHost: boolean; preferences: EmailPreferences }> {
  const [row] = await db
    .select(columns)
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row) throw new AppError("not_found");
  const { userType, ...preferences } = row;
  return { isHost: userType === "host", preferences };
}

/**
 * Saves what the person changed (spec §5: only write when the value changed). Values equal to
 * what is stored are dropped, and when nothing is left no UPDATE is issued at all, so the row,
 * its updatedAt and any concurrent change to another preference are left alone. Hosting
 * preferences sent for a buyer are ignored: they have no events to be summarised.
 */
export async function updateEmailPreferences(
  db: Db,
  { userId, changes, now }: { userId: string; changes: Partial<EmailPreferences>; now: Date },
): Promise<{ changed: EmailPreferenceKey[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(columns)
      .from(user)
      .where(and(eq(user.id, userId), isNull(user.deletedAt)))
      .for("update");
    if (!row) throw new AppError("not_found");
    const isHost = row.userType === "host";
    const diff: Partial<EmailPreferences> = {};
    for (const key of EMAIL_PREFERENCE_KEYS) {
      const wanted = changes[key];
      if (typeof wanted !== "boolean" || wanted === row[key]) continue;
      if (!isHost && HOST_ONLY_PREFERENCES.includes(key)) continue;
      diff[key] = wanted;
    }
    const changed = EMAIL_PREFERENCE_KEYS.filter((k) => k in diff);
    if (changed.length === 0) return { changed };
    await tx
      .update(user)
      .set({ ...diff, updatedAt: now })
      .where(eq(user.id, userId));
    return { changed };
  });
}

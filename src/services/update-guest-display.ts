import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/**
 * Whether a host's event pages list who is going (spec §3 preferences.showGuestsOnEventDetail).
 * Only hosts have event pages; for buyers the setting is 'Available for host only!' (spec §6).
 */
export async function getGuestDisplay(
  db: Db,
  userId: string,
): Promise<{ isHost: boolean; showGuestsOnEventDetail: boolean }> {
  const [row] = await db
    .select({ userType: user.userType, showGuestsOnEventDetail: user.showGuestsOnEventDetail })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row) throw new AppError("not_found");
  return { isHost: row.userType === "host", showGuestsOnEventDetail: row.showGuestsOnEventDetail };
}

/** Writes only when the value changed (spec §5); returns whether it did. */
export async function updateGuestDisplay(
  db: Db,
  { userId, show, now }: { userId: string; show: boolean; now: Date },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userType: user.userType, showGuestsOnEventDetail: user.showGuestsOnEventDetail })
      .from(user)
      .where(and(eq(user.id, userId), isNull(user.deletedAt)))
      .for("update");
    if (!row) throw new AppError("not_found");
    if (row.userType !== "host") throw new AppError("forbidden", "Displaying guests is for hosts only.");
    if (row.showGuestsOnEventDetail === show) return { changed: false };
    await tx.update(user).set({ showGuestsOnEventDetail: show, updatedAt: now }).where(eq(user.id, userId));
    return { changed: true };
  });
}

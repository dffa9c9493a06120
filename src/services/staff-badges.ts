import { and, asc, count, desc, eq, ilike, isNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { addNotification } from "./add-notification";
import { recordStaffAction, type StaffActor } from "./audit-log";
import { refuseIfAny } from "./field-errors";
import { asStaff, checkedText, pageOf, pageOffset, STAFF_PAGE_SIZE } from "./staff-actions";

/**
 * Verified badges (spec §6): hosts send support documents, staff check them and grant the badge
 * (`user.is_verified`), which shows beside the host's name across the site. Granting or removing it
 * needs a note saying why (what was checked), kept in the audit log; the host is told in their feed.
 */

export const BADGE_NOTE_LIMITS = { min: 3, max: 500 } as const;
export const HOST_SEARCH_MAX = 100;

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchHosts(db: Db, { q, page }: { q: string; page: number }) {
  const text = q.trim().slice(0, HOST_SEARCH_MAX);
  const pattern = likePattern(text);
  const where = and(
    eq(user.userType, "host"),
    isNull(user.deletedAt),
    text === ""
      ? undefined
      : or(
          ilike(user.name, pattern),
          ilike(user.email, pattern),
          ilike(user.hostTitle, pattern),
          ilike(user.username, pattern),
        ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        hostTitle: user.hostTitle,
        username: user.username,
        isVerified: user.isVerified,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.isVerified), asc(user.name), asc(user.id))
      .limit(STAFF_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { ...pageOf(rows, total?.n ?? 0, page), q: text };
}

export async function setVerifiedBadge(
  db: Db,
  actor: StaffActor,
  { hostId, verified, note }: { hostId: string; verified: boolean; note: unknown },
): Promise<void> {
  const checked = checkedText("note", note, { ...BADGE_NOTE_LIMITS, multiline: true });
  refuseIfAny({ note: checked.error });
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ isVerified: verified })
      .where(and(eq(user.id, hostId), eq(user.userType, "host"), isNull(user.deletedAt)))
      .returning({ name: user.name, hostTitle: user.hostTitle });
    if (!row) throw new AppError("not_found");
    const who = row.hostTitle ? `${row.hostTitle} (${row.name})` : row.name;
    await recordStaffAction(tx, actor, {
      action: verified ? "badge.grant" : "badge.remove",
      subjectType: "user",
      subjectId: hostId,
      summary: verified
        ? `Granted the verified badge to ${who}: ${checked.value}`
        : `Removed the verified badge from ${who}: ${checked.value}`,
      details: { note: checked.value },
    });
    await addNotification(tx, {
      userId: hostId,
      title: verified ? "You're verified" : "Your verified badge has been removed",
      body: verified
        ? "Our team checked your documents: the verified badge now shows beside your name across Ticketyboo."
        : "Your verified badge no longer shows. Contact support if you think this is a mistake.",
      link: "/h/onlineprofile",
    });
  });
}

import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, emailMessage, feedback, notification, session, ticketTransfer, user, verification, waitlistEntry } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { releaseHoldsAndOffer } from "./waitlist-offers";

export const DELETED_NAME = "Deleted user";

/** The address a deleted account keeps: unique, and at a domain that can never receive mail (RFC 2606). */
export const deletedEmail = (userId: string) => `deleted+${userId}@deleted.ticketyboo.invalid`;

/**
 * A buyer leaves (spec §6: hosts cannot). Their personal data is erased or anonymised in one
 * transaction; the user row stays, nameless, so the orders hosts keep for their records still
 * point somewhere. Returns the storage keys of their images for the caller to remove after commit.
 */
export async function deleteBuyerAccount(db: Db, { userId, now }: { userId: string; now: Date }): Promise<{ imageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const [person] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!person || person.deletedAt) throw new AppError("not_found");
    if (person.userType === "host") throw new AppError("forbidden", "Hosts can't delete their account here. Please contact support.");

    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(notification).where(eq(notification.userId, userId));
    await tx.delete(emailMessage).where(or(eq(emailMessage.userId, userId), eq(emailMessage.toAddress, person.email)));
    // Pending password-reset tokens name the user in their value.
    await tx.delete(verification).where(or(eq(verification.identifier, person.email), eq(verification.value, userId)));
    // Off every waitlist; places held for them go back, to the next in line.
    const leaving = await tx
      .update(waitlistEntry)
      .set({ status: "left", updatedAt: now })
      .where(and(eq(waitlistEntry.userId, userId), inArray(waitlistEntry.status, ["waiting", "offered"])))
      .returning({ holdId: waitlistEntry.holdId });
    const holds = leaving.flatMap((l) => (l.holdId ? [l.holdId] : []));
    if (holds.length > 0) await releaseHoldsAndOffer(tx, { now, holdIds: holds, as: "released" });
    // Transfers they sent and nobody claimed are called off.
    await tx.update(ticketTransfer).set({ status: "cancelled", decidedAt: now }).where(and(eq(ticketTransfer.fromUserId, userId), eq(ticketTransfer.status, "pending")));
    // What they told us stays for the team, but no longer says who they were.
    await tx.update(feedback).set({ userId: null, name: DELETED_NAME, email: "" }).where(eq(feedback.userId, userId));
    await tx
      .update(user)
      .set({
        name: DELETED_NAME,
        email: deletedEmail(userId),
        emailVerified: false,
        image: null,
        coverImage: null,
        firstName: null,
        lastName: null,
        username: null,
        phone: null,
        bio: null,
        marketingGeneral: false,
        marketingVenues: false,
        notifyEventReminders: false,
        waitlistRequest: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(user.id, userId)));
    return { imageKeys: [person.image, person.coverImage].filter((k): k is string => Boolean(k)).map(storageKeyOf).filter((k): k is string => k !== null) };
  });
}

/** Images are stored by key and shown at /media/<key>; the user row keeps the public path. */
function storageKeyOf(pathOrKey: string): string | null {
  if (pathOrKey.startsWith("/media/")) return pathOrKey.slice("/media/".length);
  if (/^https?:/.test(pathOrKey)) return null;
  return pathOrKey;
}

import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  account,
  emailMessage,
  event,
  feedback,
  guestDisplayConsent,
  hold,
  hostFollow,
  notification,
  session,
  submittedEvent,
  ticketTransfer,
  user,
  verification,
  waitlistEntry,
} from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { emailChangeRecordsOf } from "./email-change";
import { ownedImageKey } from "./process-image-upload";
import { releaseHoldsAndOffer } from "./waitlist-offers";

export const DELETED_NAME = "Deleted user";

const HOST_CANNOT_DELETE = "Hosts can't delete their account here. Please contact support.";

/** The address a deleted account keeps: unique, and at a domain that can never receive mail (RFC 2606). */
export const deletedEmail = (userId: string) => `deleted+${userId}@deleted.ticketyboo.invalid`;

/**
 * A buyer leaves (spec §6: hosts cannot, nor anyone with events that are not deleted). Their personal data is erased or
 * anonymised in one
 * transaction; the user row stays, nameless, so the orders hosts keep for their records still
 * point somewhere. Returns the storage keys of their images for the caller to remove after commit.
 */
export async function deleteBuyerAccount(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<{ imageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const [person] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!person || person.deletedAt) throw new AppError("not_found");
    // The role as stored, and the events themselves: anyone who runs an event (whatever their
    // account says they are) has buyers to answer to, so the account stays until support closes it.
    if (person.userType === "host") throw new AppError("forbidden", HOST_CANNOT_DELETE);
    const [hosted] = await tx
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.hostId, userId), ne(event.status, "deleted")))
      .limit(1);
    if (hosted) throw new AppError("forbidden", HOST_CANNOT_DELETE, { reason: "hosts_events" });

    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(notification).where(eq(notification.userId, userId));
    await tx.delete(emailMessage).where(or(eq(emailMessage.userId, userId), eq(emailMessage.toAddress, person.email)));
    // Pending password-reset tokens name the user in their value.
    await tx
      .delete(verification)
      .where(
        or(eq(verification.identifier, person.email), eq(verification.value, userId), emailChangeRecordsOf(userId)),
      );
    // Off every waitlist; places held for them go back, to the next in line.
    const leaving = await tx
      .update(waitlistEntry)
      .set({ status: "left", updatedAt: now })
      .where(and(eq(waitlistEntry.userId, userId), inArray(waitlistEntry.status, ["waiting", "offered"])))
      .returning({ holdId: waitlistEntry.holdId });
    const holds = leaving.flatMap((l) => (l.holdId ? [l.holdId] : []));
    if (holds.length > 0) await releaseHoldsAndOffer(tx, { now, holdIds: holds, as: "released" });
    // Transfers they sent and nobody claimed are called off.
    await tx
      .update(ticketTransfer)
      .set({ status: "cancelled", decidedAt: now })
      .where(and(eq(ticketTransfer.fromUserId, userId), eq(ticketTransfer.status, "pending")));
    // No longer shown as going anywhere (decision 0037), nor counted among any host's followers.
    await tx.delete(guestDisplayConsent).where(eq(guestDisplayConsent.userId, userId));
    await tx.delete(hostFollow).where(eq(hostFollow.userId, userId));
    // Access needs go with the profile, and from any checkout of theirs that copied them. An order's
    // snapshot stays: they chose to give it to that host, whose record of the order it is.
    await tx.update(hold).set({ accessNeeds: null }).where(eq(hold.userId, userId));
    // What they told us stays for the team, but no longer says who they were.
    await tx.update(feedback).set({ userId: null, name: DELETED_NAME, email: "" }).where(eq(feedback.userId, userId));
    await tx.update(submittedEvent).set({ userId: null, email: null }).where(eq(submittedEvent.userId, userId));
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
        accessNeeds: null,
        marketingGeneral: false,
        marketingVenues: false,
        notifyEventReminders: false,
        waitlistRequest: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(user.id, userId)));
    // Only files they uploaded themselves: the image fields say what was shown, not whose file it is.
    return {
      imageKeys: [person.image, person.coverImage]
        .map((url) => ownedImageKey(url, userId))
        .filter((k): k is string => k !== null),
    };
  });
}

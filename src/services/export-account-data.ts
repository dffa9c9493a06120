import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailMessage, feedback, notification, session, user } from "~/db/schema";
import { accessNeedsForReading } from "~/domain/access-needs";
import { AppError } from "~/lib/app-error";
import { exportBookings } from "./export-bookings";
import { followsOf } from "./host-follows";
import { shownAsGoingOn } from "./whos-going";

/**
 * Everything we hold about a person, as they would want to read it (UK GDPR Art. 15 and 20):
 * their profile and preferences, where they are signed in, what they told us, what we sent them,
 * their notifications, and their bookings (orders, tickets, tickets passed on, waitlists).
 */
export async function exportAccountData(db: Db, { userId, now }: { userId: string; now: Date }) {
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person || person.deletedAt) throw new AppError("not_found");
  const [sessions, messagesFromThem, emails, notifications, shownAsGoing, following, bookings] = await Promise.all([
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    db
      .select({
        kind: feedback.kind,
        subject: feedback.subject,
        message: feedback.message,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(desc(feedback.createdAt)),
    db
      .select({
        to: emailMessage.toAddress,
        subject: emailMessage.subject,
        status: emailMessage.status,
        createdAt: emailMessage.createdAt,
        sentAt: emailMessage.sentAt,
      })
      .from(emailMessage)
      .where(eq(emailMessage.userId, userId))
      .orderBy(desc(emailMessage.createdAt)),
    db
      .select({
        title: notification.title,
        body: notification.body,
        link: notification.link,
        readAt: notification.readAt,
        createdAt: notification.createdAt,
      })
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.id)),
    shownAsGoingOn(db, userId),
    followsOf(db, userId),
    exportBookings(db, userId),
  ]);
  return {
    exportedAt: now.toISOString(),
    about: "Everything Ticketyboo holds about your account. Times are UTC (ISO 8601).",
    profile: {
      id: person.id,
      email: person.email,
      emailVerified: person.emailVerified,
      userType: person.userType,
      firstName: person.firstName,
      lastName: person.lastName,
      username: person.username,
      hostTitle: person.hostTitle,
      phone: person.phone,
      bio: person.bio,
      profileImage: person.image,
      coverImage: person.coverImage,
      signUpDate: person.createdAt.toISOString(),
      /** When they agreed to the terms of use at sign-up, and which terms (their 'Last updated' day). */
      termsAgreedAt: person.termsAcceptedAt?.toISOString() ?? null,
      termsVersion: person.termsVersion,
      updatedAt: person.updatedAt.toISOString(),
    },
    accessNeeds: accessNeedsForReading(person.accessNeeds),
    preferences: {
      marketingEmails: { general: person.marketingGeneral, venues: person.marketingVenues },
      hostingNotifications: {
        individualEventSummaries: person.notifyEventSummaries,
        monthlyEventSummaries: person.notifyMonthlySummaries,
      },
      showGuestsOnEventDetail: person.showGuestsOnEventDetail,
    },
    /** Events whose "Who's going" may show their first name and photo, as they agreed (decision 0037). */
    shownAsGoing: shownAsGoing.map((s) => ({
      eventId: s.eventId,
      event: s.eventName,
      agreedAt: s.agreedAt.toISOString(),
    })),
    /** The hosts they follow, whose next events their dashboard shows. */
    following,
    sessions,
    messagesToUs: messagesFromThem,
    emailsSent: emails,
    notifications,
    ...bookings,
  };
}

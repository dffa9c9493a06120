import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import type { BrandColors, SocialLinks } from "~/domain/host-profile";
import { usernameProblem } from "~/domain/profile-rules";
import { type EventCardData, pageEvents } from "./discover-events";
import { getPublicProfile, type PublicProfile } from "./get-public-profile";
import { followerCount, isFollowing } from "./host-follows";
import { publicHostExtras } from "./host-online-profile";

/** Events per page of a host's booking page: upcoming, and past (older ones matter less). */
export const HOST_PAGE_UPCOMING = 12;
export const HOST_PAGE_PAST = 6;

export interface HostPage {
  profile: PublicProfile;
  socialLinks: SocialLinks;
  colors: BrandColors;
  followers: number;
  /** Whether the signed-in viewer follows the host; null when signed out. */
  viewerFollows: boolean | null;
  upcoming: { events: EventCardData[]; total: number; page: number; pageCount: number };
  past: { events: EventCardData[]; total: number; page: number; pageCount: number };
}

/** The id of the host with this username, or null: unknown names, buyers and deleted accounts alike. */
async function hostIdByUsername(db: Db, username: string): Promise<string | null> {
  // A name that could never be a username is not looked up (a stray /favicon.ico, a path of junk).
  if (usernameProblem(username) !== null) return null;
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.username, username), eq(user.userType, "host"), isNull(user.deletedAt)));
  return row?.id ?? null;
}

/**
 * A host's public booking page by username (spec §2 `/{username}`): their profile, brand colours and
 * links, follower count (and whether the viewer follows), and a page each of upcoming events (soonest
 * first) and past ones (latest first), under the listing rule. Null when no host has this username.
 */
export async function getHostPage(
  db: Db,
  input: { username: string; viewerId: string | null; now: Date; upcomingPage: number; pastPage: number },
): Promise<HostPage | null> {
  const hostId = await hostIdByUsername(db, input.username);
  if (!hostId) return null;
  const { now } = input;
  const [profile, extras, followers, viewerFollows, upcoming, past] = await Promise.all([
    getPublicProfile(db, hostId),
    publicHostExtras(db, hostId),
    followerCount(db, hostId),
    input.viewerId ? isFollowing(db, { userId: input.viewerId, hostId }) : null,
    pageEvents(db, {
      now,
      scope: "upcoming",
      sort: "date",
      hostId,
      limit: HOST_PAGE_UPCOMING,
      offset: (input.upcomingPage - 1) * HOST_PAGE_UPCOMING,
    }),
    pageEvents(db, {
      now,
      scope: "past",
      sort: "date",
      hostId,
      limit: HOST_PAGE_PAST,
      offset: (input.pastPage - 1) * HOST_PAGE_PAST,
    }),
  ]);
  if (!profile) return null;
  const paged = (found: { events: EventCardData[]; total: number }, page: number, size: number) => ({
    ...found,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / size)),
  });
  return {
    profile,
    socialLinks: extras.socialLinks,
    colors: extras.colors,
    followers,
    viewerFollows,
    upcoming: paged(upcoming, input.upcomingPage, HOST_PAGE_UPCOMING),
    past: paged(past, input.pastPage, HOST_PAGE_PAST),
  };
}

import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hostFollow, user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { personName } from "~/lib/person-name";
import { messages } from "~/texts/messages";
import { type EventCardData, listEvents } from "./discover-events";
import type { Throttle } from "./throttle";

const HOUR = 60 * 60_000;

/**
 * How often a person may follow or unfollow: nobody needs more to follow the hosts they like, and
 * each post writes a row, so a script toggling a button can't flood the table. Per address too, for
 * scripts that sign in as many people.
 */
export const FOLLOW_LIMITS = {
  byPerson: { limit: 60, windowMs: HOUR },
  byAddress: { limit: 300, windowMs: HOUR },
} as const;

export const CANNOT_FOLLOW_YOURSELF = "You can't follow yourself.";

/** Who is asking, from where, and the shared counters that limit them. */
export interface FollowGuard {
  throttle: Throttle;
  ip: string;
}

/** A host as the follower sees them in their list: a name, a face and where their page is. */
export interface FollowedHost {
  id: string;
  displayName: string;
  username: string | null;
  image: string | null;
  isVerified: boolean;
  followedAt: Date;
}

/** A host that is still one: a host account that has not been deleted. */
const isLiveHost = and(eq(user.userType, "host"), isNull(user.deletedAt));

async function countFollow(guard: FollowGuard, userId: string, now: Date): Promise<void> {
  for (const [key, rule] of [
    [`follow:person:${userId}`, FOLLOW_LIMITS.byPerson],
    [`follow:ip:${guard.ip}`, FOLLOW_LIMITS.byAddress],
  ] as const) {
    const result = await guard.throttle.hit(key, rule, now);
    if (!result.allowed)
      throw new AppError("rate_limited", messages.auth.tryAgainLater, { retryAfterMs: result.retryAfterMs });
  }
}

/**
 * A signed-in person follows a host, or stops (the Follow button on /{username}, Unfollow in their
 * list). Only a host can be followed, never oneself; saying the same twice changes nothing. Counted
 * against the person and their address before anything is written. Answers the new state and the
 * host's follower count, for the button to show.
 */
export async function setFollowing(
  db: Db,
  input: { userId: string; hostId: string; follow: boolean; now: Date },
  guard: FollowGuard,
): Promise<{ following: boolean; followers: number }> {
  const { userId, hostId, follow, now } = input;
  if (follow && userId === hostId) throw new AppError("conflict", CANNOT_FOLLOW_YOURSELF);
  await countFollow(guard, userId, now);
  if (!follow) {
    await db.delete(hostFollow).where(and(eq(hostFollow.userId, userId), eq(hostFollow.hostId, hostId)));
    return { following: false, followers: await followerCount(db, hostId) };
  }
  // One statement: the row is written only if, as it is written, the account is a live host.
  await db
    .insert(hostFollow)
    .select(
      db
        .select({
          userId: sql<string>`${userId}`.as("user_id"),
          hostId: user.id,
          createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as("created_at"),
        })
        .from(user)
        .where(and(eq(user.id, hostId), isLiveHost)),
    )
    .onConflictDoNothing();
  if (!(await isFollowing(db, { userId, hostId }))) throw new AppError("not_found");
  return { following: true, followers: await followerCount(db, hostId) };
}

/** Whether this person follows this host. */
export async function isFollowing(db: Db, { userId, hostId }: { userId: string; hostId: string }): Promise<boolean> {
  const [row] = await db
    .select({ hostId: hostFollow.hostId })
    .from(hostFollow)
    .where(and(eq(hostFollow.userId, userId), eq(hostFollow.hostId, hostId)));
  return Boolean(row);
}

/** How many people follow a host (deleted accounts' follows are gone with them). */
export async function followerCount(db: Db, hostId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(hostFollow).where(eq(hostFollow.hostId, hostId));
  return Number(row?.n ?? 0);
}

/** The hosts a person follows, most recently followed first, from the row `offset` on (all of them without `limit`). */
async function followedHosts(
  db: Db,
  userId: string,
  page?: { limit: number; offset: number },
): Promise<FollowedHost[]> {
  const query = db
    .select({
      id: user.id,
      hostTitle: user.hostTitle,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      username: user.username,
      image: user.image,
      isVerified: user.isVerified,
      followedAt: hostFollow.createdAt,
    })
    .from(hostFollow)
    .innerJoin(user, eq(user.id, hostFollow.hostId))
    .where(and(eq(hostFollow.userId, userId), isLiveHost))
    .orderBy(desc(hostFollow.createdAt), asc(hostFollow.hostId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((r) => ({
    id: r.id,
    displayName: r.hostTitle || personName(r),
    username: r.username,
    image: r.image,
    isVerified: r.isVerified,
    followedAt: r.followedAt,
  }));
}

/** How many hosts a person follows (hosts that are still hosts). */
async function followedHostCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hostFollow)
    .innerJoin(user, eq(user.id, hostFollow.hostId))
    .where(and(eq(hostFollow.userId, userId), isLiveHost));
  return Number(row?.n ?? 0);
}

/** A page of the hosts a person follows (their settings' list), and how many in all. */
export async function listFollowedHosts(
  db: Db,
  { userId, limit, offset }: { userId: string; limit: number; offset: number },
): Promise<{ hosts: FollowedHost[]; total: number }> {
  const [hosts, total] = await Promise.all([
    followedHosts(db, userId, { limit, offset }),
    followedHostCount(db, userId),
  ]);
  return { hosts, total };
}

/**
 * The buyer dashboard's "From hosts you follow": the next events of every host they follow, soonest
 * first, under the listing rule (nothing private, draft or cancelled), and how many hosts they follow.
 */
export async function followingOnDashboard(
  db: Db,
  { userId, now, limit }: { userId: string; now: Date; limit: number },
): Promise<{ events: EventCardData[]; hostCount: number }> {
  const [events, hostCount] = await Promise.all([
    listEvents(db, { now, scope: "upcoming", sort: "date", followedBy: userId, limit }),
    followedHostCount(db, userId),
  ]);
  return { events, hostCount };
}

/** Every host a person follows, for their data export: who and since when. */
export async function followsOf(db: Db, userId: string) {
  const hosts = await followedHosts(db, userId);
  return hosts.map((h) => ({ hostId: h.id, host: h.displayName, followedAt: h.followedAt.toISOString() }));
}

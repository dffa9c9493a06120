import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hostFollow, user } from "~/db/schema";
import { createEvent, createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { deleteBuyerAccount } from "./delete-account";
import { exportAccountData } from "./export-account-data";
import { getHostPage, HOST_PAGE_PAST, HOST_PAGE_UPCOMING } from "./get-host-page";
import {
  CANNOT_FOLLOW_YOURSELF,
  FOLLOW_LIMITS,
  followerCount,
  followingOnDashboard,
  listFollowedHosts,
  setFollowing,
} from "./host-follows";
import { createDbThrottle } from "./throttle";

const now = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A fresh counter per test (its own address), so one test's posts never count against another's. */
const guard = () => ({ throttle: createDbThrottle(database.db, { cleanupProbability: 0 }), ip: randomUUID() });
const follow = (userId: string, hostId: string, yes = true, g = guard()) =>
  setFollowing(database.db, { userId, hostId, follow: yes, now }, g);

async function refusal(work: Promise<unknown>) {
  return work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );
}

/** A host with a username of its own (a fresh one per call). */
const newHost = (overrides: Partial<typeof user.$inferInsert> = {}) =>
  createHost(database.db, { username: `host-${randomUUID().slice(0, 8)}`, ...overrides });

describe("setFollowing", () => {
  it("follows and unfollows a host; saying the same twice changes nothing", async () => {
    const host = await newHost();
    const bea = await createBuyer(database.db);
    expect(await follow(bea.id, host.id)).toEqual({ following: true, followers: 1 });
    expect(await follow(bea.id, host.id)).toEqual({ following: true, followers: 1 });
    const femi = await createBuyer(database.db, "Femi Friend");
    expect(await follow(femi.id, host.id)).toEqual({ following: true, followers: 2 });

    expect(await follow(bea.id, host.id, false)).toEqual({ following: false, followers: 1 });
    expect(await follow(bea.id, host.id, false)).toEqual({ following: false, followers: 1 });
    const rows = await database.db.select().from(hostFollow).where(eq(hostFollow.hostId, host.id));
    expect(rows.map((r) => r.userId)).toEqual([femi.id]);
    expect(rows[0]!.createdAt).toEqual(now);
  });

  it("refuses to follow yourself, a buyer, an unknown account or a deleted host, writing nothing", async () => {
    const host = await newHost();
    const buyer = await createBuyer(database.db);
    expect(await refusal(follow(host.id, host.id))).toEqual({ code: "conflict", message: CANNOT_FOLLOW_YOURSELF });
    expect((await refusal(follow(host.id, buyer.id))).code).toBe("not_found");
    expect((await refusal(follow(buyer.id, "no-such-account"))).code).toBe("not_found");
    const gone = await newHost({ deletedAt: now });
    expect((await refusal(follow(buyer.id, gone.id))).code).toBe("not_found");
    const written = await database.db.select().from(hostFollow).where(eq(hostFollow.userId, buyer.id));
    expect(written).toEqual([]);
    expect(await followerCount(database.db, host.id)).toBe(0);
  });

  it("the database refuses a row following oneself whatever the code does", async () => {
    const host = await newHost();
    await expect(database.db.insert(hostFollow).values({ userId: host.id, hostId: host.id })).rejects.toThrow();
  });

  it("counts follows and unfollows per person: past the limit nothing is written until the window passes", async () => {
    const buyer = await createBuyer(database.db);
    const hosts = await Promise.all([newHost(), newHost()]);
    const g = guard();
    for (let i = 0; i < FOLLOW_LIMITS.byPerson.limit; i++) await follow(buyer.id, hosts[0]!.id, i % 2 === 0, g);
    // Another address changes nothing: the limit is the person's.
    const over = await refusal(follow(buyer.id, hosts[1]!.id, true, guard()));
    expect(over.code).toBe("rate_limited");
    expect(await followerCount(database.db, hosts[1]!.id)).toBe(0);
    const later = new Date(now.getTime() + FOLLOW_LIMITS.byPerson.windowMs);
    await setFollowing(database.db, { userId: buyer.id, hostId: hosts[1]!.id, follow: true, now: later }, guard());
    expect(await followerCount(database.db, hosts[1]!.id)).toBe(1);
  });

  it("counts posts per address too, across people", async () => {
    const host = await newHost();
    const g = guard();
    const throttle = g.throttle;
    // The address has already sent all it may this hour.
    for (let i = 0; i < FOLLOW_LIMITS.byAddress.limit; i++)
      await throttle.hit(`follow:ip:${g.ip}`, FOLLOW_LIMITS.byAddress, now);
    const buyer = await createBuyer(database.db);
    expect((await refusal(follow(buyer.id, host.id, true, g))).code).toBe("rate_limited");
    expect(await followerCount(database.db, host.id)).toBe(0);
  });
});

describe("followingOnDashboard", () => {
  it("shows the next public events of the hosts a person follows, soonest first, and how many hosts", async () => {
    const db = database.db;
    const followed = await newHost({ hostTitle: "The Crown Collective" });
    const other = await newHost({ hostTitle: "Northern Sparks" });
    const buyer = await createBuyer(db);
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    const later = await createEvent(db, { hostId: followed.id, startsAt: at(9), name: "Quiz Night" });
    const sooner = await createEvent(db, { hostId: followed.id, startsAt: at(2), name: "Folk Night" });
    await createEvent(db, { hostId: followed.id, startsAt: at(-3), name: "Last Week's Gig" });
    await createEvent(db, { hostId: followed.id, startsAt: at(4), name: "Secret Show", isPrivate: true });
    await createEvent(db, { hostId: followed.id, startsAt: at(5), name: "Draft", status: "draft" });
    await createEvent(db, { hostId: followed.id, startsAt: at(6), name: "Called Off", isCancelled: true });
    await createEvent(db, { hostId: other.id, startsAt: at(1), name: "Not Followed" });

    expect(await followingOnDashboard(db, { userId: buyer.id, now, limit: 6 })).toEqual({ events: [], hostCount: 0 });
    await follow(buyer.id, followed.id);
    const shown = await followingOnDashboard(db, { userId: buyer.id, now, limit: 6 });
    expect(shown.hostCount).toBe(1);
    expect(shown.events.map((e) => e.id)).toEqual([sooner.id, later.id]);
    expect(shown.events[0]!.host).toMatchObject({ id: followed.id, title: "The Crown Collective" });
    expect((await followingOnDashboard(db, { userId: buyer.id, now, limit: 1 })).events.map((e) => e.id)).toEqual([
      sooner.id,
    ]);

    await follow(buyer.id, followed.id, false);
    expect(await followingOnDashboard(db, { userId: buyer.id, now, limit: 6 })).toEqual({ events: [], hostCount: 0 });
  });
});

describe("listFollowedHosts", () => {
  it("lists the hosts a person follows, latest first, a page at a time, leaving out deleted ones", async () => {
    const db = database.db;
    const buyer = await createBuyer(db);
    const hosts = [];
    for (let i = 0; i < 3; i++) {
      const host = await newHost({ hostTitle: `Host ${i}`, isVerified: i === 0 });
      await setFollowing(
        db,
        { userId: buyer.id, hostId: host.id, follow: true, now: new Date(now.getTime() + i) },
        guard(),
      );
      hosts.push(host);
    }
    const first = await listFollowedHosts(db, { userId: buyer.id, limit: 2, offset: 0 });
    expect(first.total).toBe(3);
    expect(first.hosts.map((h) => h.displayName)).toEqual(["Host 2", "Host 1"]);
    const second = await listFollowedHosts(db, { userId: buyer.id, limit: 2, offset: 2 });
    expect(second.hosts).toEqual([
      {
        id: hosts[0]!.id,
        displayName: "Host 0",
        username: hosts[0]!.username,
        image: null,
        isVerified: true,
        followedAt: now,
      },
    ]);
    await db.update(user).set({ deletedAt: now }).where(eq(user.id, hosts[1]!.id));
    expect(
      (await listFollowedHosts(db, { userId: buyer.id, limit: 10, offset: 0 })).hosts.map((h) => h.displayName),
    ).toEqual(["Host 2", "Host 0"]);
  });
});

describe("a follower's account", () => {
  it("lists its follows in the data export and loses them when deleted", async () => {
    const db = database.db;
    const host = await newHost({ hostTitle: "The Crown Collective" });
    const buyer = await createBuyer(db);
    await follow(buyer.id, host.id);
    const exported = await exportAccountData(db, { userId: buyer.id, now });
    expect(exported.following).toEqual([
      { hostId: host.id, host: "The Crown Collective", followedAt: now.toISOString() },
    ]);
    await deleteBuyerAccount(db, { userId: buyer.id, now });
    expect(await db.select().from(hostFollow).where(eq(hostFollow.userId, buyer.id))).toEqual([]);
    expect(await followerCount(db, host.id)).toBe(0);
  });
});

describe("getHostPage", () => {
  const page = (username: string, viewerId: string | null = null, pages = { upcomingPage: 1, pastPage: 1 }) =>
    getHostPage(database.db, { username, viewerId, now, ...pages });

  it("is a host's page by username, and nothing for buyers, deleted hosts, unknown and impossible names", async () => {
    const db = database.db;
    const host = await newHost({ hostTitle: "The Crown Collective", isVerified: true });
    const found = await page(host.username!);
    expect(found?.profile).toMatchObject({ id: host.id, displayName: "The Crown Collective", isVerified: true });
    expect(found).toMatchObject({ followers: 0, viewerFollows: null });

    const buyer = await createBuyer(db);
    await db
      .update(user)
      .set({ username: `buyer-${buyer.id.slice(0, 8)}` })
      .where(eq(user.id, buyer.id));
    expect(await page(`buyer-${buyer.id.slice(0, 8)}`)).toBeNull();
    const gone = await newHost({ deletedAt: now });
    expect(await page(gone.username!)).toBeNull();
    expect(await page("nobody-by-this-name")).toBeNull();
    expect(await page("favicon.ico")).toBeNull();
    expect(await page("explore")).toBeNull();
  });

  it("says if the viewer follows, and splits upcoming (soonest first) from past (latest first), paged", async () => {
    const db = database.db;
    const host = await newHost();
    const buyer = await createBuyer(db);
    await follow(buyer.id, host.id);
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    for (let i = 1; i <= HOST_PAGE_UPCOMING + 1; i++)
      await createEvent(db, { hostId: host.id, startsAt: at(i), name: `Upcoming ${i}` });
    for (let i = 1; i <= HOST_PAGE_PAST + 1; i++)
      await createEvent(db, { hostId: host.id, startsAt: at(-i), name: `Past ${i}` });
    await createEvent(db, { hostId: host.id, startsAt: at(3), name: "Private", isPrivate: true });

    const first = (await page(host.username!, buyer.id))!;
    expect(first).toMatchObject({ followers: 1, viewerFollows: true });
    expect(first.upcoming).toMatchObject({ total: HOST_PAGE_UPCOMING + 1, page: 1, pageCount: 2 });
    expect(first.upcoming.events.map((e) => e.name).slice(0, 2)).toEqual(["Upcoming 1", "Upcoming 2"]);
    expect(first.past).toMatchObject({ total: HOST_PAGE_PAST + 1, pageCount: 2 });
    expect(first.past.events.map((e) => e.name).slice(0, 2)).toEqual(["Past 1", "Past 2"]);

    const second = (await page(host.username!, null, { upcomingPage: 2, pastPage: 2 }))!;
    expect(second.upcoming.events.map((e) => e.name)).toEqual([`Upcoming ${HOST_PAGE_UPCOMING + 1}`]);
    expect(second.past.events.map((e) => e.name)).toEqual([`Past ${HOST_PAGE_PAST + 1}`]);
    expect(second.viewerFollows).toBeNull();
  });
});

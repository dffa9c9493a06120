import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { notification } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import { addNotification } from "./add-notification";
import { countUnreadNotifications, listNotifications } from "./list-notifications";
import { markAllNotificationsRead, markNotificationRead } from "./mark-notifications-read";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = new Date("2026-11-23T12:00:00Z");

async function readAt(id: number) {
  const [row] = await database.db
    .select({ readAt: notification.readAt })
    .from(notification)
    .where(eq(notification.id, id));
  return row!.readAt;
}

describe("addNotification", () => {
  it("adds a notice to the person's feed", async () => {
    const person = await createUser(database.db);
    const { id } = await addNotification(database.db, {
      userId: person.id,
      title: " Welcome to Ticketyboo ",
      body: "Find something on tonight.",
      link: "/explore",
    });
    const page = await listNotifications(database.db, { userId: person.id });
    expect(page.notifications).toEqual([
      {
        id,
        title: "Welcome to Ticketyboo",
        body: "Find something on tonight.",
        link: "/explore",
        createdAt: expect.any(Date),
        readAt: null,
      },
    ]);
    expect(page).toMatchObject({ olderCursor: null, newerCursor: null, unreadCount: 1, latestId: id });
  });

  it("takes only links within the site, and needs a title", async () => {
    const person = await createUser(database.db);
    for (const link of ["https://evil.example/", "//evil.example", "javascript:alert(1)", "/\\evil.example"]) {
      await expect(addNotification(database.db, { userId: person.id, title: "Hi", link })).rejects.toMatchObject({
        code: "validation_failed",
      });
    }
    await expect(addNotification(database.db, { userId: person.id, title: "   " })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect((await listNotifications(database.db, { userId: person.id })).notifications).toEqual([]);
  });
});

describe("listNotifications", () => {
  it("pages newest first by id, 20 at a time, and back again, never showing anyone else's", async () => {
    const me = await createUser(database.db);
    const neighbour = await createUser(database.db);
    const mine: number[] = [];
    for (let i = 1; i <= 45; i++) {
      mine.push((await addNotification(database.db, { userId: me.id, title: `Notice ${i}` })).id);
      // Someone else's notices fall between mine, so my ids are not consecutive.
      if (i % 3 === 0) await addNotification(database.db, { userId: neighbour.id, title: `Not yours ${i}` });
    }
    const titles = (p: { notifications: { title: string }[] }) => p.notifications.map((n) => n.title);
    const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => `Notice ${from - k}`);

    const first = await listNotifications(database.db, { userId: me.id });
    expect(titles(first)).toEqual(range(45, 26));
    expect(first.newerCursor).toBeNull();
    expect(first.olderCursor).toBe(mine[25]);
    expect(first.unreadCount).toBe(45);

    const second = await listNotifications(database.db, { userId: me.id, before: first.olderCursor });
    expect(titles(second)).toEqual(range(25, 6));
    const third = await listNotifications(database.db, { userId: me.id, before: second.olderCursor });
    expect(titles(third)).toEqual(range(5, 1));
    expect(third.olderCursor).toBeNull();
    expect(third.latestId).toBe(mine[44]);

    const backToSecond = await listNotifications(database.db, { userId: me.id, after: third.newerCursor });
    expect(titles(backToSecond)).toEqual(range(25, 6));
    const backToFirst = await listNotifications(database.db, { userId: me.id, after: backToSecond.newerCursor });
    expect(titles(backToFirst)).toEqual(range(45, 26));
    expect(backToFirst.newerCursor).toBeNull();

    const theirs = await listNotifications(database.db, { userId: neighbour.id });
    expect(theirs.notifications.every((n) => n.title.startsWith("Not yours"))).toBe(true);
    expect(theirs.unreadCount).toBe(15);
  });

  it("orders by the notification number, not by the time stamp", async () => {
    const person = await createUser(database.db);
    await database.db
      .insert(notification)
      .values({ userId: person.id, title: "Lower number, later time", createdAt: new Date("2026-11-20T00:00:00Z") });
    await database.db
      .insert(notification)
      .values({ userId: person.id, title: "Higher number, earlier time", createdAt: new Date("2026-11-01T00:00:00Z") });
    const page = await listNotifications(database.db, { userId: person.id });
    expect(page.notifications.map((n) => n.title)).toEqual(["Higher number, earlier time", "Lower number, later time"]);
  });

  it("is empty for a person with no notices", async () => {
    const person = await createUser(database.db);
    expect(await listNotifications(database.db, { userId: person.id })).toEqual({
      notifications: [],
      olderCursor: null,
      newerCursor: null,
      unreadCount: 0,
      latestId: null,
    });
  });
});

describe("marking notifications read", () => {
  it("marks one of the person's own, and never someone else's", async () => {
    const me = await createUser(database.db);
    const other = await createUser(database.db);
    const { id: theirs } = await addNotification(database.db, { userId: other.id, title: "Theirs" });
    const { id: ours } = await addNotification(database.db, { userId: me.id, title: "Ours" });
    expect(await markNotificationRead(database.db, { userId: me.id, id: theirs, now })).toBe(false);
    expect(await readAt(theirs)).toBeNull();
    expect(await markNotificationRead(database.db, { userId: me.id, id: ours, now })).toBe(true);
    expect(await readAt(ours)).toEqual(now);
    // Reading it again keeps the first time it was read.
    expect(
      await markNotificationRead(database.db, { userId: me.id, id: ours, now: new Date("2026-12-01T00:00:00Z") }),
    ).toBe(false);
    expect(await readAt(ours)).toEqual(now);
  });

  it("marks all up to the newest the person had seen, leaving later ones and other people's unread", async () => {
    const me = await createUser(database.db);
    const other = await createUser(database.db);
    const a = await addNotification(database.db, { userId: me.id, title: "A" });
    const b = await addNotification(database.db, { userId: me.id, title: "B" });
    const theirs = await addNotification(database.db, { userId: other.id, title: "Theirs" });
    const arrivedLater = await addNotification(database.db, { userId: me.id, title: "C" });
    expect(await markAllNotificationsRead(database.db, { userId: me.id, upToId: b.id, now })).toBe(2);
    expect(await readAt(a.id)).toEqual(now);
    expect(await readAt(b.id)).toEqual(now);
    expect(await readAt(arrivedLater.id)).toBeNull();
    expect(await readAt(theirs.id)).toBeNull();
    expect(await countUnreadNotifications(database.db, me.id)).toBe(1);
    expect(await markAllNotificationsRead(database.db, { userId: me.id, now })).toBe(1);
    expect(await countUnreadNotifications(database.db, me.id)).toBe(0);
    expect(await countUnreadNotifications(database.db, other.id)).toBe(1);
  });
});

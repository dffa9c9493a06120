import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { account, emailMessage, feedback, notification, session, submittedEvent, user } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createEvent } from "../../tests/factories/events";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories/users";
import { checkPasswordThrottled, isCurrentPassword } from "./check-password";
import { createDbThrottle } from "./throttle";
import { DELETED_NAME, deleteBuyerAccount, deletedEmail } from "./delete-account";
import { exportAccountData } from "./export-account-data";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = new Date("2026-11-23T12:00:00Z");

async function buyerWithHistory() {
  const db = database.db;
  const person = await createUser(db, { phone: "07700 900123", bio: "Gigs and quizzes", marketingGeneral: true });
  await db
    .update(user)
    .set({ image: `/media/users/${person.id}/profile-1.jpg` })
    .where(eq(user.id, person.id));
  await db.insert(session).values({
    id: `s-${person.id}`,
    token: `t-${person.id}`,
    userId: person.id,
    expiresAt: new Date("2026-12-23T00:00:00Z"),
    ipAddress: "203.0.113.9",
  });
  await db.insert(feedback).values({
    kind: "feedback",
    userId: person.id,
    name: person.name,
    email: person.email,
    message: "Love the all-in prices",
  });
  await db.insert(submittedEvent).values({
    url: `https://example.org/suggested-by-${person.id}`,
    email: person.email,
    userId: person.id,
  });
  await db.insert(notification).values({ userId: person.id, title: "Welcome to Ticketyboo" });
  await db.insert(emailMessage).values({
    toAddress: person.email,
    subject: "Verify",
    html: "<p>x</p>",
    text: "x",
    template: "verify-email",
    transport: "outbox",
    userId: person.id,
  });
  return person;
}

describe("isCurrentPassword", () => {
  it("checks against the stored hash", async () => {
    const person = await createUser(database.db);
    expect(await isCurrentPassword(database.db, person.id, FACTORY_PASSWORD)).toBe(true);
    expect(await isCurrentPassword(database.db, person.id, "not-it")).toBe(false);
    expect(await isCurrentPassword(database.db, person.id, "")).toBe(false);
  });
});

describe("checkPasswordThrottled (the delete-account form's check)", () => {
  it(
    "stops comparing after 5 wrong passwords for the account, from any address, then lets the right one through " +
      "once the window passes",
    async () => {
      const throttle = createDbThrottle(database.db);
      const person = await createUser(database.db);
      const other = await createUser(database.db);
      const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
      for (let i = 0; i < 5; i++) {
        expect(
          await checkPasswordThrottled(database.db, throttle, {
            userId: person.id,
            ip: `203.0.113.${i}`,
            password: `guess-${i}`,
            now: at(0),
          }),
        ).toEqual({ ok: false, reason: "wrong" });
      }
      expect(
        await checkPasswordThrottled(database.db, throttle, {
          userId: person.id,
          ip: "198.51.100.7",
          password: FACTORY_PASSWORD,
          now: at(1),
        }),
      ).toMatchObject({ ok: false, reason: "throttled" });
      expect(
        await checkPasswordThrottled(database.db, throttle, {
          userId: other.id,
          ip: "198.51.100.7",
          password: FACTORY_PASSWORD,
          now: at(1),
        }),
      ).toEqual({ ok: true });
      expect(
        await checkPasswordThrottled(database.db, throttle, {
          userId: person.id,
          ip: "198.51.100.7",
          password: FACTORY_PASSWORD,
          now: at(16),
        }),
      ).toEqual({ ok: true });
    },
  );

  it("stops one address after 10 wrong passwords across accounts", async () => {
    const throttle = createDbThrottle(database.db);
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      const someone = await createUser(database.db);
      expect(
        (await checkPasswordThrottled(database.db, throttle, { userId: someone.id, ip, password: "guess", now })).ok,
      ).toBe(false);
    }
    const person = await createUser(database.db);
    expect(
      await checkPasswordThrottled(database.db, throttle, { userId: person.id, ip, password: FACTORY_PASSWORD, now }),
    ).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("deleteBuyerAccount", () => {
  it("erases personal data, signs out everywhere and removes the login, keeping an anonymous row", async () => {
    const db = database.db;
    const person = await buyerWithHistory();
    const { imageKeys } = await deleteBuyerAccount(db, { userId: person.id, now });
    expect(imageKeys).toEqual([`users/${person.id}/profile-1.jpg`]);

    const [row] = await db.select().from(user).where(eq(user.id, person.id));
    expect(row).toMatchObject({
      name: DELETED_NAME,
      email: deletedEmail(person.id),
      firstName: null,
      lastName: null,
      phone: null,
      bio: null,
      image: null,
      marketingGeneral: false,
      deletedAt: now,
    });
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect(await db.select().from(account).where(eq(account.userId, person.id))).toEqual([]);
    expect(await db.select().from(notification).where(eq(notification.userId, person.id))).toEqual([]);
    expect(await db.select().from(emailMessage).where(eq(emailMessage.toAddress, person.email))).toEqual([]);
    const kept = await db.select().from(feedback).where(eq(feedback.message, "Love the all-in prices"));
    expect(kept).toEqual([expect.objectContaining({ userId: null, name: DELETED_NAME, email: "" })]);
    // An event they suggested stays for the team, without who sent it.
    const suggested = await db
      .select()
      .from(submittedEvent)
      .where(eq(submittedEvent.url, `https://example.org/suggested-by-${person.id}`));
    expect(suggested).toEqual([expect.objectContaining({ userId: null, email: null })]);
    expect(await isCurrentPassword(db, person.id, FACTORY_PASSWORD)).toBe(false);
  });

  it("refuses hosts (spec §6) and changes nothing", async () => {
    const host = await createUser(database.db, { userType: "host", hostTitle: "The Crown Collective" });
    await expect(deleteBuyerAccount(database.db, { userId: host.id, now })).rejects.toMatchObject({
      code: "forbidden",
    });
    const [row] = await database.db.select().from(user).where(eq(user.id, host.id));
    expect(row?.deletedAt).toBeNull();
    expect(row?.email).toBe(host.email);
  });

  it("hands back only files the person uploaded, never another's photo or an event cover", async () => {
    const other = await createUser(database.db);
    const person = await createUser(database.db);
    await database.db
      .update(user)
      .set({ image: `/media/users/${other.id}/profile-theirs.jpg`, coverImage: "/media/seed/events/summer-social.jpg" })
      .where(eq(user.id, person.id));
    const { imageKeys } = await deleteBuyerAccount(database.db, { userId: person.id, now });
    expect(imageKeys).toEqual([]);
  });

  it("refuses anyone who runs events, whatever their account says they are", async () => {
    // A host who made themself a "buyer" before the role became read-only.
    const turned = await createUser(database.db, { userType: "buyer" });
    await createEvent(database.db, {
      hostId: turned.id,
      startsAt: new Date("2026-12-24T19:00:00Z"),
      status: "published",
    });
    await expect(deleteBuyerAccount(database.db, { userId: turned.id, now })).rejects.toMatchObject({
      code: "forbidden",
    });
    const [row] = await database.db.select().from(user).where(eq(user.id, turned.id));
    expect(row?.deletedAt).toBeNull();
    expect(row?.email).toBe(turned.email);
    expect(await isCurrentPassword(database.db, turned.id, FACTORY_PASSWORD)).toBe(true);
  });

  it("cannot delete twice, or an unknown account", async () => {
    const person = await createUser(database.db);
    await deleteBuyerAccount(database.db, { userId: person.id, now });
    await expect(deleteBuyerAccount(database.db, { userId: person.id, now })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteBuyerAccount(database.db, { userId: "nobody", now })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("exportAccountData", () => {
  it("holds the profile, preferences, sessions, messages, emails, notifications — only this person's", async () => {
    const person = await buyerWithHistory();
    const other = await buyerWithHistory();
    const data = await exportAccountData(database.db, { userId: person.id, now });
    expect(data.exportedAt).toBe(now.toISOString());
    expect(data.profile).toMatchObject({
      id: person.id,
      email: person.email,
      phone: "07700 900123",
      bio: "Gigs and quizzes",
    });
    expect(data.preferences.marketingEmails).toEqual({ general: true, venues: false });
    expect(data.sessions).toEqual([expect.objectContaining({ ipAddress: "203.0.113.9" })]);
    expect(data.messagesToUs.map((m) => m.message)).toEqual(["Love the all-in prices"]);
    expect(data.emailsSent.map((e) => e.to)).toEqual([person.email]);
    expect(data.notifications.map((n) => n.title)).toEqual(["Welcome to Ticketyboo"]);
    expect(JSON.stringify(data)).not.toContain(other.email);
  });

  it("has nothing for a deleted account", async () => {
    const person = await createUser(database.db);
    await deleteBuyerAccount(database.db, { userId: person.id, now });
    await expect(exportAccountData(database.db, { userId: person.id, now })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

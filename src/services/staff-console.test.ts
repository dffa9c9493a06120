import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { alert, auditLog, featureFlag, feedback, notification, submittedEvent, user } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import type { StaffActor } from "./audit-log";
import { createAlert, setAlertActive, updateAlert } from "./staff-alerts";
import { searchHosts, setVerifiedBadge } from "./staff-badges";
import { describeFeatureFlag, setFeatureFlag } from "./staff-feature-flags";
import { listMessages, listSubmittedEvents, reviewSubmittedEvent, setMessageHandled } from "./staff-inbox";

let database: Database;
let staff: StaffActor;
let buyer: StaffActor;

beforeAll(async () => {
  database = await createTestDatabase();
  const s = await createUser(database.db, { email: "console-staff@example.com", isStaff: true });
  const b = await createUser(database.db, { email: "console-buyer@example.com" });
  staff = { id: s.id, email: s.email };
  buyer = { id: b.id, email: b.email };
});
afterAll(async () => {
  await database.close();
});

/** The audit lines about one subject, oldest first. */
async function auditOf(subjectId: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => [r.action, r.summary]);
}

describe("alerts", () => {
  it("writes one audit line for each action: publish, edit, show again, deactivate", async () => {
    const db = database.db;
    const t0 = new Date("2026-11-27T10:00:00Z");
    const { id } = await createAlert(
      db,
      staff,
      { heading: "Box office closed", description: "Back on Monday.", isFullPage: false, active: true },
      t0,
    );
    const [made] = await db.select().from(alert).where(eq(alert.id, id));
    expect(made).toMatchObject({ isActive: true, savedAt: t0, isFullPage: false });

    // A small fix keeps savedAt: browsers that saw it do not see it again.
    await updateAlert(
      db,
      staff,
      id,
      { heading: "Box office closed", description: "Back on Tuesday.", isFullPage: false, showAgain: false },
      new Date("2026-11-27T11:00:00Z"),
    );
    expect((await db.select().from(alert).where(eq(alert.id, id)))[0]!.savedAt).toEqual(t0);
    const t2 = new Date("2026-11-27T12:00:00Z");
    await updateAlert(
      db,
      staff,
      id,
      { heading: "Box office closed", description: "Back next week.", isFullPage: true, showAgain: true },
      t2,
    );
    expect((await db.select().from(alert).where(eq(alert.id, id)))[0]).toMatchObject({ savedAt: t2, isFullPage: true });
    await setAlertActive(db, staff, id, false);
    expect((await db.select().from(alert).where(eq(alert.id, id)))[0]!.isActive).toBe(false);

    expect(await auditOf(id)).toEqual([
      ["alert.create", "Published the banner ‘Box office closed’"],
      ["alert.update", "Edited the banner ‘Box office closed’"],
      ["alert.update", "Edited the full-page notice ‘Box office closed’, to be shown again to everyone"],
      ["alert.deactivate", "Deactivated the full-page notice ‘Box office closed’"],
    ]);
  });

  it("names the fields that are wrong and saves nothing", async () => {
    const before = (await database.db.select().from(alert)).length;
    await expect(
      createAlert(
        database.db,
        staff,
        { heading: " ", description: "x".repeat(601), isFullPage: false, active: true },
        new Date(),
      ),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: {
        fields: { heading: "Please enter the heading.", description: "Message must be 600 characters or fewer." },
      },
    });
    expect((await database.db.select().from(alert)).length).toBe(before);
  });
});

describe("feature flags", () => {
  it("turns a flag on and off and describes it, each in the audit log", async () => {
    const db = database.db;
    await db.insert(featureFlag).values({ key: "console-test-flag", enabled: false, description: "old" });
    await setFeatureFlag(db, staff, "console-test-flag", true, new Date());
    await describeFeatureFlag(
      db,
      staff,
      "console-test-flag",
      { description: "  A new thing ", isPublic: true },
      new Date(),
    );
    const [flag] = await db.select().from(featureFlag).where(eq(featureFlag.key, "console-test-flag"));
    expect(flag).toMatchObject({ enabled: true, description: "A new thing", isPublic: true });
    expect(await auditOf("console-test-flag")).toEqual([
      ["flag.enable", "Turned the feature flag ‘console-test-flag’ on"],
      ["flag.update", "Described the feature flag ‘console-test-flag’ (public)"],
    ]);
    await expect(setFeatureFlag(db, staff, "no-such-flag", true, new Date())).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("messages and submitted events", () => {
  it("marks a contact message handled and reopens it, only in its own box", async () => {
    const db = database.db;
    const [m] = await db
      .insert(feedback)
      .values({ kind: "contact", name: "Ada", email: "ada@example.com", subject: "Press", message: "Hello there" })
      .returning();
    expect((await listMessages(db, { box: "contact", state: "open", page: 1 })).rows.map((r) => r.id)).toContain(m!.id);
    await expect(
      setMessageHandled(db, staff, { box: "feedback", id: m!.id, handled: true }, new Date()),
    ).rejects.toMatchObject({ code: "not_found" });
    await setMessageHandled(db, staff, { box: "contact", id: m!.id, handled: true }, new Date());
    const [row] = await db.select().from(feedback).where(eq(feedback.id, m!.id));
    expect(row).toMatchObject({ handledBy: staff.id });
    expect((await listMessages(db, { box: "contact", state: "handled", page: 1 })).rows.map((r) => r.id)).toContain(
      m!.id,
    );
    await setMessageHandled(db, staff, { box: "contact", id: m!.id, handled: false }, new Date());
    expect(await auditOf(m!.id)).toEqual([
      ["message.handle", "Marked handled the contact message from Ada (‘Press’)"],
      ["message.reopen", "Reopened the contact message from Ada (‘Press’)"],
    ]);
  });

  it("marks a suggested event reviewed or rejected", async () => {
    const db = database.db;
    const [s] = await db.insert(submittedEvent).values({ url: "https://example.org/gig" }).returning();
    await reviewSubmittedEvent(db, staff, { id: s!.id, status: "rejected" }, new Date());
    expect((await listSubmittedEvents(db, { state: "rejected", page: 1 })).rows.map((r) => r.id)).toEqual([s!.id]);
    expect((await listSubmittedEvents(db, { state: "new", page: 1 })).total).toBe(0);
    expect(await auditOf(s!.id)).toEqual([
      ["submitted-event.reject", "Rejected the suggested event https://example.org/gig"],
    ]);
  });
});

describe("verified badges", () => {
  it("grants and removes a host's badge with a note, tells the host, and finds hosts by what staff type", async () => {
    const db = database.db;
    const host = await createUser(db, {
      userType: "host",
      hostTitle: "The 100% Club",
      firstName: "Hana",
      lastName: "Host",
    });
    expect((await searchHosts(db, { q: "100%", page: 1 })).rows.map((h) => h.id)).toEqual([host.id]);
    // % and _ are matched as themselves, not as wildcards.
    expect((await searchHosts(db, { q: "%", page: 1 })).rows.map((h) => h.id)).toEqual([host.id]);

    await expect(setVerifiedBadge(db, staff, { hostId: host.id, verified: true, note: "" })).rejects.toMatchObject({
      code: "validation_failed",
      details: { fields: { note: "Please enter the note." } },
    });
    await setVerifiedBadge(db, staff, { hostId: host.id, verified: true, note: "Photo ID and venue agreement" });
    expect((await db.select().from(user).where(eq(user.id, host.id)))[0]!.isVerified).toBe(true);
    const notes = await db.select().from(notification).where(eq(notification.userId, host.id));
    expect(notes.map((n) => n.title)).toEqual(["You're verified"]);
    await setVerifiedBadge(db, staff, { hostId: host.id, verified: false, note: "Documents withdrawn" });
    expect(await auditOf(host.id)).toEqual([
      ["badge.grant", "Granted the verified badge to The 100% Club (Hana Host): Photo ID and venue agreement"],
      ["badge.remove", "Removed the verified badge from The 100% Club (Hana Host): Documents withdrawn"],
    ]);
    // Buyers have no badge to grant.
    await expect(
      setVerifiedBadge(db, staff, { hostId: buyer.id, verified: true, note: "Looks fine" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("who may act", () => {
  it("refuses anyone who is not staff, changing nothing and writing no audit line", async () => {
    const db = database.db;
    const host = await createUser(db, { userType: "host" });
    const [a] = await db.insert(alert).values({ heading: "Keep me", description: "x" }).returning();
    await db.insert(featureFlag).values({ key: "guarded-flag", enabled: false });
    const [m] = await db
      .insert(feedback)
      .values({ kind: "bug", name: "B", email: "b@example.com", message: "broken" })
      .returning();
    const [s] = await db.insert(submittedEvent).values({ url: "https://example.org/x" }).returning();
    const linesBefore = (await db.select().from(auditLog)).length;
    const gone = { id: crypto.randomUUID(), email: "nobody@example.com" };
    for (const actor of [buyer, gone]) {
      const attempts = [
        () =>
          createAlert(
            db,
            actor,
            { heading: "Hacked", description: "Hacked", isFullPage: true, active: true },
            new Date(),
          ),
        () =>
          updateAlert(
            db,
            actor,
            a!.id,
            { heading: "Hacked", description: "Hacked", isFullPage: true, showAgain: true },
            new Date(),
          ),
        () => setAlertActive(db, actor, a!.id, false),
        () => setFeatureFlag(db, actor, "guarded-flag", true, new Date()),
        () => describeFeatureFlag(db, actor, "guarded-flag", { description: "x", isPublic: true }, new Date()),
        () => setMessageHandled(db, actor, { box: "feedback", id: m!.id, handled: true }, new Date()),
        () => reviewSubmittedEvent(db, actor, { id: s!.id, status: "reviewed" }, new Date()),
        () => setVerifiedBadge(db, actor, { hostId: host.id, verified: true, note: "trust me" }),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "not_found" });
    }
    expect((await db.select().from(alert).where(eq(alert.id, a!.id)))[0]).toMatchObject({
      heading: "Keep me",
      isActive: true,
    });
    expect((await db.select().from(featureFlag).where(eq(featureFlag.key, "guarded-flag")))[0]!.enabled).toBe(false);
    expect((await db.select().from(feedback).where(eq(feedback.id, m!.id)))[0]!.handledAt).toBeNull();
    expect((await db.select().from(submittedEvent).where(eq(submittedEvent.id, s!.id)))[0]!.status).toBe("new");
    expect((await db.select().from(user).where(eq(user.id, host.id)))[0]!.isVerified).toBe(false);
    expect((await db.select().from(alert)).some((r) => r.heading === "Hacked")).toBe(false);
    expect((await db.select().from(auditLog)).length).toBe(linesBefore);
  });
});

import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage, user } from "~/db/schema";
import { becomeHost } from "~/services/become-host";
import { doAfterCommitWork } from "~/services/emails/after-sale";
import { messages } from "~/texts/messages";
import { recordedWork } from "../../../tests/factories/after-commit";
import { createHost } from "../../../tests/factories/events";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { createMailer } from "./mailer.server";

const now = new Date("2026-11-26T09:00:00Z");
const publicUrl = "http://localhost:3000";
let database: Database;
let boss: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger: pino({ level: "silent" }), maintenance: false });
});
afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

const form = { hostTitle: "Basement Jazz", username: "basementjazz", bio: "Jazz in a basement, every Thursday." };

describe("becoming a host at /h/onboarding", () => {
  it("makes the buyer a host in one step and queues the onboarding email, which links to the Studio", async () => {
    const db = database.db;
    const buyer = await createUser(db, { firstName: "Jo" });
    const result = await becomeHost(db, {
      userId: buyer.id,
      form,
      image: `/media/users/${buyer.id}/profile-1.jpg`,
      now,
    });
    expect(result).toEqual({ wasBuyer: true, discardedImageKey: null });
    const [row] = await db.select().from(user).where(eq(user.id, buyer.id));
    expect(row).toMatchObject({
      userType: "host",
      hostTitle: "Basement Jazz",
      username: "basementjazz",
      bio: "Jazz in a basement, every Thursday.",
      image: `/media/users/${buyer.id}/profile-1.jpg`,
    });
    const work = await recordedWork(db, "host-onboarding", { userId: buyer.id });
    expect(work).toHaveLength(1);

    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    await doAfterCommitWork({ db, mailer, publicUrl }, work[0]!, now);
    const [email] = await db.select().from(emailMessage).where(eq(emailMessage.toAddress, buyer.email));
    expect(email).toMatchObject({ template: "host-onboarding" });
    expect(email!.subject).toBe("You're a Ticketyboo host: let's get your first event on sale");
    expect(email!.html).toContain(`${publicUrl}/h/dashboard`);
    expect(email!.html).toContain("Jo");
  });

  it("names every field that is wrong, a username someone holds among them, and changes nothing", async () => {
    const db = database.db;
    await createHost(db, { username: "takenname" });
    const buyer = await createUser(db);
    await expect(
      becomeHost(db, { userId: buyer.id, form: { hostTitle: "", username: "events", bio: "x".repeat(501) }, now }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: {
        fields: {
          hostTitle: messages.profile.hostTitleRequired,
          username: messages.profile.usernameTaken,
          bio: messages.profile.bioTooLong,
        },
      },
    });
    await expect(
      becomeHost(db, { userId: buyer.id, form: { ...form, username: "TakenName" }, now }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: { fields: { username: messages.profile.usernameTaken } },
    });
    const [row] = await db.select().from(user).where(eq(user.id, buyer.id));
    expect(row).toMatchObject({ userType: "buyer", hostTitle: null, username: null });
    expect(await recordedWork(db, "host-onboarding", { userId: buyer.id })).toEqual([]);
  });

  it("lets a host made at sign-up finish their profile without a second onboarding email", async () => {
    const db = database.db;
    const host = await createHost(db, { hostTitle: null, username: null });
    const result = await becomeHost(db, { userId: host.id, form: { ...form, username: "signedupashost" }, now });
    expect(result.wasBuyer).toBe(false);
    expect(await recordedWork(db, "host-onboarding", { userId: host.id })).toEqual([]);
    const [row] = await db.select().from(user).where(eq(user.id, host.id));
    expect(row).toMatchObject({ hostTitle: "Basement Jazz", username: "signedupashost" });
  });
});

import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage } from "~/db/schema";
import { linksInEmail } from "~/lib/email-links";
import { doAfterCommitWork } from "~/services/emails/after-sale";
import { inviteToTeam, revokeInvitation } from "~/services/host-team";
import { createDbThrottle } from "~/services/throttle";
import { recordedWork } from "../../../tests/factories/after-commit";
import { createHost } from "../../../tests/factories/events";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { createMailer } from "./mailer.server";

const now = new Date("2026-11-26T10:00:00Z");
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

describe("the team invitation email", () => {
  it("goes to the invited address with the host, the role and the link that carries the token", async () => {
    const db = database.db;
    const host = await createHost(db, { hostTitle: "The Crown Collective", name: "Harriet Host" });
    const throttle = createDbThrottle(db);
    const sent = await inviteToTeam(db, {
      hostId: host.id,
      invitedBy: host.id,
      email: "Mo@Example.com",
      role: "scanner",
      now,
      throttle,
    });
    const [work] = await recordedWork(db, "team-invitation", { invitationId: sent.invitationId });
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    await doAfterCommitWork({ db, mailer, publicUrl }, work!, now);

    const [email] = await db.select().from(emailMessage).where(eq(emailMessage.toAddress, "mo@example.com"));
    expect(email).toMatchObject({
      template: "team-invitation",
      subject: "Join The Crown Collective's team on Ticketyboo",
    });
    const url = `${publicUrl}/h/invitations/${sent.token}`;
    expect(linksInEmail(email!.html)[0]).toEqual({ text: "Accept the invitation", href: url });
    expect(email!.text).toContain("Harriet Host has invited you");
    expect(email!.text).toContain("Scanner");
    // 7 days on, in London time (GMT in December).
    expect(email!.text).toContain("until Thursday 3 December 2026, 10:00 am");

    // An invitation revoked before its email went is not sent.
    const other = await inviteToTeam(db, {
      hostId: host.id,
      invitedBy: host.id,
      email: "late@example.com",
      role: "manager",
      now,
      throttle,
    });
    const [late] = await recordedWork(db, "team-invitation", { invitationId: other.invitationId });
    await revokeInvitation(db, { hostId: host.id, invitationId: other.invitationId, now });
    await doAfterCommitWork({ db, mailer, publicUrl }, late!, now);
    expect(await db.select().from(emailMessage).where(eq(emailMessage.toAddress, "late@example.com"))).toEqual([]);
  });
});

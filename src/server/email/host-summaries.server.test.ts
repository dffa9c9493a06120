import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage, user } from "~/db/schema";
import { previousMonth, sendEventSummaries, sendMonthlySummaries } from "~/services/emails/host-summaries";
import { createEvent, createHost } from "../../../tests/factories/events";
import { buyTickets, createBuyer } from "../../../tests/factories/orders";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { createTicketCodes } from "../ticket-codes.server";
import { createMailer } from "./mailer.server";

const codes = createTicketCodes("a test ticket secret that is long enough");
const publicUrl = "http://localhost:3000";
const DAY = 86_400_000;
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

const summariesTo = (email: string) =>
  database.db
    .select()
    .from(emailMessage)
    .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "host-summary")));

describe("hosts' summary emails", () => {
  it("names last month by London's calendar", () => {
    expect(previousMonth(new Date("2026-12-01T00:30:00Z"))).toMatchObject({
      key: "2026-11",
      range: { from: "2026-11-01", to: "2026-11-30" },
      name: "November 2026",
    });
    // 00:30 on 1 April in London is still 31 March in UTC: London's month has begun.
    expect(previousMonth(new Date("2026-03-31T23:30:00Z")).key).toBe("2026-03");
    expect(previousMonth(new Date("2027-01-15T12:00:00Z")).key).toBe("2026-12");
  });

  it("sends last month's once, only to hosts who asked and sold something, with the reports' figures", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const asked = await createHost(db, { notifyMonthlySummaries: true, firstName: "Ada" });
    const quiet = await createHost(db, { notifyMonthlySummaries: false });
    const idle = await createHost(db, { notifyMonthlySummaries: true });
    const bea = await createBuyer(db);
    const gig = await createEvent(db, {
      hostId: asked.id,
      name: "Autumn Gig",
      startsAt: new Date("2026-12-20T20:00:00Z"),
    });
    const theirs = await createEvent(db, {
      hostId: quiet.id,
      name: "Quiet Gig",
      startsAt: new Date("2026-12-20T20:00:00Z"),
    });
    for (const at of ["2026-11-03T12:00:00Z", "2026-11-29T12:00:00Z"])
      await buyTickets(db, { eventId: gig.id, buyer: bea, quantity: 2, now: new Date(at), sign: codes.sign });
    // October's and December's orders are not November's.
    await buyTickets(db, { eventId: gig.id, buyer: bea, now: new Date("2026-10-31T23:30:00Z"), sign: codes.sign });
    await buyTickets(db, { eventId: gig.id, buyer: bea, now: new Date("2026-12-01T00:10:00Z"), sign: codes.sign });
    await buyTickets(db, { eventId: theirs.id, buyer: bea, now: new Date("2026-11-10T12:00:00Z"), sign: codes.sign });

    const now = new Date("2026-12-01T08:20:00Z");
    expect(await sendMonthlySummaries({ db, mailer, publicUrl }, now)).toBe(1);
    const [mail, ...more] = await summariesTo(asked.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Your November 2026 on Ticketyboo");
    expect(mail!.text).toContain("Orders: 2");
    expect(mail!.text).toContain("Tickets sold: 4");
    expect(mail!.text).toContain("Gross sales: £40.40");
    expect(mail!.text).toContain("Autumn Gig: £40.40");
    expect(mail!.html).toContain("/h/reports/overview?from=2026-11-01&amp;to=2026-11-30");
    expect(await summariesTo(quiet.email)).toHaveLength(0);
    expect(await summariesTo(idle.email)).toHaveLength(0);

    // The job runs again within the hour, and again the next day: nothing twice.
    expect(await sendMonthlySummaries({ db, mailer, publicUrl }, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await sendMonthlySummaries({ db, mailer, publicUrl }, new Date(now.getTime() + DAY))).toBe(0);
    expect(await summariesTo(asked.email)).toHaveLength(1);
  });

  it("sums up an event once it has been over a while, for hosts who asked", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db, { notifyEventSummaries: true, firstName: "Eve" });
    const bea = await createBuyer(db);
    const startsAt = new Date("2026-11-20T19:00:00Z");
    const show = await createEvent(db, {
      hostId: host.id,
      name: "Last Friday Show",
      startsAt,
      endsAt: new Date("2026-11-20T22:00:00Z"),
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });
    await buyTickets(db, {
      eventId: show.id,
      buyer: bea,
      quantity: 3,
      now: new Date("2026-11-10T12:00:00Z"),
      sign: codes.sign,
    });

    // Not yet: it ended two hours ago.
    expect(await sendEventSummaries({ db, mailer, publicUrl }, new Date("2026-11-21T00:00:00Z"))).toBe(0);
    expect(await sendEventSummaries({ db, mailer, publicUrl }, new Date("2026-11-21T12:00:00Z"))).toBe(1);
    expect(await sendEventSummaries({ db, mailer, publicUrl }, new Date("2026-11-21T13:00:00Z"))).toBe(0);
    const [mail] = await summariesTo(host.email);
    expect(mail!.subject).toBe("How Last Friday Show went");
    expect(mail!.text).toContain("Tickets sold: 3");
    expect(mail!.text).toContain("Checked in: 0%");

    // A host who turned summaries off hears nothing.
    await db.update(user).set({ notifyEventSummaries: false }).where(eq(user.id, host.id));
    const next = await createEvent(db, {
      hostId: host.id,
      name: "Saturday Show",
      startsAt: new Date("2026-11-21T19:00:00Z"),
    });
    await buyTickets(db, { eventId: next.id, buyer: bea, now: new Date("2026-11-12T12:00:00Z"), sign: codes.sign });
    expect(await sendEventSummaries({ db, mailer, publicUrl }, new Date("2026-11-23T12:00:00Z"))).toBe(0);
  });
});

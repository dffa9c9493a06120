import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage, event, notification, order, ticket, user, waitlistEntry } from "~/db/schema";
import { formatMoney } from "~/lib/format";
import { cancelTransfer, claimTicket, sendTicket } from "~/services/transfer-ticket";
import { createEvent, createHost, createVenue } from "../../../tests/factories/events";
import { buyTickets, createBuyer } from "../../../tests/factories/orders";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { createTicketCodes } from "../ticket-codes.server";
import {
  sendEventCancelled,
  sendEventChanged,
  sendEventLink,
  sendEventReminders,
  sendOrderConfirmation,
  sendTicketShared,
  sendWaitlistEventCancelled,
} from "~/services/emails/after-sale";
import { getMyTicket } from "~/services/list-my-tickets";
import { getOrder } from "~/services/get-order";
import { createMailer } from "./mailer.server";
import { createUnsubscribeLinks } from "./unsubscribe.server";

const now = new Date("2026-12-04T20:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const publicUrl = "http://localhost:3000";
const unsubscribe = createUnsubscribeLinks("test-email-links-secret", publicUrl);
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

const remindersTo = async (email: string) =>
  database.db
    .select()
    .from(emailMessage)
    .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "event-reminder")));

describe("the day-before reminder", () => {
  it(
    "goes once to each holder of a ticket for tomorrow, to whoever holds a ticket passed on, and not to those who " +
      "opted out",
    async () => {
      const db = database.db;
      const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
      const host = await createHost(db);
      const tomorrow = await createEvent(db, {
        hostId: host.id,
        name: "Tomorrow's Quiz",
        startsAt: new Date("2026-12-05T19:30:00Z"),
      });
      const nextWeek = await createEvent(db, {
        hostId: host.id,
        name: "Next Week's Gig",
        startsAt: new Date("2026-12-11T19:30:00Z"),
      });
      const [bea, sam, ola] = [
        await createBuyer(db, "Bea Buyer"),
        await createBuyer(db, "Sam Friend"),
        await createBuyer(db, "Ola Optout"),
      ];
      const bought = await buyTickets(db, {
        eventId: tomorrow.id,
        buyer: bea,
        quantity: 2,
        now: new Date("2026-11-24T12:00:00Z"),
        sign: codes.sign,
      });
      await buyTickets(db, {
        eventId: nextWeek.id,
        buyer: bea,
        now: new Date("2026-11-24T12:00:00Z"),
        sign: codes.sign,
      });
      await buyTickets(db, {
        eventId: tomorrow.id,
        buyer: ola,
        now: new Date("2026-11-24T12:00:00Z"),
        sign: codes.sign,
      });
      await db.update(user).set({ notifyEventReminders: false }).where(eq(user.id, ola.id));
      // Bea passes one of her two tickets to Sam, who claims it once his address is verified.
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, sam.id));
      const sent = await sendTicket(db, {
        ticketId: bought.tickets[0]!.id,
        from: bea,
        toEmail: sam.email,
        now: new Date("2026-11-25T12:00:00Z"),
      });
      await claimTicket(db, codes.sign, {
        token: sent.token,
        user: { id: sam.id, name: sam.name },
        now: new Date("2026-11-25T12:00:00Z"),
      });

      expect(await sendEventReminders({ db, mailer, publicUrl, unsubscribe }, now)).toBe(2);
      const beas = await remindersTo(bea.email);
      expect(beas).toHaveLength(1);
      expect(beas[0]!.subject).toBe("Tomorrow: Tomorrow's Quiz");
      // She passed one of her two on, so one is hers.
      expect(beas[0]!.text).toContain("Tomorrow's Quiz is coming up, and your ticket is ready.");
      expect(beas[0]!.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribe.oneClickUrl(bea.id)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(beas[0]!.html).toContain(unsubscribe.pageUrl(bea.id).replace(/&/g, "&amp;"));
      expect(await remindersTo(sam.email)).toHaveLength(1);
      expect(await remindersTo(ola.email)).toHaveLength(0);

      // An hour later the job runs again: nothing twice.
      expect(
        await sendEventReminders({ db, mailer, publicUrl, unsubscribe }, new Date(now.getTime() + 3_600_000)),
      ).toBe(0);
    },
  );
});

describe("an online event's link", () => {
  it("reaches the people holding its tickets (confirmation, reminder, ticket, order) once it is added", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const link = "https://meet.example.com/online-quiz-night";
    const online = await createEvent(db, {
      hostId: host.id,
      name: "Online Quiz Night",
      startsAt: new Date("2026-12-05T18:00:00Z"),
      isOnline: true,
      onlineUrl: null,
    });
    const [ada, ben] = [await createBuyer(db, "Ada Online"), await createBuyer(db, "Ben Online")];
    const bought = await buyTickets(db, {
      eventId: online.id,
      buyer: ada,
      now: new Date("2026-11-24T12:00:00Z"),
      sign: codes.sign,
    });
    // Booked before the host added the link: the confirmation has none, and her ticket says it is to come.
    await sendOrderConfirmation({ db, mailer, publicUrl }, bought.orderId);
    const [before] = await db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, ada.email), eq(emailMessage.template, "order-confirmation")));
    expect(before!.text).toContain("Where: Online");
    expect(before!.text).not.toContain("Join online");
    expect((await getMyTicket(db, { ticketId: bought.tickets[0]!.id, userId: ada.id }))!.event.joinUrl).toBeNull();

    await db.update(event).set({ onlineUrl: link }).where(eq(event.id, online.id));
    const later = await buyTickets(db, {
      eventId: online.id,
      buyer: ben,
      now: new Date("2026-11-25T12:00:00Z"),
      sign: codes.sign,
    });
    await sendOrderConfirmation({ db, mailer, publicUrl }, later.orderId);
    const [bens] = await db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, ben.email), eq(emailMessage.template, "order-confirmation")));
    expect(bens!.text).toContain(`Join online: ${link}`);
    expect(bens!.html).toContain(`href="${link}"`);
    // The day before, both are reminded with it; their ticket and order pages carry it.
    expect(await sendEventReminders({ db, mailer, publicUrl, unsubscribe }, now)).toBeGreaterThanOrEqual(2);
    for (const who of [ada, ben]) {
      const [reminder] = await remindersTo(who.email);
      expect(reminder!.text).toContain(`Join online: ${link}`);
    }
    expect((await getMyTicket(db, { ticketId: bought.tickets[0]!.id, userId: ada.id }))!.event.joinUrl).toBe(link);
    expect((await getOrder(db, { reference: bought.reference, userId: ada.id }))!.event.joinUrl).toBe(link);
    // Nobody else reads it: the ticket is only its holder's, the order only its buyer's.
    expect(await getMyTicket(db, { ticketId: bought.tickets[0]!.id, userId: ben.id })).toBeNull();
    expect(await getOrder(db, { reference: bought.reference, userId: ben.id })).toBeNull();
    // Ben's order refunded (its ticket void), his order page no longer carries it, even a new one.
    await db
      .update(order)
      .set({ status: "refunded", refundedPence: later.totalPence })
      .where(eq(order.id, later.orderId));
    await db.update(ticket).set({ status: "void" }).where(eq(ticket.orderId, later.orderId));
    await db
      .update(event)
      .set({ onlineUrl: `${link}-moved` })
      .where(eq(event.id, online.id));
    expect((await getOrder(db, { reference: later.reference, userId: ben.id }))!.event.joinUrl).toBeNull();
    expect((await getOrder(db, { reference: bought.reference, userId: ada.id }))!.event.joinUrl).toBe(`${link}-moved`);
    // Cancelled, the link is gone from what its holders see.
    await db.update(event).set({ isCancelled: true }).where(eq(event.id, online.id));
    expect((await getOrder(db, { reference: bought.reference, userId: ada.id }))!.event.joinUrl).toBeNull();
  });
});

describe("an online event's new link", () => {
  it("is emailed to the buyer with a note in their feed, and not once the event is cancelled or linkless", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const link = "https://meet.example.com/new-link-night";
    const online = await createEvent(db, {
      hostId: host.id,
      name: "New Link Night",
      startsAt: new Date("2026-12-10T19:00:00Z"),
      isOnline: true,
      onlineUrl: link,
    });
    const cy = await createBuyer(db, "Cy Online");
    const bought = await buyTickets(db, { eventId: online.id, buyer: cy, now, sign: codes.sign });
    const sentTo = async () =>
      db
        .select()
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, cy.email), eq(emailMessage.template, "event-link")));

    await sendEventLink({ db, mailer, publicUrl }, { orderId: bought.orderId, added: false });
    const [email] = await sentTo();
    expect(email!.subject).toBe("A new link to join New Link Night");
    expect(email!.text).toContain("The host has changed the link to join");
    expect(email!.text).toContain(link);
    expect(email!.html).toContain(`href="${link}"`);
    const [note] = await db.select().from(notification).where(eq(notification.userId, cy.id));
    expect(note).toMatchObject({ title: "A new link to join New Link Night", link: `/orders/${bought.reference}` });

    // The link taken away, or the event cancelled, before the email is made: nothing more is sent.
    await db.update(event).set({ onlineUrl: null }).where(eq(event.id, online.id));
    await sendEventLink({ db, mailer, publicUrl }, { orderId: bought.orderId, added: false });
    await db.update(event).set({ onlineUrl: link, isCancelled: true }).where(eq(event.id, online.id));
    await sendEventLink({ db, mailer, publicUrl }, { orderId: bought.orderId, added: false });
    expect(await sentTo()).toHaveLength(1);
  });
});

describe("an event cancelled by its host", () => {
  it("tells the buyer of their refund and a friend holding one of the tickets that it no longer works", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const e = await createEvent(db, {
      hostId: host.id,
      name: "Harbour Lights Gig",
      startsAt: new Date("2026-12-18T19:30:00Z"),
    });
    const [bea, sam] = [await createBuyer(db, "Bea Cancelled"), await createBuyer(db, "Sam Holder")];
    const bought = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    // One of the two passed on to Sam.
    await db.update(ticket).set({ holderUserId: sam.id }).where(eq(ticket.id, bought.tickets[0]!.id));

    await sendEventCancelled({ db, mailer, publicUrl }, { orderId: bought.orderId, refundPence: bought.totalPence });
    const to = async (email: string) =>
      db
        .select()
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "event-cancelled")));
    const [toBea] = await to(bea.email);
    expect(toBea!.subject).toBe("Cancelled: Harbour Lights Gig");
    expect(toBea!.text).toContain("The host has cancelled Harbour Lights Gig");
    expect(toBea!.text).toContain(`You'll get back everything you paid, ${formatMoney(bought.totalPence, "GBP")}`);
    expect(toBea!.text).toContain(`${publicUrl}/orders/${bought.reference}`);
    const [toSam] = await to(sam.email);
    expect(toSam!.text).toContain("Whoever bought the ticket for you gets any money back.");
    expect(toSam!.text).not.toContain("You'll get back");
    expect(toSam!.text).toContain(`${publicUrl}/u/tickets`);
  });

  it("tells someone still on its waitlist that no places will come up", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const e = await createEvent(db, {
      hostId: host.id,
      name: "Sold Out Social",
      startsAt: new Date("2026-12-19T19:00:00Z"),
    });
    const wren = await createBuyer(db, "Wren Waiting");
    const [entry] = await db
      .insert(waitlistEntry)
      .values({ eventId: e.id, userId: wren.id, status: "lapsed" })
      .returning();

    await sendWaitlistEventCancelled({ db, mailer, publicUrl }, entry!.id);
    const [toWren] = await db
      .select()
      .from(emailMessage)
      .where(and(eq(emailMessage.toAddress, wren.email), eq(emailMessage.template, "waitlist-event-cancelled")));
    expect(toWren!.subject).toBe("Cancelled: Sold Out Social (you were on its waitlist)");
    expect(toWren!.text).toContain("Hi Wren,");
    expect(toWren!.text).toContain("no places will come up");
    expect(toWren!.text).toContain(`${publicUrl}/explore`);
  });
});

describe("an event moved by its host", () => {
  it("tells the buyer and a friend with a ticket when and where it is now, and nothing once moved back", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const mill = await createVenue(db, host.id, {
      name: "The Mill",
      formattedAddress: "9 River Lane, Sheffield S3 8BB",
    });
    const e = await createEvent(db, {
      hostId: host.id,
      name: "Riverside Folk Night",
      startsAt: new Date("2026-12-18T20:00:00Z"),
      endsAt: new Date("2026-12-18T23:00:00Z"),
      venueId: mill.id,
    });
    const [bea, sam] = [await createBuyer(db, "Bea Mover"), await createBuyer(db, "Sam Along")];
    const bought = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    await db.update(ticket).set({ holderUserId: sam.id }).where(eq(ticket.id, bought.tickets[0]!.id));
    const to = async (email: string) =>
      db
        .select()
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, email), eq(emailMessage.template, "event-changed")));

    // It was at the Crown, half an hour earlier; now it is at the Mill at 8.
    const was = {
      startsAt: "2026-12-18T19:30:00.000Z",
      endsAt: "2026-12-18T23:00:00.000Z",
      where: "The Crown, 1 High Street, Sheffield S1 2AA",
    };
    await sendEventChanged({ db, mailer, publicUrl }, { orderId: bought.orderId, was });
    const [toBea] = await to(bea.email);
    expect(toBea!.subject).toBe("New time and place for Riverside Folk Night");
    expect(toBea!.text).toContain("The host has changed the time and place of Riverside Folk Night");
    expect(toBea!.text).toContain("Your tickets still work");
    expect(toBea!.text).toMatch(
      /When: Friday 18 December 2026, 8:00 pm.*\n+Previously: Friday 18 December 2026, 7:30 pm/,
    );
    expect(toBea!.text).toMatch(
      /Where: The Mill, 9 River Lane, Sheffield S3 8BB\n+Previously: The Crown, 1 High Street, Sheffield S1 2AA/,
    );
    expect(toBea!.text).toContain(`${publicUrl}/orders/${bought.reference}`);
    const [toSam] = await to(sam.email);
    expect(toSam!.text).toContain("Hi Sam,");
    expect(toSam!.text).toContain(`${publicUrl}/u/tickets`);
    const feed = await db.select().from(notification).where(eq(notification.userId, bea.id));
    expect(feed.map((n) => n.title)).toContain("New time and place for Riverside Folk Night");

    // Only the place moved: the email says so, and shows no earlier time.
    await sendEventChanged(
      { db, mailer, publicUrl },
      { orderId: bought.orderId, was: { ...was, startsAt: "2026-12-18T20:00:00.000Z" } },
    );
    const placeOnly = (await to(bea.email)).find((m) => m.subject === "New place for Riverside Folk Night");
    expect(placeOnly!.text).not.toMatch(/Previously: Friday/);

    // Moved from a week earlier, same place: a new date.
    await sendEventChanged(
      { db, mailer, publicUrl },
      {
        orderId: bought.orderId,
        was: { startsAt: "2026-12-11T20:00:00.000Z", endsAt: null, where: "The Mill, 9 River Lane, Sheffield S3 8BB" },
      },
    );
    const dateOnly = (await to(bea.email)).find((m) => m.subject === "New date for Riverside Folk Night");
    expect(dateOnly!.text).toMatch(/Previously: Friday 11 December 2026, 8:00 pm/);
    expect(dateOnly!.text).not.toMatch(/Previously: The/);

    // Put back as it was before the work ran, or the order refunded since: nothing more is sent.
    const sent = (await to(bea.email)).length;
    await sendEventChanged(
      { db, mailer, publicUrl },
      {
        orderId: bought.orderId,
        was: { ...was, startsAt: "2026-12-18T20:00:00.000Z", where: "The Mill, 9 River Lane, Sheffield S3 8BB" },
      },
    );
    await db.update(order).set({ status: "refunded" }).where(eq(order.id, bought.orderId));
    await sendEventChanged({ db, mailer, publicUrl }, { orderId: bought.orderId, was });
    expect(await to(bea.email)).toHaveLength(sent);
  });
});

describe("a ticket sent to a friend", () => {
  it("is announced once, and not at all when taken back before its email goes", async () => {
    const db = database.db;
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    const host = await createHost(db);
    const e = await createEvent(db, {
      hostId: host.id,
      name: "Taken Back Night",
      startsAt: new Date("2026-12-12T19:00:00Z"),
    });
    const bea = await createBuyer(db);
    const bought = await buyTickets(db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    const ticketId = bought.tickets[0]!.id;
    const toEmail = `kit-${ticketId.slice(0, 8)}@example.com`;
    const send = () => sendTicket(db, { ticketId, from: { ...bea, name: "Bea" }, toEmail, toName: "Kit", now });
    const email = (token: string) =>
      sendTicketShared(
        { db, mailer, publicUrl },
        { ticketId, from: { id: bea.id, name: "Bea" }, toEmail, toName: "Kit", token },
      );

    const first = await send();
    await cancelTransfer(db, { transferId: first.transferId, userId: bea.id, now });
    await email(first.token);
    const second = await send();
    await email(second.token);
    const mails = await db.select().from(emailMessage).where(eq(emailMessage.toAddress, toEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/tickets/claim/${second.token}`);
    // Delivered before the next test: no email of this one is still on its way when the file ends.
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(emailMessage).where(eq(emailMessage.id, mails[0]!.id));
        expect(row!.status).not.toBe("queued");
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});

describe("one-click unsubscribe", () => {
  it("turns reminders off for the person the signed link names, and refuses a forged one", async () => {
    const t = await createTestApp(database);
    try {
      const bea = await createBuyer(database.db, "Bea Unsub");
      const url = new URL(t.unsubscribe.oneClickUrl(bea.id));
      const post = (query: string) =>
        t.app.fetch(
          new Request(`http://localhost:3000${url.pathname}?${query}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        );
      expect((await post(url.search.slice(1))).status).toBe(204);
      expect(
        (await database.db.select({ on: user.notifyEventReminders }).from(user).where(eq(user.id, bea.id)))[0]!.on,
      ).toBe(false);

      const other = await createBuyer(database.db, "Other Person");
      const forged = url.search.slice(1).replace(/token=[^.]+/, `token=${Buffer.from(other.id).toString("base64url")}`);
      expect((await post(forged)).status).toBe(404);
      expect(
        (await database.db.select({ on: user.notifyEventReminders }).from(user).where(eq(user.id, other.id)))[0]!.on,
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});

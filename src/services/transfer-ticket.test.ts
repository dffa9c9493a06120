import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ticket, ticketTransfer, user } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder, requestCancellation } from "./cancel-order";
import { listMyTickets } from "./list-my-tickets";
import { scanAtDoor } from "./scan-ticket";
import { cancelTransfer, claimTicket, findTransfer, sendTicket } from "./transfer-ticket";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

async function setUp() {
  const db = database.db;
  const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") });
  const bea = await createBuyer(db, "Bea Buyer");
  const sam = await verified(await createBuyer(db, "Sam Friend"));
  const bought = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
  return { e, bea, sam, bought, t: bought.tickets[0]! };
}

/** The friend's address is verified, as a claim needs. */
async function verified<T extends { id: string }>(person: T): Promise<T> {
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.id));
  return person;
}

/** A scan at the host's own door, online. */
let scans = 0;
const doorScan = (eventId: string, code: string) =>
  scanAtDoor(database.db, codes.verify, {
    actor: { eventId, hostId, userId: hostId, scannerId: null },
    deviceId: "test-device",
    scan: { clientScanId: `scan-${++scans}`, code, gate: "Door" },
    now,
  });

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

describe("passing a ticket to a friend", () => {
  it("moves the ticket to the friend with a new code; the old code then scans as invalid", async () => {
    const { e, bea, sam, t } = await setUp();
    const oldCode = t.code;
    const sent = await sendTicket(database.db, {
      ticketId: t.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email,
      now,
    });
    // Until it is claimed, the sender's code still gets in.
    expect((await findTransfer(database.db, sent.token))?.transfer.status).toBe("pending");

    expect(
      await claimTicket(database.db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
    ).toEqual({ ticketId: t.id });
    const [after] = await database.db.select().from(ticket).where(eq(ticket.id, t.id));
    expect(after).toMatchObject({ holderUserId: sam.id, holderName: "Sam Friend", codeVersion: 1, status: "valid" });
    expect(after!.code).not.toBe(oldCode);

    const scan = (code: string) => doorScan(e.id, code);
    expect((await scan(oldCode)).outcome).toBe("invalid_code");
    expect((await scan(after!.code)).outcome).toBe("checked_in");
    expect((await scan(after!.code)).outcome).toBe("already_checked_in");

    // It is on the friend's list now, and off the sender's.
    expect((await listMyTickets(database.db, { userId: sam.id, now })).upcoming[0]!.tickets.map((x) => x.id)).toEqual([
      t.id,
    ]);
    expect(
      (await listMyTickets(database.db, { userId: bea.id, now })).upcoming[0]!.tickets.map((x) => x.id),
    ).not.toContain(t.id);
    // Claiming again is harmless; nobody else can claim it.
    expect(
      await claimTicket(database.db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
    ).toEqual({ ticketId: t.id });
    const other = await createBuyer(database.db, "Other Person");
    expect(
      (
        await errorOf(
          claimTicket(database.db, codes.sign, { token: sent.token, user: { id: other.id, name: other.name }, now }),
        )
      ).details?.reason,
    ).toBe("claimed");
  });

  it("can be claimed only by the person signed in with the address it was sent to, once verified", async () => {
    const { bea, sam, t } = await setUp();
    const sent = await sendTicket(database.db, {
      ticketId: t.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email.toUpperCase(),
      now,
    });
    // Whoever else holds the link (a forwarded email, a shared screen) cannot take it.
    const stranger = await verified(await createBuyer(database.db, "Stan Stranger"));
    const wrong = await errorOf(
      claimTicket(database.db, codes.sign, { token: sent.token, user: { id: stranger.id, name: stranger.name }, now }),
    );
    expect(wrong).toMatchObject({ code: "forbidden", details: { reason: "wrong_account" } });
    expect(wrong.message).toContain(sam.email);

    // The right address, not yet verified: told to verify first.
    await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, sam.id));
    const unverified = await errorOf(
      claimTicket(database.db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
    );
    expect(unverified).toMatchObject({ code: "forbidden", details: { reason: "unverified" } });
    expect(unverified.message).toMatch(/verify your email address first/);
    const [untouched] = await database.db.select().from(ticket).where(eq(ticket.id, t.id));
    expect(untouched).toMatchObject({ holderUserId: bea.id, codeVersion: 0 });

    await verified(sam);
    expect(
      await claimTicket(database.db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
    ).toEqual({ ticketId: t.id });
  });

  it("is blocked once the ticket is checked in or the event has ended", async () => {
    const { e, bea, sam, bought } = await setUp();
    const [first, second] = bought.tickets;
    await doorScan(e.id, first!.code);
    expect(
      (
        await errorOf(
          sendTicket(database.db, { ticketId: first!.id, from: { ...bea, name: bea.name }, toEmail: sam.email, now }),
        )
      ).details?.reason,
    ).toBe("checked_in");
    expect(
      (
        await errorOf(
          sendTicket(database.db, {
            ticketId: second!.id,
            from: { ...bea, name: bea.name },
            toEmail: sam.email,
            now: new Date("2026-12-06T12:00:00Z"),
          }),
        )
      ).details?.reason,
    ).toBe("ended");

    // Sent before the event, claimed after it ended: refused, and the ticket stays with the sender.
    const sent = await sendTicket(database.db, {
      ticketId: second!.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email,
      now,
    });
    expect(
      (
        await errorOf(
          claimTicket(database.db, codes.sign, {
            token: sent.token,
            user: { id: sam.id, name: sam.name },
            now: new Date("2026-12-06T12:00:00Z"),
          }),
        )
      ).details?.reason,
    ).toBe("ended");
    const [still] = await database.db.select().from(ticket).where(eq(ticket.id, second!.id));
    expect(still).toMatchObject({ holderUserId: bea.id, codeVersion: 0, code: second!.code });
  });

  it("checks the friend's address, sends one at a time, and lets the sender take it back", async () => {
    const { bea, sam, t } = await setUp();
    expect(
      (
        await errorOf(
          sendTicket(database.db, { ticketId: t.id, from: { ...bea, name: bea.name }, toEmail: "nope", now }),
        )
      ).details?.field,
    ).toBe("email");
    expect(
      (
        await errorOf(
          sendTicket(database.db, { ticketId: t.id, from: { ...bea, name: bea.name }, toEmail: bea.email, now }),
        )
      ).message,
    ).toMatch(/your own/);
    expect(
      (
        await errorOf(
          sendTicket(database.db, { ticketId: t.id, from: { ...sam, name: sam.name }, toEmail: "x@example.com", now }),
        )
      ).code,
    ).toBe("not_found");

    const sent = await sendTicket(database.db, {
      ticketId: t.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email,
      now,
    });
    expect(
      (
        await errorOf(
          sendTicket(database.db, {
            ticketId: t.id,
            from: { ...bea, name: bea.name },
            toEmail: "another@example.com",
            now,
          }),
        )
      ).details?.reason,
    ).toBe("pending");
    expect(await cancelTransfer(database.db, { transferId: sent.transferId, userId: sam.id, now })).toBe(false);
    expect(await cancelTransfer(database.db, { transferId: sent.transferId, userId: bea.id, now })).toBe(true);
    expect(
      (
        await errorOf(
          claimTicket(database.db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
        )
      ).details?.reason,
    ).toBe("cancelled");
    const [row] = await database.db.select().from(ticketTransfer).where(eq(ticketTransfer.id, sent.transferId));
    // Only a hash of the link's token is kept.
    expect(row!.tokenHash).not.toContain(sent.token);
  });

  /** Bea's one free ticket, sent to Sam and not yet claimed. */
  async function freeTicketOnItsWay() {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") }, [
      { pricePence: 0, capacity: 10 },
    ]);
    const bea = await createBuyer(db, "Bea Buyer");
    const sam = await verified(await createBuyer(db, "Sam Friend"));
    const bought = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 1, now, sign: codes.sign });
    const sent = await sendTicket(db, {
      ticketId: bought.tickets[0]!.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email,
      now,
    });
    return { bea, sam, bought, sent };
  }

  it("holds the order while a ticket is on its way: it can't be cancelled until taken back", async () => {
    const db = database.db;
    const { bea, bought, sent } = await freeTicketOnItsWay();
    expect(await errorOf(cancelFreeOrder(db, { reference: bought.reference, userId: bea.id, now }))).toMatchObject({
      message: expect.stringContaining("on its way to a friend"),
    });
    expect(await cancelTransfer(db, { transferId: sent.transferId, userId: bea.id, now })).toBe(true);
    await cancelFreeOrder(db, { reference: bought.reference, userId: bea.id, now });
    const [t] = await db.select().from(ticket).where(eq(ticket.id, bought.tickets[0]!.id));
    expect(t).toMatchObject({ status: "void", holderUserId: bea.id });
  });

  it("never lets a claim and a cancellation of the same order both go through", async () => {
    for (let round = 0; round < 3; round++) {
      const db = database.db;
      const { bea, sam, bought, sent } = await freeTicketOnItsWay();
      // Bea takes it back and cancels while Sam claims: one or the other, never both.
      const [claim, cancel] = await Promise.allSettled([
        claimTicket(db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now }),
        cancelTransfer(db, { transferId: sent.transferId, userId: bea.id, now }).then(() =>
          cancelFreeOrder(db, { reference: bought.reference, userId: bea.id, now }),
        ),
      ]);
      expect([claim.status, cancel.status].sort(), `round ${round}`).toEqual(["fulfilled", "rejected"]);
      const [t] = await db.select().from(ticket).where(eq(ticket.id, bought.tickets[0]!.id));
      // Whichever went first, the ticket is in one consistent state.
      if (claim.status === "fulfilled") expect(t).toMatchObject({ status: "valid", holderUserId: sam.id });
      else expect(t).toMatchObject({ status: "void", holderUserId: bea.id });
    }
  });

  it("can't pass on tickets from an order waiting on a cancellation", async () => {
    const { bea, sam, t, bought } = await setUp();
    await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Can't make it",
      now,
    });
    expect(
      (
        await errorOf(
          sendTicket(database.db, { ticketId: t.id, from: { ...bea, name: bea.name }, toEmail: sam.email, now }),
        )
      ).details?.reason,
    ).toBe("cancellation_pending");
  });

  it("sends only from a confirmed address, greets a friend by a plain name, and caps the emails it makes", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") });
    const send = (from: { id: string; email: string }, ticketId: string, toEmail: string, toName = "") =>
      sendTicket(db, { ticketId, from: { ...from, name: "Sender" }, toEmail, toName, now });
    const sent = async (from: { id: string }) =>
      (await db.select().from(ticketTransfer).where(eq(ticketTransfer.fromUserId, from.id))).length;

    // Anyone can sign up with someone else's address: until it is confirmed, nothing goes out in its name.
    const una = await createBuyer(db, "Una Unconfirmed", { emailVerified: false });
    const [unas] = (await buyTickets(db, { eventId: e.id, buyer: una, now, sign: codes.sign })).tickets;
    const unconfirmed = await errorOf(send(una, unas!.id, "friend@example.com"));
    expect(unconfirmed).toMatchObject({ code: "forbidden" });
    expect(unconfirmed.message).toMatch(/^Confirm your email address first/);
    expect(await sent(una)).toBe(0);

    // The greeting is the friend's name: a link or a domain in it is refused, with nothing sent.
    const bea = await createBuyer(db, "Bea Buyer");
    const [t] = (await buyTickets(db, { eventId: e.id, buyer: bea, now, sign: codes.sign })).tickets;
    for (const name of ["Claim your prize at evil.example", "see https://x.test", "www.prize"]) {
      const refused = await errorOf(send(bea, t!.id, "friend@example.com", name));
      expect(refused).toMatchObject({ code: "validation_failed", details: { field: "name" } });
    }
    expect(await sent(bea)).toBe(0);
    await send(bea, t!.id, "friend@example.com", "Mary-Ann O'Neil");

    // Sent and taken back over and over: five to one address a day, ten from one person an hour.
    const round = async (toEmail: string) => {
      const [open] = await db
        .select()
        .from(ticketTransfer)
        .where(and(eq(ticketTransfer.ticketId, t!.id), eq(ticketTransfer.status, "pending")));
      if (open) await cancelTransfer(db, { transferId: open.id, userId: bea.id, now });
      return send(bea, t!.id, toEmail);
    };
    for (let i = 0; i < 4; i++) await round("friend@example.com");
    const address = await errorOf(round("friend@example.com"));
    expect(address).toMatchObject({ code: "rate_limited" });
    expect(address.message).toMatch(/^That address has been sent several tickets today/);
    for (let i = 0; i < 5; i++) await round(`friend${i}@example.com`);
    const sender = await errorOf(round("another@example.com"));
    expect(sender).toMatchObject({ code: "rate_limited" });
    expect(sender.message).toMatch(/^That's a lot of tickets sent in an hour/);
    expect(await sent(bea)).toBe(10);
  });
});

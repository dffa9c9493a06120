import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { requestCancellation } from "./cancel-order";
import { exportAccountData } from "./export-account-data";
import { joinWaitlist } from "./join-waitlist";
import { sendTicket } from "./transfer-ticket";

/**
 * The data download holds a person's bookings: what they bought and paid, what they told the host at
 * checkout, the tickets they hold, the ones they passed on, and the waitlists they joined; and none of
 * anyone else's.
 */
let database: Database;
const codes = createTicketCodes("a test ticket secret that is long enough");
const days = (d: number) => new Date(Date.now() + d * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the data download's bookings", () => {
  it("lists the person's orders, tickets, tickets passed on and waitlists, and nobody else's", async () => {
    const db = database.db;
    const now = new Date();
    const host = await createHost(db);
    const gig = await createEvent(db, { hostId: host.id, startsAt: days(20), name: "Folk in the Barn" }, [
      { pricePence: 1200, capacity: 50 },
    ]);
    const full = await createEvent(db, { hostId: host.id, startsAt: days(30), name: "Sold Out Social" }, [
      { pricePence: 500, capacity: 1 },
    ]);
    const bea = await createBuyer(db, "Bea Buyer");
    const other = await createBuyer(db, "Olly Other");
    const bought = await buyTickets(db, { eventId: gig.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    const second = await buyTickets(db, { eventId: gig.id, buyer: bea, now, sign: codes.sign });
    await buyTickets(db, { eventId: gig.id, buyer: other, now, sign: codes.sign });
    await buyTickets(db, { eventId: full.id, buyer: other, now, sign: codes.sign });
    await sendTicket(db, { ticketId: bought.tickets[0]!.id, from: bea, toEmail: "friend@example.com", now });
    await requestCancellation(db, { reference: second.reference, userId: bea.id, reason: "I can't go now", now });
    await joinWaitlist(db, { eventId: full.id, userId: bea.id, quantity: 2, now });

    const data = await exportAccountData(db, { userId: bea.id, now });
    // (Two orders placed in the same millisecond may come in either order.)
    expect(data.orders).toHaveLength(2);
    expect(data.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reference: bought.reference,
          event: "Folk in the Barn",
          eventStartsAt: gig.startsAt.toISOString(),
          status: "paid",
          currency: "GBP",
          lines: [{ ticket: "Ticket 1", quantity: 2, unitPricePence: 1200, companion: false }],
          subtotalPence: 2400,
          totalPence: bought.totalPence,
          refundedPence: 0,
          nameGiven: "Bea Buyer",
          emailGiven: bea.email,
          cancellationRequests: [],
        }),
        expect.objectContaining({
          reference: second.reference,
          cancellationRequests: [expect.objectContaining({ reason: "I can't go now", status: "pending" })],
        }),
      ]),
    );
    expect(data.tickets).toHaveLength(3);
    expect(data.tickets.every((t) => t.event === "Folk in the Barn" && t.status === "valid")).toBe(true);
    expect(data.ticketsPassedOn).toEqual([
      expect.objectContaining({ direction: "sent", event: "Folk in the Barn", toEmail: "friend@example.com" }),
    ]);
    expect(data.waitlists).toEqual([expect.objectContaining({ event: "Sold Out Social", quantity: 2 })]);
    // A ticket's code is its entry: it stays on the ticket pages, not in a file.
    expect(JSON.stringify(data)).not.toContain(bought.tickets[0]!.code);

    // The other buyer's own download holds only theirs.
    const theirs = await exportAccountData(db, { userId: other.id, now });
    expect(theirs.orders.map((o) => o.event).sort()).toEqual(["Folk in the Barn", "Sold Out Social"]);
    expect(theirs.ticketsPassedOn).toEqual([]);
    expect(theirs.waitlists).toEqual([]);
  });

  it("is empty for someone who has booked nothing", async () => {
    const nobody = await createBuyer(database.db, "Nia New");
    const data = await exportAccountData(database.db, { userId: nobody.id, now: new Date() });
    expect(data).toMatchObject({ orders: [], tickets: [], ticketsPassedOn: [], waitlists: [] });
  });
});

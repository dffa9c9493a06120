import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { ticket, ticketType, user } from "~/db/schema";
import { eq } from "drizzle-orm";
import { claimTicket, sendTicket } from "./transfer-ticket";
import { getMyTicket, listMyTickets, upcomingTicketGroups } from "./list-my-tickets";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

describe("my tickets", () => {
  it("number each ticket within its order, as the ticket's own page does", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") });
    const bea = await createBuyer(db, "Bea Buyer");
    const first = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    const second = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 1, now, sign: codes.sign });

    const [group] = (await listMyTickets(db, { userId: bea.id, now })).upcoming;
    expect(group!.tickets).toHaveLength(3);
    for (const t of group!.tickets) {
      const page = await getMyTicket(db, { ticketId: t.id, userId: bea.id });
      expect(t.number, t.id).toBe(page!.index);
    }
    const only = group!.tickets.find((t) => t.id === second.tickets[0]!.id)!;
    expect(only.number).toBe(1);
    expect(
      group!.tickets
        .filter((t) => first.tickets.some((f) => f.id === t.id))
        .map((t) => t.number)
        .sort(),
    ).toEqual([1, 2]);
  });

  it("on the dashboard, are only the first few upcoming events", async () => {
    const db = database.db;
    const bea = await createBuyer(db, "Bea Buyer");
    for (const day of [5, 6, 7]) {
      const e = await createEvent(db, { hostId, startsAt: new Date(`2026-12-0${day}T19:30:00Z`) });
      await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 1, now, sign: codes.sign });
    }
    const groups = await upcomingTicketGroups(db, { userId: bea.id, now, limit: 2 });
    expect(groups.map((g) => g.event.startsAt.toISOString())).toEqual([
      "2026-12-05T19:30:00.000Z",
      "2026-12-06T19:30:00.000Z",
    ]);
  });

  it("say what the person gave for each ticket: what they paid, 'Free', or that it came from a friend", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-08T19:30:00Z") }, [
      { pricePence: 1000, capacity: 100 },
      { pricePence: 0, capacity: 100, name: "Free entry" },
    ]);
    const bea = await createBuyer(db, "Bea Buyer");
    const sam = await createBuyer(db, "Sam Friend");
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, sam.id));
    const [paidType, freeType] = await db
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(ticketType.sortOrder);
    const bought = await buyTickets(db, {
      eventId: e.id,
      buyer: bea,
      quantity: 2,
      ticketTypeId: paidType!.id,
      now,
      sign: codes.sign,
    });
    await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 1, ticketTypeId: freeType!.id, now, sign: codes.sign });
    const given = bought.tickets[0]!;
    const sent = await sendTicket(db, {
      ticketId: given.id,
      from: { ...bea, name: bea.name },
      toEmail: sam.email,
      now,
    });
    await claimTicket(db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now });

    const beas = (await listMyTickets(db, { userId: bea.id, now })).upcoming.find((g) => g.event.id === e.id)!.tickets;
    // Two £10 tickets cost the order's total, booking fee included: each is half of it.
    expect(beas).toHaveLength(2);
    expect(beas.map((t) => t.paid)).toEqual(
      expect.arrayContaining([{ kind: "paid", minor: bought.totalPence / 2, currency: "GBP" }, { kind: "free" }]),
    );
    expect(bought.totalPence).toBeGreaterThanOrEqual(2000);
    const sams = (await listMyTickets(db, { userId: sam.id, now })).upcoming.find((g) => g.event.id === e.id)!.tickets;
    expect(sams.map((t) => [t.id, t.paid])).toEqual([[given.id, { kind: "from-a-friend" }]]);
    expect((await db.select().from(ticket).where(eq(ticket.id, given.id)))[0]!.holderUserId).toBe(sam.id);
  });
});

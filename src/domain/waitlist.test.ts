import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { remaining } from "./ticket-availability";
import {
  chooseOffer,
  joinProblem,
  nothingToBuy,
  offerExpiry,
  pickSeats,
  planHandOffer,
  soldOutFor,
  type WaitlistTicket,
} from "./waitlist";

const now = new Date("2026-11-24T12:00:00Z");
const event = {
  startsAt: new Date("2026-12-01T19:00:00Z"),
  endsAt: new Date("2026-12-01T23:00:00Z"),
  isCancelled: false,
};
const ticket = (over: Partial<WaitlistTicket> = {}): WaitlistTicket => ({
  id: "t1",
  kind: "general",
  pricePence: 1000,
  capacity: 10,
  sold: 10,
  held: 0,
  salesStartAt: null,
  salesEndAt: null,
  maxPerOrder: 10,
  sortOrder: 0,
  ...over,
});

describe("joining a waitlist", () => {
  it("is for events with nothing left to buy, not ended, not cancelled, for 1 to 10 places", () => {
    expect(joinProblem(event, [ticket()], 2, now)).toBeNull();
    // Places held at someone's checkout are not for sale either.
    expect(joinProblem(event, [ticket({ sold: 8, held: 2 })], 1, now)).toBeNull();
    expect(joinProblem(event, [ticket({ sold: 9 })], 1, now)).toBe("on_sale");
    expect(joinProblem({ ...event, isCancelled: true }, [ticket()], 1, now)).toBe("cancelled");
    expect(joinProblem(event, [ticket()], 1, new Date("2026-12-02T00:00:00Z"))).toBe("ended");
    for (const q of [0, 11, 1.5, Number.NaN]) expect(joinProblem(event, [ticket()], q, now)).toBe("quantity");
  });

  it("counts private tickets out, and places whose sales open later in: there's no line before sales start", () => {
    expect(nothingToBuy([ticket(), ticket({ id: "p", kind: "private", sold: 0 })])).toBe(true);
    expect(
      nothingToBuy([
        ticket(),
        ticket({ id: "s", kind: "scheduled_visible", sold: 0, salesStartAt: new Date("2026-11-30T00:00:00Z") }),
      ]),
    ).toBe(false);
    expect(joinProblem(event, [ticket({ sold: 0, salesStartAt: new Date("2026-11-30T00:00:00Z") })], 1, now)).toBe(
      "on_sale",
    );
    expect(nothingToBuy([ticket({ id: "p", kind: "private" })])).toBe(false);
  });
});

describe("soldOutFor: what the booking panel says", () => {
  it("is sold out when the last place is held for someone on the waitlist, not only when it is sold", () => {
    expect(soldOutFor([ticket({ sold: 9, held: 1 })], [])).toBe(true);
    expect(soldOutFor([ticket({ sold: 9, held: 0 })], [])).toBe(false);
  });

  it("is not sold out for a buyer holding a private ticket with places left", () => {
    const tickets = [ticket(), ticket({ id: "p", kind: "private", sold: 0 })];
    expect(soldOutFor(tickets, ["p"])).toBe(false);
    expect(soldOutFor(tickets, [])).toBe(true);
    expect(soldOutFor([ticket(), ticket({ id: "p", kind: "private" })], ["p"])).toBe(true);
  });
});

describe("choosing an offer", () => {
  it("offers the first ticket type in the host's order with enough places, or the most there are", () => {
    const tickets = [ticket({ id: "a", sortOrder: 0, sold: 9 }), ticket({ id: "b", sortOrder: 1, sold: 7 })];
    expect(chooseOffer(tickets, 2, now)).toEqual({ ticketTypeId: "b", quantity: 2 });
    expect(chooseOffer(tickets, 1, now)).toEqual({ ticketTypeId: "a", quantity: 1 });
    expect(chooseOffer([ticket({ sold: 9 })], 4, now)).toEqual({ ticketTypeId: "t1", quantity: 1 });
    expect(chooseOffer([ticket()], 1, now)).toBeNull();
    expect(chooseOffer([ticket({ kind: "private", sold: 0 })], 1, now)).toBeNull();
  });

  it("never offers more than is free, more than wanted, or more than one order may hold", () => {
    const arbTicket = fc.record({
      id: fc.uuid(),
      capacity: fc.integer({ min: 0, max: 50 }),
      soldShare: fc.double({ min: 0, max: 1, noNaN: true }),
      held: fc.integer({ min: 0, max: 5 }),
      maxPerOrder: fc.integer({ min: 1, max: 10 }),
      sortOrder: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(arbTicket, { maxLength: 5 }), fc.integer({ min: 1, max: 10 }), (raw, wanted) => {
        const tickets = raw.map((r) => {
          const sold = Math.floor(r.capacity * r.soldShare);
          return ticket({
            id: r.id,
            capacity: r.capacity,
            sold,
            held: Math.min(r.held, r.capacity - sold),
            maxPerOrder: r.maxPerOrder,
            sortOrder: r.sortOrder,
          });
        });
        const offer = chooseOffer(tickets, wanted, now);
        if (!offer) return tickets.every((t) => remaining(t) === 0);
        const t = tickets.find((x) => x.id === offer.ticketTypeId)!;
        return (
          offer.quantity >= 1 &&
          offer.quantity <= remaining(t) &&
          offer.quantity <= wanted &&
          offer.quantity <= t.maxPerOrder
        );
      }),
    );
  });

  it("holds an offer for the host's window, but never past the end of the event", () => {
    expect(offerExpiry({ hours: 12, now, eventEnds: event.endsAt })).toEqual(new Date("2026-11-25T00:00:00Z"));
    const soon = new Date("2026-11-24T15:00:00Z");
    expect(offerExpiry({ hours: 12, now, eventEnds: soon })).toEqual(soon);
  });
});

describe("seats for an offer", () => {
  it("keeps a party together in the frontmost row that fits, else takes the first free seats", () => {
    const plan = { rows: 3, columns: 4 };
    expect(pickSeats(plan, new Set(["1:2", "2:1", "2:4"]), 2)).toEqual([
      { row: 1, column: 3 },
      { row: 1, column: 4 },
    ]);
    const full = new Set(["1:1", "1:2", "1:4", "2:1", "2:3", "3:1", "3:2", "3:3", "3:4"]);
    expect(pickSeats(plan, full, 2)).toEqual([
      { row: 1, column: 3 },
      { row: 2, column: 2 },
    ]);
    expect(pickSeats(plan, full, 4)).toBeNull();
  });
});

describe("an offer by hand", () => {
  const ga = { seated: false };
  it("takes the places free now when they cover what the person may have, adding none", () => {
    expect(planHandOffer([ticket({ sold: 7 })], 2, now, ga)).toEqual({ ticketTypeId: "t1", quantity: 2, add: 0 });
    // A later type with room enough, as an automatic offer would choose it.
    const types = [ticket({ sold: 9 }), ticket({ id: "t2", sortOrder: 1, sold: 5 })];
    expect(planHandOffer(types, 2, now, ga)).toEqual({ ticketTypeId: "t2", quantity: 2, add: 0 });
  });

  it("adds to the first type open for sale only what is missing, up to its per-order limit", () => {
    expect(planHandOffer([ticket()], 2, now, ga)).toEqual({ ticketTypeId: "t1", quantity: 2, add: 2 });
    expect(planHandOffer([ticket({ sold: 9 })], 3, now, ga)).toEqual({ ticketTypeId: "t1", quantity: 3, add: 2 });
    const capped = planHandOffer([ticket({ maxPerOrder: 2 })], 5, now, ga);
    expect(capped).toEqual({ ticketTypeId: "t1", quantity: 2, add: 2 });
    // Held places are not free: they are someone's.
    expect(planHandOffer([ticket({ sold: 8, held: 2 })], 1, now, ga)).toMatchObject({ add: 1 });
  });

  it("never grows a private type, nor one outside its sale window; with none open, nothing", () => {
    const types = [
      ticket({ id: "vip", kind: "private", sortOrder: 0 }),
      ticket({ id: "early", sortOrder: 1, salesEndAt: new Date("2026-11-01T00:00:00Z") }),
      ticket({ id: "door", sortOrder: 2 }),
    ];
    expect(planHandOffer(types, 1, now, ga)).toEqual({ ticketTypeId: "door", quantity: 1, add: 1 });
    expect(planHandOffer(types.slice(0, 2), 1, now, ga)).toBeNull();
    expect(planHandOffer([ticket({ salesStartAt: new Date("2026-11-30T00:00:00Z") })], 1, now, ga)).toBeNull();
  });

  it("at a seated venue offers only free seats, fewer than wanted if that is all, and never adds", () => {
    const seated = { seated: true };
    expect(planHandOffer([ticket({ sold: 9 })], 3, now, seated)).toEqual({ ticketTypeId: "t1", quantity: 1, add: 0 });
    expect(planHandOffer([ticket()], 1, now, seated)).toBeNull();
  });

  it("offers nothing to someone who may have no more", () => {
    expect(planHandOffer([ticket({ sold: 0 })], 0, now, ga)).toBeNull();
  });

  it("never claims more than capacity once the places are added", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        (capacity, sold, held, wanted, maxPerOrder) => {
          const t = ticket({ capacity: capacity + sold + held, sold, held, maxPerOrder });
          const plan = planHandOffer([t], wanted, now, ga);
          expect(plan).not.toBeNull();
          expect(plan!.quantity).toBe(Math.min(wanted, maxPerOrder));
          expect(plan!.quantity).toBeLessThanOrEqual(remaining({ ...t, capacity: t.capacity + plan!.add }));
          expect(plan!.add).toBe(Math.max(0, plan!.quantity - remaining(t)));
        },
      ),
    );
  });
});

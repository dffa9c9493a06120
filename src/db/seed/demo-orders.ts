import { ACTIVE_PROVIDER_FEE } from "../../domain/money";
import { orderReference } from "../../domain/order-reference";
import { priceOrder } from "../../domain/pricing";
import type { PlannedEvent } from "./seed-demo";

/**
 * The demo's sales as real orders: every ticket counted as sold on a demo event belongs to an
 * order, bought by the demo buyer (Bea, who has upcoming and past tickets) or by one of the demo
 * crowd below, so every count on a card, a badge or a report reconciles with the orders.
 */

/** People who bought tickets in the demo. They have no password, so nobody can sign in as them. */
export const DEMO_CROWD = [
  ["Aisha", "Khan"],
  ["Tom", "Bradley"],
  ["Niamh", "O'Connor"],
  ["Callum", "MacLeod"],
  ["Priya", "Shah"],
  ["Gareth", "Price"],
  ["Chloe", "Evans"],
  ["Kwame", "Mensah"],
  ["Sophie", "Walker"],
  ["Jamie", "Fraser"],
  ["Fatima", "Ali"],
  ["Owen", "Jones"],
  ["Hannah", "Clarke"],
  ["Ravi", "Patel"],
  ["Megan", "Hughes"],
  ["Daniel", "Okoro"],
  ["Ellie", "Turner"],
  ["Liam", "Murphy"],
  ["Zara", "Ahmed"],
  ["Rhys", "Williams"],
  ["Grace", "Thompson"],
  ["Sam", "Robinson"],
  ["Isla", "Campbell"],
  ["Marcus", "Reid"],
] as const;

export const crowdEmail = (first: string, last: string) =>
  `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "") + "@example.com";

export type DemoBuyer = { kind: "buyer" } | { kind: "crowd"; index: number };

export interface PlannedOrder {
  /** Index into the planned events. */
  event: number;
  /** Index into that event's tickets. */
  ticket: number;
  quantity: number;
  unitPricePence: number;
  buyer: DemoBuyer;
  reference: string;
  createdAt: Date;
  /** Uses the host's public demo discount code. */
  discounted: boolean;
  /** Seats (1-based row and column) for a seated venue, one per ticket. */
  seats: { row: number; column: number }[];
}

/** Order sizes as people buy them: mostly pairs, some alone, a few groups. */
const SIZES = [1, 1, 1, 2, 2, 2, 2, 3, 4, 4];
const PWYW_EXTRA = [0, 0, 0, 200, 500, 1000];
const HOUR = 3_600_000;

/**
 * Which events the demo buyer has tickets for: a few upcoming ones (tonight's, a seated show, a
 * free one and two more), and a few that are over (two past, one that ended today). Only events
 * with tickets sold and a public listing qualify; the tickets come out of the sold counts.
 */
export function chooseBuyerEvents(events: readonly PlannedEvent[]): number[] {
  const sold = (e: PlannedEvent) => e.tickets.reduce((n, t) => n + t.sold, 0);
  const listed = events
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => sold(e) >= 2 && !["private", "draft", "cancelled"].includes(e.template.scenario));
  const byStart = [...listed].sort((a, b) => a.e.startsAt.getTime() - b.e.startsAt.getTime());
  const picked: number[] = [];
  const take = (match: (e: PlannedEvent) => boolean, count = 1) => {
    for (const { e, i } of byStart) {
      if (count === 0) break;
      if (!picked.includes(i) && match(e)) {
        picked.push(i);
        count--;
      }
    }
  };
  take((e) => e.template.scenario === "today");
  take((e) => e.template.scenario === "upcoming" && e.seated !== null);
  take((e) => e.template.scenario === "upcoming" && e.tickets.every((t) => t.pricePence === 0));
  take((e) => e.template.scenario === "upcoming" && e.tickets.some((t) => t.pricePence > 0), 2);
  take((e) => e.template.scenario === "past", 2);
  take((e) => e.template.scenario === "ended-today");
  return picked;
}

/**
 * Splits every event's sold tickets into orders, deterministically for a given generator. Each
 * order buys one ticket type; the demo buyer's orders come first, then the crowd's, until each
 * type's orders add up to exactly its sold count. Seated events get seats in booking order,
 * front row first, each party together where the row allows.
 */
export function planDemoOrders(
  events: readonly PlannedEvent[],
  now: Date,
  rand: () => number,
  reference = () => orderReference(Array.from({ length: 8 }, () => Math.floor(rand() * 256))),
): PlannedOrder[] {
  const mine = new Set(chooseBuyerEvents(events));
  const orders: PlannedOrder[] = [];
  events.forEach((e, eventIndex) => {
    const left = e.tickets.map((t) => t.sold);
    const opened = (e.lastPublishedAt ?? e.createdAt).getTime();
    const closes = Math.min(now.getTime(), e.startsAt.getTime()) - HOUR;
    const when = () => new Date(closes <= opened ? opened : opened + Math.floor(rand() * (closes - opened)));
    const made: PlannedOrder[] = [];
    const add = (ticket: number, quantity: number, buyer: DemoBuyer) => {
      const t = e.tickets[ticket]!;
      left[ticket]! -= quantity;
      made.push({
        event: eventIndex,
        ticket,
        quantity,
        unitPricePence: t.payWhatYouWish
          ? t.pricePence + PWYW_EXTRA[Math.floor(rand() * PWYW_EXTRA.length)]!
          : t.pricePence,
        buyer,
        reference: reference(),
        createdAt: when(),
        discounted: buyer.kind === "crowd" && t.pricePence > 0 && e.template.host === "host" && rand() < 0.1,
        seats: [],
      });
    };
    if (mine.has(eventIndex)) {
      const ticket = left.findIndex((n) => n >= 2);
      add(ticket, 2, { kind: "buyer" });
    }
    left.forEach((_, ticket) => {
      while (left[ticket]! > 0)
        add(ticket, Math.min(left[ticket]!, SIZES[Math.floor(rand() * SIZES.length)]!), {
          kind: "crowd",
          index: Math.floor(rand() * DEMO_CROWD.length),
        });
    });
    made.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (e.seated) assignSeats(made, e.seated);
    orders.push(...made);
  });
  return orders;
}

/**
 * Seats in booking order, row by row from the front; a party that would not fit the rest of a row starts the next one
 * when it can.
 */
function assignSeats(orders: PlannedOrder[], plan: { rows: number; columns: number }) {
  let row = 1;
  let column = 1;
  let needed = orders.reduce((n, o) => n + o.quantity, 0);
  let free = plan.rows * plan.columns;
  if (needed > free) throw new Error(`A seated demo event sold ${needed} tickets but has only ${free} seats`);
  for (const o of orders) {
    const restOfRow = plan.columns - column + 1;
    // Skip to the next row only when the seats skipped cannot be needed later.
    if (o.quantity > restOfRow && row < plan.rows && free - restOfRow >= needed) {
      free -= restOfRow;
      row++;
      column = 1;
    }
    for (let k = 0; k < o.quantity; k++) {
      if (column > plan.columns) {
        row++;
        column = 1;
      }
      o.seats.push({ row, column });
      column++;
      free--;
      needed--;
    }
  }
}

/** An order's money, priced by the same rules as checkout (the demo hosts pass the fee on). */
export function priceDemoOrder(
  o: Pick<PlannedOrder, "quantity" | "unitPricePence" | "discounted">,
  discountBasisPoints: number,
) {
  return priceOrder([{ quantity: o.quantity, unitPricePence: o.unitPricePence }], {
    discount: o.discounted ? { kind: "percent", basisPoints: discountBasisPoints } : null,
    feeMode: "pass",
    fee: ACTIVE_PROVIDER_FEE,
  });
}

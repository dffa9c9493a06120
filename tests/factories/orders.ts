import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.server";
import { ticket, ticketType, user } from "../../src/db/schema";
import { completeOrder, type TicketSigner } from "../../src/services/complete-order";
import { holdTickets } from "../../src/services/hold-tickets";

/** A buyer account (no password: these tests call services, not the sign-in form). */
/** A buyer, their address confirmed as most people's is (`emailVerified: false` for one who hasn't yet). */
export async function createBuyer(db: Db, name = "Bea Buyer", opts: { emailVerified?: boolean } = {}) {
  const id = randomUUID();
  const [first, last] = name.split(" ");
  const [row] = await db
    .insert(user)
    .values({
      id,
      name,
      email: `${first!.toLowerCase()}-${id.slice(0, 8)}@example.com`,
      userType: "buyer",
      firstName: first,
      lastName: last ?? null,
      emailVerified: opts.emailVerified ?? true,
    })
    .returning();
  return row!;
}

/**
 * Buys tickets the way checkout does: a hold, then the order (paid through `payment`, or free).
 * Returns the order with its tickets.
 */
export async function buyTickets(
  db: Db,
  input: {
    eventId: string;
    buyer: { id: string; email: string; name: string };
    quantity?: number;
    ticketTypeId?: string;
    now: Date;
    sign: TicketSigner;
    seats?: { row: number; column: number }[];
  },
) {
  const typeId =
    input.ticketTypeId ??
    (await db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, input.eventId)).limit(1))[0]!
      .id;
  const held = await holdTickets(db, {
    eventId: input.eventId,
    userId: input.buyer.id,
    lines: [{ ticketTypeId: typeId, quantity: input.quantity ?? 1 }],
    seats: input.seats,
    now: input.now,
  });
  const total = held.breakdown.totalPence;
  const done = await completeOrder(db, {
    holdId: held.holdId,
    buyer: { userId: input.buyer.id, email: input.buyer.email, name: input.buyer.name },
    payment:
      total === 0 ? null : { provider: "test", providerPaymentId: `pi_test_${randomUUID()}`, amountPence: total },
    now: input.now,
    sign: input.sign,
  });
  const tickets = await db.select().from(ticket).where(eq(ticket.orderId, done.orderId));
  return { ...done, totalPence: total, tickets };
}

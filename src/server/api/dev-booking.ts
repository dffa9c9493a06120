import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { event, hold, order, payment, paymentDestination, ticket, ticketType, user, venue } from "~/db/schema";
import { checkAccessNeeds } from "~/domain/access-needs";
import { orderMoney } from "~/domain/reports";
import { AppError } from "~/lib/app-error";
import { personName } from "~/lib/person-name";
import { readJson } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { completeOrder, type TicketSigner } from "~/services/complete-order";
import { holdTickets } from "~/services/hold-tickets";
import { joinWaitlist } from "~/services/join-waitlist";
import { errorResponse } from "../errors";

const Scenario = z.object({
  name: z.string().trim().min(1).max(120),
  capacity: z.number().int().min(1).max(500),
  pricePence: z.number().int().min(0).max(100_000),
  /** An account to sell tickets to, through the real checkout services. */
  soldTo: z.string().email().optional(),
  quantity: z.number().int().min(1).max(10).default(1),
  hostEmail: z.string().email().default("host@ticketyboo.test"),
  /** How many ticket types the event starts with (the first is the one sold). */
  ticketTypes: z.number().int().min(1).max(10).default(1),
  /** A question the event asks at checkout, and the buyer's answer to it on the order sold. */
  question: z.string().trim().min(1).max(200).optional(),
  answer: z.string().trim().min(1).max(500).optional(),
  /** Access needs the buyer shares with the host on the order sold. */
  accessNeeds: z.object({ needs: z.array(z.string()).max(10), notes: z.string().max(500) }).optional(),
  /** When it starts, in whole hours from now (a week ahead unless told): soonest first in the Studio's lists. */
  startsInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(7 * 24),
});

const Waiting = z.object({
  eventId: z.string().uuid(),
  /** People to make and put on the event's waitlist, in this order (an hour apart, the first earliest). */
  people: z
    .array(z.object({ name: z.string().trim().min(1).max(80), quantity: z.number().int().min(1).max(10).default(1) }))
    .min(1)
    .max(20),
});
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ReportTotals = z.object({
  hostEmail: z.string().email().default("host@ticketyboo.test"),
  from: Day,
  to: Day,
  eventId: z.string().uuid().optional(),
});
const Door = z.object({ eventId: z.string().uuid(), voidCode: z.string().max(200).optional() });

const Sale = z.object({
  eventId: z.string().uuid(),
  soldTo: z.string().email(),
  quantity: z.number().int().min(1).max(10).default(1),
});

/**
 * Dev and test drills for bookings (mounted with dev routes only, like the other /dev drills):
 * - `POST /dev/holds/:id/expire` makes a hold's ten minutes run out now, so the timer's end can be
 *   tried without waiting;
 * - `POST /dev/scenarios/event` makes a fresh event a week from now at the host's first venue (with
 *   one ticket type, or `ticketTypes` of them), and
 *   optionally sells tickets to an account (hold, then order, as checkout does), so an e2e journey
 *   that changes orders has its own to change (with `question`/`answer` and `accessNeeds`, the order
 *   carries an answer at checkout and access needs shared with the host);
 * - `POST /dev/scenarios/sale` sells an existing event's first ticket type to an account the same way
 *   (both answer the tickets' codes, as the door scans them);
 * - `POST /dev/scenarios/waitlist` makes new buyer accounts and puts them on a sold-out event's waitlist, as
 *   joining does, so a journey has people waiting;
 * - `POST /dev/scenarios/door` answers a code signed for an event whose ticket is not in the database,
 *   and cancels the ticket with `voidCode` as a refund would, so the door's every answer can be tried;
 * - `GET /dev/scenarios/venue?name=` answers a demo venue's id (the seed's ids are random), so a
 *   journey can open that venue's pages in Partner Studio;
 * - `GET /dev/scenarios/report-totals?hostEmail=&from=&to=&eventId=` sums a host's order and ticket
 *   rows placed on those London days straight in SQL, so a journey knows what the reports must say
 *   without asking the reports;
 * - `GET /dev/scenarios/host-orders?email=` answers a host's paid orders as the database has them
 *   (with their event's times and fee mode, and the application fee of those paid to the host's
 *   account), so a journey can work out what is due itself and compare it with the payouts page.
 */
export function devBookingRoutes(database: Database, sign: TicketSigner) {
  return new Hono()
    .post("/holds/:holdId/expire", async (c) => {
      const id = c.req.param("holdId");
      if (!isUuid(id)) return c.json({ expired: false }, 404);
      const rows = await database.db
        .update(hold)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(hold.id, id), eq(hold.status, "active")))
        .returning({ id: hold.id });
      return c.json({ expired: rows.length === 1 }, rows.length === 1 ? 200 : 404);
    })
    .get("/scenarios/host-orders", async (c) => {
      const email = c.req.query("email") ?? "";
      const db = database.db;
      const [host] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      if (!host) return errorResponse(c, new AppError("not_found", "No such host."));
      const rows = await db
        .select({
          eventId: order.eventId,
          currency: order.currency,
          totalPence: order.totalPence,
          bookingFeePence: order.bookingFeePence,
          refundedPence: order.refundedPence,
          feeMode: event.feeMode,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          applicationFeePence: paymentDestination.applicationFeePence,
        })
        .from(order)
        .innerJoin(event, eq(event.id, order.eventId))
        .leftJoin(payment, eq(payment.orderId, order.id))
        .leftJoin(paymentDestination, eq(paymentDestination.paymentId, payment.id))
        .where(and(eq(order.hostId, host.id), sql`${order.totalPence} > 0`));
      return c.json({ hostId: host.id, orders: rows });
    })
    .get("/scenarios/venue", async (c) => {
      const name = c.req.query("name") ?? "";
      const [place] = await database.db.select({ id: venue.id }).from(venue).where(eq(venue.name, name)).limit(1);
      return place ? c.json({ id: place.id }) : errorResponse(c, new AppError("not_found", "No such venue."));
    })
    .get("/scenarios/report-totals", async (c) => {
      const q = ReportTotals.safeParse(c.req.query());
      if (!q.success) return errorResponse(c, new AppError("bad_request", q.error.issues[0]?.message));
      const { hostEmail, from, to, eventId } = q.data;
      const [host] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, hostEmail));
      if (!host) return errorResponse(c, new AppError("not_found", "No such host."));
      const day = sql`(o.created_at at time zone 'Europe/London')::date`;
      const where = sql`o.host_id = ${host.id} and ${day} between ${from}::date and ${to}::date
        ${eventId ? sql`and o.event_id = ${eventId}::uuid` : sql``}`;
      // Every order read and summed here by the reports' own rule for one order (`orderMoney`), apart from
      // the roll-up the reports read.
      const orders = await database.db.execute<Record<string, string>>(sql`
        select o.currency, o.total_pence, o.booking_fee_pence, o.refunded_pence from "order" o where ${where}`);
      const money: Record<string, { gross: number; refunds: number; fees: number }> = {};
      for (const o of orders.rows) {
        const m = orderMoney({
          totalPence: Number(o.total_pence),
          bookingFeePence: Number(o.booking_fee_pence),
          refundedPence: Number(o.refunded_pence),
        });
        const sum = (money[o.currency!] ??= { gross: 0, refunds: 0, fees: 0 });
        sum.gross += m.gross;
        sum.refunds += m.refunds;
        sum.fees += m.fees;
      }
      const [tickets] = (
        await database.db.execute<Record<string, string>>(sql`
          select count(*) filter (where t.status <> 'void' and not t.companion) as sold,
                 count(*) filter (where t.status = 'checked_in') as checked_in
            from ticket t join "order" o on o.id = t.order_id where ${where}`)
      ).rows;
      return c.json({
        orders: orders.rows.length,
        sold: Number(tickets?.sold ?? 0),
        checkedIn: Number(tickets?.checked_in ?? 0),
        money,
      });
    })
    .post("/scenarios/event", async (c) => {
      const parsed = await readJson(c.req.raw, Scenario);
      if (!parsed.ok) return errorResponse(c, parsed.error);
      const s = parsed.data;
      const db = database.db;
      const [host] = await db.select().from(user).where(eq(user.email, s.hostEmail));
      if (!host) return errorResponse(c, new AppError("not_found", "No such host."));
      const [place] = await db
        .select({ id: venue.id })
        .from(venue)
        .where(eq(venue.hostId, host.id))
        .orderBy(asc(venue.createdAt))
        .limit(1);
      const now = new Date();
      const startsAt = new Date(Math.ceil((now.getTime() + s.startsInHours * 3_600_000) / 3_600_000) * 3_600_000);
      const [created] = await db
        .insert(event)
        .values({
          slug: `${s.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, "")}-${randomUUID().slice(0, 6)}`,
          name: s.name,
          summary: "Made for a test run.",
          category: "music-events",
          eventType: "gigs",
          hostId: host.id,
          venueId: place?.id ?? null,
          isOnline: !place,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
          status: "published",
          lastPublishedAt: now,
          questions: s.question ? [{ id: "q1", label: s.question, required: false, kind: "text" as const }] : [],
        })
        .returning();
      const [type] = await db
        .insert(ticketType)
        .values(
          Array.from({ length: s.ticketTypes }, (_, i) => ({
            eventId: created!.id,
            name: i === 0 ? "General admission" : `Ticket ${i + 1}`,
            pricePence: s.pricePence,
            capacity: s.capacity,
            sortOrder: i,
          })),
        )
        .returning();
      let reference: string | null = null;
      let codes: string[] = [];
      if (s.soldTo) {
        const sold = await sell({
          eventId: created!.id,
          ticketTypeId: type!.id,
          email: s.soldTo,
          quantity: s.quantity,
          answers: s.question && s.answer ? { q1: s.answer } : undefined,
          accessNeeds: s.accessNeeds,
        });
        if (!sold) return errorResponse(c, new AppError("not_found", "No such buyer."));
        ({ reference, codes } = sold);
      }
      return c.json({ eventId: created!.id, slug: created!.slug, reference, codes });
    })
    .post("/scenarios/waitlist", async (c) => {
      const parsed = await readJson(c.req.raw, Waiting);
      if (!parsed.ok) return errorResponse(c, parsed.error);
      const { eventId, people } = parsed.data;
      const db = database.db;
      const now = Date.now();
      const joined = [];
      for (const [i, p] of people.entries()) {
        const id = randomUUID();
        const [first, ...rest] = p.name.split(" ");
        const email = `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${id.slice(0, 6)}@example.com`;
        await db.insert(user).values({
          id,
          name: p.name,
          email,
          userType: "buyer",
          firstName: first,
          lastName: rest.join(" ") || null,
        });
        try {
          const at = new Date(now - (people.length - i) * 3_600_000);
          const { entryId } = await joinWaitlist(db, { eventId, userId: id, quantity: p.quantity, now: at });
          joined.push({ entryId, email, name: p.name });
        } catch (error) {
          return errorResponse(c, error instanceof AppError ? error : new AppError("conflict", String(error)));
        }
      }
      return c.json({ people: joined });
    })
    .post("/scenarios/sale", async (c) => {
      const parsed = await readJson(c.req.raw, Sale);
      if (!parsed.ok) return errorResponse(c, parsed.error);
      const { eventId, soldTo, quantity } = parsed.data;
      const [first] = await database.db
        .select({ id: ticketType.id })
        .from(ticketType)
        .where(eq(ticketType.eventId, eventId))
        .orderBy(asc(ticketType.sortOrder))
        .limit(1);
      if (!first) return errorResponse(c, new AppError("not_found", "No such event."));
      const sold = await sell({ eventId, ticketTypeId: first.id, email: soldTo, quantity });
      if (!sold) return errorResponse(c, new AppError("not_found", "No such buyer."));
      return c.json(sold);
    })
    .post("/scenarios/door", async (c) => {
      const parsed = await readJson(c.req.raw, Door);
      if (!parsed.ok) return errorResponse(c, parsed.error);
      const { eventId, voidCode } = parsed.data;
      if (voidCode) await database.db.update(ticket).set({ status: "void" }).where(eq(ticket.code, voidCode));
      return c.json({ ghostCode: await sign(eventId, randomUUID()) });
    });

  /** Sells tickets to an account as checkout does (a hold, then an order paid by the test provider). */
  async function sell(input: {
    eventId: string;
    ticketTypeId: string;
    email: string;
    quantity: number;
    answers?: Record<string, string>;
    accessNeeds?: { needs: string[]; notes: string };
  }) {
    const db = database.db;
    const now = new Date();
    const [buyer] = await db.select().from(user).where(eq(user.email, input.email));
    if (!buyer) return null;
    const held = await holdTickets(db, {
      eventId: input.eventId,
      userId: buyer.id,
      lines: [{ ticketTypeId: input.ticketTypeId, quantity: input.quantity }],
      now,
    });
    const total = held.breakdown.totalPence;
    const done = await completeOrder(db, {
      holdId: held.holdId,
      buyer: { userId: buyer.id, email: buyer.email, name: personName(buyer) },
      payment:
        total === 0 ? null : { provider: "test", providerPaymentId: `pi_dev_${randomUUID()}`, amountPence: total },
      answers: input.answers,
      now,
      sign,
    });
    const shared = input.accessNeeds ? checkAccessNeeds(input.accessNeeds) : null;
    if (shared?.ok && shared.value)
      await db.update(order).set({ accessNeeds: shared.value }).where(eq(order.id, done.orderId));
    const sold = await db.select({ code: ticket.code }).from(ticket).where(eq(ticket.orderId, done.orderId));
    return { reference: done.reference, codes: sold.map((t) => t.code) };
  }
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  cancellationRequest,
  event,
  hostPayout,
  hostPayoutAccount,
  order,
  payment,
  paymentDestination,
  ticketType,
  user,
} from "~/db/schema";
import { PAYOUT_DELAY_DAYS } from "~/domain/payouts";
import { isAppError } from "~/lib/app-error";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { studioMessages } from "~/texts/studio-messages";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelEvent } from "./cancel-event";
import { approveCancellation, refundAndFinish } from "./decide-cancellation";
import { holdTickets } from "./hold-tickets";
import {
  ACCOUNT_CHECKS,
  checkoutDestination,
  hostPayouts,
  payOutDueEvents,
  paidToHostAccount,
  payoutAccount,
  refreshPayoutAccount,
  refreshPayoutAccountById,
  ONBOARDING_LINKS,
  startPayoutOnboarding,
} from "./host-payouts";
import { settlePayment, startPayment } from "./settle-payment";
import { createDbThrottle } from "./throttle";

const codes = createTicketCodes("a test ticket secret that is long enough");
const publicUrl = "https://tickets.example";
const DAY = 86_400_000;
let database: Database;
let provider: ReturnType<typeof createTestProvider>;
let throttle: ReturnType<typeof createDbThrottle>;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createTestProvider(database.db, publicUrl);
  throttle = createDbThrottle(database.db, { cleanupProbability: 0 });
});
afterAll(() => database.close());

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

/** Connects the host's payouts as the owner does: onboarding link, the provider's page completed, back again. */
async function connect(hostId: string) {
  const db = database.db;
  const { url } = await startPayoutOnboarding(db, provider, {
    hostId,
    role: "owner",
    publicUrl,
    now: new Date(),
    throttle,
  });
  const accountId = url.split("/pay/test/connect/")[1]!;
  expect(await provider.finishOnboarding(accountId, true)).toBe(`${publicUrl}/h/settings/payouts?from=onboarding`);
  return refreshPayoutAccount(db, provider, { hostId, now: new Date(), throttle });
}

describe("connecting payouts", () => {
  it("is for owners: a manager or scanner is refused and no account is opened", async () => {
    const db = database.db;
    const host = await createHost(db);
    for (const role of ["manager", "scanner"] as const) {
      const refused = await rejection(
        startPayoutOnboarding(db, provider, { hostId: host.id, role, publicUrl, now: new Date(), throttle }),
      );
      expect(isAppError(refused) && refused.code).toBe("forbidden");
    }
    expect(await payoutAccount(db, host.id)).toBeNull();
  });

  it("opens one account per host, taking charges once onboarding is complete, then routing sales", async () => {
    const db = database.db;
    const host = await createHost(db);
    const start = () =>
      startPayoutOnboarding(db, provider, { hostId: host.id, role: "owner", publicUrl, now: new Date(), throttle });
    const first = await start();
    const again = await start();
    expect(again.url).toBe(first.url);
    const rows = await db.select().from(hostPayoutAccount).where(eq(hostPayoutAccount.hostId, host.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "test", chargesEnabled: false, detailsSubmitted: false });
    expect(await checkoutDestination(db, { hostId: host.id, provider: "test" })).toBeNull();

    // Leaving onboarding changes nothing; completing it connects the account.
    await provider.finishOnboarding(rows[0]!.accountId, false);
    expect((await refreshPayoutAccount(db, provider, { hostId: host.id, now: new Date(), throttle }))?.connected).toBe(
      false,
    );
    const account = await connect(host.id);
    expect(account).toMatchObject({ connected: true, payoutsEnabled: true, accountId: rows[0]!.accountId });
    expect(await checkoutDestination(db, { hostId: host.id, provider: "test" })).toBe(rows[0]!.accountId);
    // The same account is never routed to for another provider's checkout.
    expect(await checkoutDestination(db, { hostId: host.id, provider: "stripe" })).toBeNull();
  });

  it("asks the provider a bounded number of times however often a Studio page is opened or pressed", async () => {
    const db = database.db;
    const host = await createHost(db);
    const connect = provider.connect!;
    const calls = { retrieve: 0, link: 0 };
    // The real test provider, with its calls counted: every one would be a call to Stripe, whose rate limit
    // is the whole platform's (a manager reloading the payouts page in a loop would stop every checkout).
    const counted = {
      ...provider,
      connect: {
        ...connect,
        retrieveAccount: (id: string) => (calls.retrieve++, connect.retrieveAccount(id)),
        onboardingLink: (input: Parameters<typeof connect.onboardingLink>[0]) => (
          calls.link++,
          connect.onboardingLink(input)
        ),
      },
    };
    const now = new Date();
    const start = () =>
      startPayoutOnboarding(db, counted, { hostId: host.id, role: "owner", publicUrl, now, throttle });
    const refresh = () => refreshPayoutAccount(db, counted, { hostId: host.id, now, throttle });

    for (let i = 0; i < 50; i++) await start().catch((e: unknown) => e);
    expect(calls.link).toBe(ONBOARDING_LINKS.limit);
    const refused = await rejection(start());
    expect(isAppError(refused) && refused.code).toBe("rate_limited");
    for (let i = 0; i < 50; i++) expect((await refresh())?.accountId).toMatch(/^acct_test_/);
    expect(calls.retrieve).toBe(ACCOUNT_CHECKS.limit);

    // Another host is not held back by the first one's presses.
    const other = await createHost(db);
    await startPayoutOnboarding(db, counted, { hostId: other.id, role: "owner", publicUrl, now, throttle });
    expect(calls.link).toBe(ONBOARDING_LINKS.limit + 1);
  });

  it("keeps what the provider says of an account an event names, ignoring accounts not ours", async () => {
    const db = database.db;
    const host = await createHost(db);
    await startPayoutOnboarding(db, provider, { hostId: host.id, role: "owner", publicUrl, now: new Date(), throttle });
    const [row] = await db.select().from(hostPayoutAccount).where(eq(hostPayoutAccount.hostId, host.id));
    await provider.finishOnboarding(row!.accountId, true);
    await refreshPayoutAccountById(db, provider, { accountId: row!.accountId, now: new Date() });
    expect((await payoutAccount(db, host.id))?.connected).toBe(true);
    await refreshPayoutAccountById(db, provider, { accountId: "acct_test_nobody", now: new Date() });
  });
});

describe("what a host is paid and is due", () => {
  it("reconciles with the orders table: sales collected, paid to the account, refunds, fees", async () => {
    const db = database.db;
    const host = await createHost(db);
    const other = await createHost(db);
    const bea = await createBuyer(db);
    const sold = new Date("2026-10-01T12:00:00Z");
    const now = new Date();
    const quiz = await createEvent(
      db,
      {
        hostId: host.id,
        name: "Past Quiz",
        startsAt: new Date("2026-10-10T19:00:00Z"),
        endsAt: new Date("2026-10-10T22:00:00Z"),
      },
      [{ pricePence: 1000, capacity: 100 }],
    );
    const gig = await createEvent(
      db,
      { hostId: host.id, name: "Future Gig", startsAt: new Date(now.getTime() + 30 * DAY) },
      [{ pricePence: 1500, capacity: 100 }],
    );
    const absorbed = await createEvent(
      db,
      { hostId: host.id, name: "Absorbed Night", feeMode: "absorb", startsAt: new Date(now.getTime() + 30 * DAY) },
      [{ pricePence: 2000, capacity: 100 }],
    );
    const euro = await createEvent(
      db,
      { hostId: host.id, name: "Dublin", currency: "EUR", startsAt: new Date("2026-10-11T19:00:00Z") },
      [{ pricePence: 800, capacity: 100 }],
    );
    const theirs = await createEvent(db, {
      hostId: other.id,
      name: "Not Yours",
      startsAt: new Date("2026-10-10T19:00:00Z"),
    });
    const free = await createEvent(
      db,
      { hostId: host.id, name: "Free Talk", startsAt: new Date("2026-10-10T19:00:00Z") },
      [{ pricePence: 0, capacity: 10 }],
    );

    const buy = (eventId: string, quantity: number) =>
      buyTickets(db, { eventId, buyer: bea, quantity, now: sold, sign: codes.sign });
    const q1 = await buy(quiz.id, 2);
    const q2 = await buy(quiz.id, 1);
    await buy(gig.id, 3);
    await buy(absorbed.id, 1);
    await buy(euro.id, 2);
    await buy(theirs.id, 4);
    await buy(free.id, 2);
    // A full refund and a part refund, as approved cancellations record them.
    await db
      .update(order)
      .set({ refundedPence: sql`${order.totalPence}`, status: "refunded" })
      .where(eq(order.id, q2.orderId));
    await db.update(order).set({ refundedPence: 505 }).where(eq(order.id, q1.orderId));

    // The host connects; the next sale is paid through checkout straight to their account.
    const account = await connect(host.id);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, gig.id));
    const held = await holdTickets(db, {
      eventId: gig.id,
      userId: bea.id,
      lines: [{ ticketTypeId: type!.id, quantity: 2 }],
      now,
    });
    const started = await startPayment(db, provider, {
      holdId: held.holdId,
      userId: bea.id,
      email: bea.email,
      publicUrl,
      now,
    });
    const sessionId = started.redirectUrl.split("/pay/test/")[1]!;
    await provider.pay(sessionId, "success", new Date());
    const settled = await settlePayment(db, provider, { sessionId, now: new Date(), sign: codes.sign });
    const [routed] = await db
      .select({
        fee: paymentDestination.applicationFeePence,
        accountId: paymentDestination.accountId,
        orderId: payment.orderId,
      })
      .from(paymentDestination)
      .innerJoin(payment, eq(payment.id, paymentDestination.paymentId))
      .where(eq(payment.id, started.paymentId));
    expect(routed).toMatchObject({
      accountId: account!.accountId,
      fee: held.breakdown.totalPence - held.breakdown.hostPence,
    });
    expect(routed!.fee).toBeGreaterThan(0);
    expect(settled).toMatchObject({ state: "paid" });
    const [routedOrder] = await db.select().from(order).where(eq(order.id, routed!.orderId!));
    expect(await paidToHostAccount(db, routedOrder!.providerPaymentId!)).toBe(true);
    const [collected] = await db.select().from(order).where(eq(order.id, q1.orderId));
    expect(await paidToHostAccount(db, collected!.providerPaymentId!)).toBe(false);

    const summary = await hostPayouts(db, { hostId: host.id, now });

    // The other way: the same figures straight from the orders table, with the fee rule written out in SQL
    // (the application fee when paid to the account; else the booking fee the buyer paid, or 1% out of the
    // price when the host absorbed it: what the order was charged, never the event's fee mode now).
    const routedSql = sql`${paymentDestination.paymentId} is not null`;
    const feeSql = sql`case when ${routedSql} then ${paymentDestination.applicationFeePence}
      when ${order.bookingFeePence} > 0 then ${order.bookingFeePence} else round(${order.totalPence} / 100.0) end`;
    const keptSql = sql`(${order.totalPence} - ${feeSql})`;
    const netSql = sql`${keptSql} - round(${order.refundedPence} * ${keptSql}::numeric / ${order.totalPence})`;
    // An event without an end time ends with its London day (endOf in domain/event-flags).
    const endSql = sql`coalesce(e.ends_at,
      (date_trunc('day', e.starts_at at time zone 'Europe/London') + interval '1 day') at time zone 'Europe/London')`;
    const payableSql = sql`${endSql} + ${`${PAYOUT_DELAY_DAYS} days`}::interval`;
    const { rows } = await db.execute<{
      currency: string;
      gross: number;
      fees: number;
      refunds: number;
      net: number;
      at_sale: number;
      due_now: number;
      upcoming: number;
    }>(sql`
      select ${order.currency} as currency, sum(${order.totalPence})::int as gross, sum(${feeSql})::int as fees,
        sum(${order.refundedPence})::int as refunds, sum(${netSql})::int as net,
        coalesce(sum(${netSql}) filter (where ${routedSql}), 0)::int as at_sale,
        coalesce(sum(${netSql}) filter (where not ${routedSql}
          and ${payableSql} <= ${now}), 0)::int as due_now,
        coalesce(sum(${netSql}) filter (where not ${routedSql}
          and ${payableSql} > ${now}), 0)::int as upcoming
      from ${order} join event e on e.id = ${order.eventId}
      left join ${payment} on ${payment.orderId} = ${order.id}
      left join ${paymentDestination} on ${paymentDestination.paymentId} = ${payment.id}
      where ${order.hostId} = ${host.id} and ${order.totalPence} > 0
      group by ${order.currency} order by ${order.currency} desc`);
    expect(
      summary.totals.map((t) => ({
        currency: t.currency,
        gross: t.grossPence,
        fees: t.feesPence,
        refunds: t.refundsPence,
        net: t.netPence,
        at_sale: t.paidPence,
        due_now: t.dueNowPence,
        upcoming: t.upcomingPence,
      })),
    ).toEqual(rows.map((r) => ({ ...r, gross: Number(r.gross) })));

    // Per event: the past quiz is due now (what remains after its refunds), the gig partly paid at the sale.
    const byName = Object.fromEntries(summary.events.map((e) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(["Absorbed Night", "Dublin", "Future Gig", "Past Quiz"]);
    expect(byName["Past Quiz"]).toMatchObject({ state: "due", orders: 2, refundsPence: 505 + q2.totalPence });
    expect(byName["Future Gig"]!.paidAtSalePence).toBeGreaterThan(0);
    expect(byName["Future Gig"]!.state).toBe("upcoming");
    expect(byName["Absorbed Night"]).toMatchObject({ grossPence: 2000, feesPence: 20, netPence: 1980 });

    // Once Ticketyboo pays the quiz out, it is paid and nothing of it is due.
    await db.insert(hostPayout).values({
      hostId: host.id,
      eventId: quiz.id,
      currency: "GBP",
      amountPence: byName["Past Quiz"]!.balancePence,
      accountId: account!.accountId,
      providerTransferId: "tr_test_past_quiz",
      paidAt: now,
    });
    const after = await hostPayouts(db, { hostId: host.id, now });
    const quizAfter = after.events.find((e) => e.eventId === quiz.id)!;
    expect(quizAfter).toMatchObject({ state: "paid", balancePence: 0 });
    const gbp = (s: typeof summary) => s.totals.find((t) => t.currency === "GBP")!;
    expect(gbp(after).dueNowPence).toBe(gbp(summary).dueNowPence - byName["Past Quiz"]!.balancePence);
    expect(gbp(after).paidPence).toBe(gbp(summary).paidPence + byName["Past Quiz"]!.balancePence);

    // Another host sees only their own.
    const theirsSummary = await hostPayouts(db, { hostId: other.id, now });
    expect(theirsSummary.events.map((e) => e.name)).toEqual(["Not Yours"]);
    expect(theirsSummary.account).toBeNull();
    // The user row of the host is untouched by all this (no bank details anywhere).
    const [h] = await db
      .select()
      .from(user)
      .where(and(eq(user.id, host.id)));
    expect(h!.userType).toBe("host");
  });

  it("pays each event due now once, to hosts whose account can be paid, and leaves upcoming events", async () => {
    const db = database.db;
    const host = await createHost(db);
    const unconnected = await createHost(db);
    const bea = await createBuyer(db);
    const sold = new Date("2026-10-01T12:00:00Z");
    const now = new Date();
    const past = await createEvent(db, {
      hostId: host.id,
      name: "Done Gig",
      startsAt: new Date("2026-10-10T19:00:00Z"),
    });
    const later = await createEvent(db, {
      hostId: host.id,
      name: "Next Gig",
      startsAt: new Date(now.getTime() + 9 * DAY),
    });
    const theirs = await createEvent(db, { hostId: unconnected.id, startsAt: new Date("2026-10-10T19:00:00Z") });
    for (const e of [past, later, theirs])
      await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now: sold, sign: codes.sign });
    await connect(host.id);

    const before = await hostPayouts(db, { hostId: host.id, now });
    const due = before.events.find((e) => e.eventId === past.id)!;
    const paid = await payOutDueEvents(db, provider, now);
    const mine = paid.filter((p) => p.hostId === host.id || p.hostId === unconnected.id);
    expect(mine).toEqual([{ hostId: host.id, eventId: past.id, amountPence: due.balancePence }]);
    const [row] = await db.select().from(hostPayout).where(eq(hostPayout.eventId, past.id));
    expect(row!.providerTransferId).toMatch(/^tr_test_/);

    // Asked again, nothing more is paid; the page shows the event paid and nothing due now.
    expect((await payOutDueEvents(db, provider, now)).filter((p) => p.hostId === host.id)).toEqual([]);
    const after = await hostPayouts(db, { hostId: host.id, now });
    expect(after.events.find((e) => e.eventId === past.id)).toMatchObject({ state: "paid", balancePence: 0 });
    expect(after.events.find((e) => e.eventId === later.id)!.state).toBe("upcoming");
    expect(after.totals[0]!.dueNowPence).toBe(0);
    expect(await db.select().from(hostPayout).where(eq(hostPayout.hostId, unconnected.id))).toEqual([]);
  });
  it("waits to pay out while a refund is under way, and never refunds out of takings already paid out", async () => {
    const db = database.db;
    const host = await createHost(db);
    const now = new Date();
    const gig = await createEvent(db, {
      hostId: host.id,
      name: "Paid Out Gig",
      startsAt: new Date("2026-10-10T19:00:00Z"),
    });
    const sale = async () => {
      const buyer = await createBuyer(db);
      const bought = await buyTickets(db, {
        eventId: gig.id,
        buyer,
        now: new Date("2026-10-01T12:00:00Z"),
        sign: codes.sign,
      });
      return { ...bought, buyerId: buyer.id };
    };
    const [ann, ben, cat] = [await sale(), await sale(), await sale()];
    await connect(host.id);
    const ask = async (o: { orderId: string; buyerId: string }, status: "pending" | "refunding") => {
      const [row] = await db
        .insert(cancellationRequest)
        .values({ orderId: o.orderId, requestedBy: o.buyerId, reason: "Can't come after all", status })
        .returning();
      return row!;
    };
    const ours = async () => (await payOutDueEvents(db, provider, now)).filter((p) => p.eventId === gig.id);

    // Ann's refund is approved and not yet made: nothing is paid out while it is money going back.
    const annRequest = await ask(ann, "refunding");
    await db.update(cancellationRequest).set({ refundPence: 1010 }).where(eq(cancellationRequest.id, annRequest.id));
    expect(await ours()).toEqual([]);
    const [annOrder] = await db.select().from(order).where(eq(order.id, ann.orderId));
    await refundAndFinish(db, provider, { ...annRequest, refundPence: 1010 }, annOrder!, now);
    // Made, it is counted: the payout is Ben's and Cat's £10 each, less our 10p on each.
    expect(await ours()).toEqual([{ hostId: host.id, eventId: gig.id, amountPence: 2000 }]);

    // Paid out, a host can no longer refund from it, by approving a request or by cancelling the event.
    const benRequest = await ask(ben, "pending");
    const approval = await rejection(
      approveCancellation(db, provider, { requestId: benRequest.id, hostId: host.id, refund: "", now }),
    );
    expect(approval).toMatchObject({ code: "conflict", message: studioMessages.paidOutRefunds });
    const cancel = await rejection(
      cancelEvent(db, provider, { eventId: gig.id, hostId: host.id, actedBy: host.id, now }),
    );
    expect(cancel).toMatchObject({ code: "conflict", message: studioMessages.paidOutRefunds });
    const orders = await db
      .select()
      .from(order)
      .where(inArray(order.id, [ben.orderId, cat.orderId]));
    expect(orders.map((o) => [o.status, o.refundedPence])).toEqual([
      ["paid", 0],
      ["paid", 0],
    ]);
    const [request] = await db.select().from(cancellationRequest).where(eq(cancellationRequest.id, benRequest.id));
    expect(request!.status).toBe("pending");
    const [stillOn] = await db.select({ isCancelled: event.isCancelled }).from(event).where(eq(event.id, gig.id));
    expect(stillOn!.isCancelled).toBe(false);
    const { events } = await hostPayouts(db, { hostId: host.id, now });
    expect(events.find((e) => e.eventId === gig.id)).toMatchObject({
      state: "paid",
      paidOutPence: 2000,
      balancePence: 0,
    });
  });

  it.runIf(inject("testDb").engine === "postgres")(
    "on PostgreSQL, a payout and a host's refund pressed at once take turns: never both out of the same money",
    async () => {
      const db = database.db;
      const host = await createHost(db);
      const now = new Date();
      const gig = await createEvent(db, {
        hostId: host.id,
        name: "Racing Gig",
        startsAt: new Date("2026-10-10T19:00:00Z"),
      });
      const sold = new Date("2026-10-01T12:00:00Z");
      const ann = await createBuyer(db);
      const bought = await buyTickets(db, { eventId: gig.id, buyer: ann, now: sold, sign: codes.sign });
      await buyTickets(db, { eventId: gig.id, buyer: await createBuyer(db), now: sold, sign: codes.sign });
      await connect(host.id);
      const [asked] = await db
        .insert(cancellationRequest)
        .values({ orderId: bought.orderId, requestedBy: ann.id, reason: "Can't come after all" })
        .returning();
      const [approval, payout] = await whileLocked<unknown>(
        database,
        (tx) => tx.execute(sql`select 1 from event where id = ${gig.id} for update`),
        2,
        () => [
          approveCancellation(db, provider, { requestId: asked!.id, hostId: host.id, refund: "", now }),
          payOutDueEvents(db, provider, now),
        ],
      );
      const paidOut = (await db.select().from(hostPayout).where(eq(hostPayout.eventId, gig.id))).reduce(
        (n, p) => n + p.amountPence,
        0,
      );
      const [annOrder] = await db.select().from(order).where(eq(order.id, bought.orderId));
      expect(payout!.status).toBe("fulfilled");
      if (approval!.status === "fulfilled") {
        // The refund went first: the payout, now or on a later run, is the other order's £10 alone.
        expect(annOrder!.status).toBe("refunded");
        expect([0, 1000]).toContain(paidOut);
        await payOutDueEvents(db, provider, now);
        const after = await db.select().from(hostPayout).where(eq(hostPayout.eventId, gig.id));
        expect(after.map((p) => p.amountPence)).toEqual([1000]);
      } else {
        // The payout went first: Ann's money went to the host, and the host's refund of it is refused.
        expect(approval!.reason).toMatchObject({ code: "conflict", message: studioMessages.paidOutRefunds });
        expect(paidOut).toBe(2000);
        expect(annOrder!.status).toBe("paid");
      }
    },
  );

  it("sends a payout a stopped run set aside, with the same key, on the next run", async () => {
    const db = database.db;
    const host = await createHost(db);
    const now = new Date();
    const gig = await createEvent(db, {
      hostId: host.id,
      name: "Stopped Gig",
      startsAt: new Date("2026-10-10T19:00:00Z"),
    });
    await buyTickets(db, {
      eventId: gig.id,
      buyer: await createBuyer(db),
      now: new Date("2026-10-01T12:00:00Z"),
      sign: codes.sign,
    });
    const account = await connect(host.id);
    // As a run leaves it when it stops between setting the payout aside and hearing from the provider.
    await db.insert(hostPayout).values({
      hostId: host.id,
      eventId: gig.id,
      currency: "GBP",
      amountPence: 1000,
      accountId: account!.accountId,
      paidAt: now,
    });
    const before = await hostPayouts(db, { hostId: host.id, now });
    expect(before.events.find((e) => e.eventId === gig.id)).toMatchObject({ state: "sending", balancePence: 0 });

    const sent = (await payOutDueEvents(db, provider, now)).filter((p) => p.eventId === gig.id);
    expect(sent).toEqual([{ hostId: host.id, eventId: gig.id, amountPence: 1000 }]);
    const rows = await db.select().from(hostPayout).where(eq(hostPayout.eventId, gig.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerTransferId).toMatch(/^tr_test_/);
    const after = await hostPayouts(db, { hostId: host.id, now });
    expect(after.events.find((e) => e.eventId === gig.id)!.state).toBe("paid");
    expect((await payOutDueEvents(db, provider, now)).filter((p) => p.eventId === gig.id)).toEqual([]);
  });

  /** A host's two £20 events that ended in October, the fee absorbed on one and passed on on the other. */
  async function absorbedAndPassed(names: [string, string]) {
    const db = database.db;
    const host = await createHost(db, { feeMode: "absorb" });
    const startsAt = new Date("2026-10-10T19:00:00Z");
    const absorbed = await createEvent(db, { hostId: host.id, name: names[0], startsAt }, [
      { pricePence: 2000, capacity: 100 },
    ]);
    const passed = await createEvent(db, { hostId: host.id, name: names[1], feeMode: "pass", startsAt }, [
      { pricePence: 2000, capacity: 100 },
    ]);
    const buy = async (eventId: string, quantity: number) =>
      buyTickets(db, {
        eventId,
        buyer: await createBuyer(db),
        quantity,
        now: new Date("2026-10-01T12:00:00Z"),
        sign: codes.sign,
      });
    return { host, absorbed, passed, buy };
  }

  it("keeps Ticketyboo's fee on every sale however the host switches who pays the fee afterwards", async () => {
    const db = database.db;
    const now = new Date();
    const { host, absorbed, passed, buy } = await absorbedAndPassed(["Absorbed Quiz", "Passed Gig"]);
    const a = await buy(absorbed.id, 1);
    const p = await buy(passed.id, 1);
    expect([a.totalPence, p.totalPence]).toEqual([2000, 2020]);
    const fair = await hostPayouts(db, { hostId: host.id, now });

    // The event form lets a host change who pays the fee at any time (decision 0030: it changes what later
    // buyers pay); the orders already made keep what they were charged, and so does our fee on them.
    await db.update(event).set({ feeMode: "pass" }).where(eq(event.id, absorbed.id));
    await db.update(event).set({ feeMode: "absorb" }).where(eq(event.id, passed.id));
    const switched = await hostPayouts(db, { hostId: host.id, now });
    const byName = Object.fromEntries(switched.events.map((e) => [e.name, e]));
    expect(byName["Absorbed Quiz"]).toMatchObject({ grossPence: 2000, feesPence: 20, netPence: 1980 });
    expect(byName["Passed Gig"]).toMatchObject({ grossPence: 2020, feesPence: 20, netPence: 2000 });
    expect(switched.totals).toEqual(fair.totals);

    await connect(host.id);
    const paid = (await payOutDueEvents(db, provider, now)).filter((x) => x.hostId === host.id);
    expect(paid.map((x) => x.amountPence).sort()).toEqual([1980, 2000]);
  });

  it("pays each sale out at the fee its order recorded, so a later change of rate never reprices it", async () => {
    const db = database.db;
    const { host, absorbed, passed, buy } = await absorbedAndPassed(["Absorbed Pottery", "Passed Run"]);
    const a = await buy(absorbed.id, 2);
    const p = await buy(passed.id, 1);
    // Checkout records our fee on the order as it charged it: 1% of the £40 absorbed, the 20p passed on.
    const recorded = await db
      .select({ id: order.id, bookingFeePence: order.bookingFeePence, platformFeePence: order.platformFeePence })
      .from(order)
      .where(eq(order.hostId, host.id));
    expect(recorded.find((o) => o.id === a.orderId)).toMatchObject({ bookingFeePence: 0, platformFeePence: 40 });
    expect(recorded.find((o) => o.id === p.orderId)).toMatchObject({ bookingFeePence: 20, platformFeePence: 20 });

    // An order sold on a day the rate was 2.5% (as the record says; today's rate would make it 40p) is
    // paid out at what it was charged, and so is everything else.
    await db.update(order).set({ platformFeePence: 100 }).where(eq(order.id, a.orderId));
    const { events } = await hostPayouts(db, { hostId: host.id, now: new Date() });
    const byName = Object.fromEntries(events.map((e) => [e.name, e]));
    expect(byName["Absorbed Pottery"]).toMatchObject({ grossPence: 4000, feesPence: 100, netPence: 3900 });
    expect(byName["Passed Run"]).toMatchObject({ grossPence: 2020, feesPence: 20, netPence: 2000 });
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, order, ticketType, user } from "~/db/schema";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { messages } from "~/texts/messages";
import { createEvent, createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getAccessNeeds, orderAccessNeeds } from "./access-needs";
import { completeOrder } from "./complete-order";
import { deleteBuyerAccount } from "./delete-account";
import { exportAccountData } from "./export-account-data";
import { getCheckout } from "./get-checkout";
import { holdTickets } from "./hold-tickets";
import { hostDashboard } from "./host-dashboard";
import { submitCheckout } from "./submit-checkout";
import { createDbThrottle } from "./throttle";
import { updateProfile } from "./update-profile";

const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

const profile = { firstName: "Bea", lastName: "Buyer", username: "", phone: "", bio: "", hostTitle: "" };

async function saveNeeds(userId: string, needs: string[], notes = "", now = new Date()) {
  return updateProfile(database.db, { userId, input: profile, access: { needs, notes }, now });
}

async function eventWith(pricePence: number) {
  const now = new Date();
  const e = await createEvent(database.db, { hostId, startsAt: new Date(now.getTime() + 20 * 86_400_000) }, [
    { pricePence, capacity: 10 },
  ]);
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, typeId: type!.id };
}

function deps() {
  return {
    db: database.db,
    throttle: createDbThrottle(database.db),
    payments: createTestProvider(database.db, "http://localhost:3000"),
    sign: codes.sign,
    publicUrl: "http://localhost:3000",
  };
}

/** A buyer checks out one place, sharing their access needs or not; answers the order's id. */
async function checkout(buyer: Awaited<ReturnType<typeof createBuyer>>, share: boolean | undefined, pricePence = 0) {
  const { e, typeId } = await eventWith(pricePence);
  const now = new Date();
  const held = await holdTickets(database.db, {
    eventId: e.id,
    userId: buyer.id,
    lines: [{ ticketTypeId: typeId, quantity: 1 }],
    now,
  });
  const next = await submitCheckout(deps(), {
    holdId: held.holdId,
    buyer,
    buyerName: buyer.name,
    answers: {},
    shareAccessNeeds: share,
    ip: "203.0.113.9",
    now,
  });
  return { holdId: held.holdId, next, total: held.breakdown.totalPence };
}

async function orderOf(holdId: string) {
  const [o] = await database.db.select().from(order).where(eq(order.holdId, holdId));
  return o!;
}

describe("access needs on the profile", () => {
  it("saves the ticked needs and the notes, cleaned, and clears them when all are taken away", async () => {
    const bea = await createBuyer(database.db);
    expect(await getAccessNeeds(database.db, bea.id)).toBeNull();

    const saved = await saveNeeds(bea.id, ["hearing_loop", "wheelchair_user"], "  Near the exit\r\nplease ");
    expect(saved.changed).toBe(true);
    expect(saved.profile.accessNeeds).toEqual({
      needs: ["wheelchair_user", "hearing_loop"],
      notes: "Near the exit\nplease",
    });
    expect(await getAccessNeeds(database.db, bea.id)).toEqual(saved.profile.accessNeeds);

    // The same again changes nothing.
    expect((await saveNeeds(bea.id, ["wheelchair_user", "hearing_loop"], "Near the exit\nplease")).changed).toBe(false);

    await saveNeeds(bea.id, [], " ");
    expect(await getAccessNeeds(database.db, bea.id)).toBeNull();
  });

  it("refuses notes over 500 characters, naming the field, and keeps what was saved", async () => {
    const bea = await createBuyer(database.db);
    await saveNeeds(bea.id, ["quiet_space"]);
    const refused = await saveNeeds(bea.id, ["seating"], "x".repeat(501)).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "validation_failed",
      details: { field: "accessNotes", fields: { accessNotes: messages.profile.accessNotesTooLong } },
    });
    expect(await getAccessNeeds(database.db, bea.id)).toEqual({ needs: ["quiet_space"], notes: "" });
  });

  it("leaves the needs alone when a save does not send them", async () => {
    const bea = await createBuyer(database.db);
    await saveNeeds(bea.id, ["assistance_dog"]);
    await updateProfile(database.db, { userId: bea.id, input: { ...profile, bio: "Hi" }, now: new Date() });
    expect(await getAccessNeeds(database.db, bea.id)).toEqual({ needs: ["assistance_dog"], notes: "" });
  });
});

describe("sharing access needs at checkout", () => {
  it("copies a snapshot to the order only when the buyer chose to, which later edits leave be", async () => {
    const bea = await createBuyer(database.db);
    await saveNeeds(bea.id, ["step_free", "companion"], "I come with my PA.");

    const shared = await checkout(bea, true);
    expect(shared.next.kind).toBe("order");
    const o = await orderOf(shared.holdId);
    expect(o.accessNeeds).toEqual({ needs: ["step_free", "companion"], notes: "I come with my PA." });

    await saveNeeds(bea.id, ["seating"], "");
    expect((await orderOf(shared.holdId)).accessNeeds).toEqual(o.accessNeeds);
    expect(await orderAccessNeeds(database.db, { hostId, orderId: o.id })).toEqual({
      needs: ["step_free", "companion"],
      notes: "I come with my PA.",
    });

    for (const share of [false, undefined]) {
      const kept = await checkout(bea, share);
      const private_ = await orderOf(kept.holdId);
      expect(private_.accessNeeds).toBeNull();
      expect(await orderAccessNeeds(database.db, { hostId, orderId: private_.id })).toBeNull();
    }
  });

  it("shares nothing when the buyer ticks the box with no needs saved", async () => {
    const cal = await createBuyer(database.db, "Cal Buyer");
    const c = await checkout(cal, true);
    expect((await orderOf(c.holdId)).accessNeeds).toBeNull();
  });

  it("a paid order carries the needs as they were when the buyer pressed pay", async () => {
    const dee = await createBuyer(database.db, "Dee Buyer");
    await saveNeeds(dee.id, ["hearing_loop"]);
    const paid = await checkout(dee, true, 1500);
    expect(paid.next.kind).toBe("payment");
    const shown = await getCheckout(database.db, { holdId: paid.holdId, userId: dee.id });
    expect(shown).toMatchObject({ accessNeeds: { needs: ["hearing_loop"], notes: "" }, sharingAccessNeeds: true });

    await saveNeeds(dee.id, ["quiet_space"]);
    await completeOrder(database.db, {
      holdId: paid.holdId,
      buyer: { userId: dee.id, email: dee.email, name: dee.name },
      payment: { provider: "test", providerPaymentId: `pi_test_${randomUUID()}`, amountPence: paid.total },
      now: new Date(),
      sign: codes.sign,
    });
    expect((await orderOf(paid.holdId)).accessNeeds).toEqual({ needs: ["hearing_loop"], notes: "" });
  });
});

describe("the host sees shared needs, for their own orders only", () => {
  it("answers not found for another host's order, an unknown id and a malformed one", async () => {
    const eve = await createBuyer(database.db, "Eve Buyer");
    await saveNeeds(eve.id, ["wheelchair_user"]);
    const o = await orderOf((await checkout(eve, true)).holdId);

    for (const attempt of [
      { hostId: otherHostId, orderId: o.id },
      { hostId: eve.id, orderId: o.id },
      { hostId, orderId: randomUUID() },
      { hostId, orderId: "not-a-uuid' or 1=1 --" },
    ])
      await expect(orderAccessNeeds(database.db, attempt)).rejects.toMatchObject({ code: "not_found" });
  });

  it("marks the dashboard's recent orders that shared needs, and no other host's dashboard shows them", async () => {
    const fay = await createBuyer(database.db, "Fay Buyer");
    await saveNeeds(fay.id, ["seating"], "A chair near the front");
    const o = await orderOf((await checkout(fay, true)).holdId);
    const now = new Date();

    const mine = await hostDashboard(database.db, { hostId, now, range: 7 });
    expect(mine.orders.rows.find((r) => r.id === o.id)?.accessNeeds).toEqual({
      needs: ["seating"],
      notes: "A chair near the front",
    });
    expect(mine.orders.rows.some((r) => r.accessNeeds === null)).toBe(true);

    const theirs = await hostDashboard(database.db, { hostId: otherHostId, now, range: 7 });
    expect(theirs.orders.rows.find((r) => r.id === o.id)).toBeUndefined();
  });
});

describe("the buyer's own data", () => {
  it("the export includes the needs; deleting the account clears them from the profile and checkouts", async () => {
    const gus = await createBuyer(database.db, "Gus Buyer");
    await saveNeeds(gus.id, ["assistance_dog", "step_free"], "Guide dog called Pip");
    const exported = await exportAccountData(database.db, { userId: gus.id, now: new Date() });
    expect(exported.accessNeeds).toEqual({
      needs: ["Step-free access", "Assistance dog"],
      notes: "Guide dog called Pip",
    });

    const paid = await checkout(gus, true, 1000);
    expect(paid.next.kind).toBe("payment");
    await deleteBuyerAccount(database.db, { userId: gus.id, now: new Date() });
    const [after] = await database.db.select({ accessNeeds: user.accessNeeds }).from(user).where(eq(user.id, gus.id));
    expect(after!.accessNeeds).toBeNull();
    const [h] = await database.db.select({ accessNeeds: hold.accessNeeds }).from(hold).where(eq(hold.id, paid.holdId));
    expect(h!.accessNeeds).toBeNull();
  });
});

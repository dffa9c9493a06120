import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, holdLine, session, ticketType } from "~/db/schema";
import { createEvent, createHost } from "../../tests/factories/events";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase, openOtherInstance } from "../../tests/setup/test-db";
import { claimAll, claimAndHold, claimSoon, type ClaimInput } from "./claim-stock";

/**
 * The claim behind every hold (`claim_holds`, migration 0007), and presses for one ticket type sent
 * together: each is answered on its own, in the order they came, and stock never goes past capacity.
 */
const now = new Date("2026-11-24T12:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
let database: Database;
let hostId: string;
let buyerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  buyerId = (await createHost(database.db, { userType: "buyer", hostTitle: null })).id;
});

afterAll(async () => {
  await database.close();
});

async function newEvent(capacity: number) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") }, [
    { pricePence: 1000, capacity },
  ]);
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { eventId: e.id, typeId: type!.id };
}

const claim = (eventId: string, typeId: string, over: Partial<ClaimInput> = {}): ClaimInput => ({
  eventId,
  buyer: { userId: buyerId },
  now,
  expiresAt: later(10),
  seats: [],
  discountId: null,
  idempotencyKey: null,
  fingerprint: null,
  lines: [{ ticketTypeId: typeId, quantity: 1, unitPricePence: 1000 }],
  ...over,
});

const stockOf = async (typeId: string) =>
  (
    await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.id, typeId))
  )[0]!;

describe("claim_holds", () => {
  it("answers each claim sent together on its own, in order: signed out, stale, held, short", async () => {
    const { eventId, typeId } = await newEvent(2);
    const token = `token-${eventId}`;
    await database.db.insert(session).values({ id: `s-${eventId}`, token, userId: buyerId, expiresAt: later(60) });
    const outcomes = await claimAll(database.db, [
      claim(eventId, typeId, { buyer: { sessionToken: "nobody's" } }),
      claim(eventId, typeId, { fingerprint: "not what the event has" }),
      claim(eventId, typeId, {
        buyer: { sessionToken: token },
        lines: [{ ticketTypeId: typeId, quantity: 2, unitPricePence: 1000 }],
      }),
      claim(eventId, typeId, { idempotencyKey: `late-${eventId}` }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["signed_out", "stale", "written", "short"]);
    expect(outcomes[2]).toMatchObject({ claimed: 1, buyerId, sessionExpiresAt: later(60) });
    expect(outcomes[3]).toEqual({
      status: "short",
      stock: [{ id: typeId, sold: 0, held: 2, capacity: 2 }],
      lapsed: false,
      existingHoldId: null,
    });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 2 });
    const holds = await database.db.select().from(hold).where(eq(hold.eventId, eventId));
    expect(holds).toHaveLength(1);
    expect(
      await database.db.select({ quantity: holdLine.quantity }).from(holdLine).where(eq(holdLine.holdId, holds[0]!.id)),
    ).toEqual([{ quantity: 2 }]);
  });

  it("fingerprints every field in its place: a sale opening at a time is not one closing at it", async () => {
    const { eventId, typeId } = await newEvent(5);
    const fingerprint = async () =>
      (await database.db.execute<{ fp: string }>(sql`select hold_definitions_fingerprint(${eventId}::uuid) as fp`))
        .rows[0]!.fp;
    await database.db
      .update(ticketType)
      .set({ salesStartAt: later(60), salesEndAt: null })
      .where(eq(ticketType.id, typeId));
    const opening = await fingerprint();
    await database.db
      .update(ticketType)
      .set({ salesStartAt: null, salesEndAt: later(60) })
      .where(eq(ticketType.id, typeId));
    expect(await fingerprint()).not.toBe(opening);
    // Stock is not part of it.
    const before = await fingerprint();
    await database.db.update(ticketType).set({ capacity: 50, held: 3 }).where(eq(ticketType.id, typeId));
    expect(await fingerprint()).toBe(before);
  });

  it("claims with the event's own fingerprint go through", async () => {
    const { eventId, typeId } = await newEvent(5);
    const { rows } = await database.db.execute<{ fp: string }>(
      sql`select hold_definitions_fingerprint(${eventId}::uuid) as fp`,
    );
    const [outcome] = await claimAll(database.db, [claim(eventId, typeId, { fingerprint: rows[0]!.fp })]);
    expect(outcome).toMatchObject({ status: "written", claimed: 1 });
  });
});

// Two connections at once need a server: PGlite is one connection, so nothing can interleave there.
describe.runIf(inject("testDb").engine === "postgres")("claims racing on PostgreSQL", () => {
  it("a claim planned on the old price waits for the edit, then finds its plan stale and writes nothing", async () => {
    const { eventId, typeId } = await newEvent(5);
    const fingerprint = (
      await database.db.execute<{ fp: string }>(sql`select hold_definitions_fingerprint(${eventId}::uuid) as fp`)
    ).rows[0]!.fp;
    // The host's edit holds the ticket type's row while the buyer presses: the claim is seen
    // waiting for it, unsettled, and answers only once the edit has committed.
    const [claimed] = await whileLocked(
      database,
      (tx) => tx.update(ticketType).set({ pricePence: 1500 }).where(eq(ticketType.id, typeId)),
      1,
      () => [claimAll(database.db, [claim(eventId, typeId, { fingerprint })])],
    );
    expect(claimed).toEqual({ status: "fulfilled", value: [{ status: "stale" }] });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 0 });
  });

  it(
    "refuses the oversell in the database alone: buyers on separate connections, all past the first look, claim one " +
      "at a time",
    async () => {
      const { eventId, typeId } = await newEvent(5);
      const buyers = await Promise.all(
        Array.from(
          { length: 12 },
          async () => (await createHost(database.db, { userType: "buyer", hostTitle: null })).id,
        ),
      );
      // Three instances of four connections each; every claim in a transaction of its own, none
      // batched. Another transaction holds the ticket type's row until all twelve wait for it, so
      // every claim has found stock at its first look, which locks nothing: the claim itself, under
      // the row's lock, must see that only five places remain.
      const instances = await Promise.all(Array.from({ length: 3 }, () => openOtherInstance(database, 4)));
      try {
        const outcomes = await whileLocked(
          database,
          (tx) => tx.execute(sql`select 1 from ticket_type where id = ${typeId} for update`),
          buyers.length,
          () =>
            buyers.map((userId, i) =>
              instances[i % 3]!.db.transaction((tx) => claimAndHold(tx, claim(eventId, typeId, { buyer: { userId } }))),
            ),
        );
        const statuses = outcomes.map((o) =>
          o.status === "fulfilled" ? o.value.status : `threw: ${String(o.reason)}`,
        );
        expect(statuses.toSorted()).toEqual([...Array(7).fill("short"), ...Array(5).fill("written")]);
      } finally {
        await Promise.all(instances.map((i) => i.close()));
      }
      expect(await stockOf(typeId)).toEqual({ sold: 0, held: 5 });
      const { rows } = await database.db.execute<{ holds: number; lines: number }>(sql`
      select (select count(*)::int from hold where event_id = ${eventId}) as holds,
             (select count(*)::int from hold_line l join hold h on h.id = l.hold_id
               where h.event_id = ${eventId}) as lines`);
      expect(rows[0]).toEqual({ holds: 5, lines: 5 });
    },
  );
});

describe("claimSoon", () => {
  it("serves presses that arrive together in the order they came, never past capacity", async () => {
    const { eventId, typeId } = await newEvent(10);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        claimSoon(database.db, claim(eventId, typeId, { idempotencyKey: `press-${eventId}-${i}` })),
      ),
    );
    // The first ten to arrive hold the ten places; the rest hear at once that they are gone.
    expect(outcomes.map((o) => o.status)).toEqual([...Array(10).fill("written"), ...Array(30).fill("short")]);
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 10 });
    const keys = (await database.db.select({ key: hold.idempotencyKey }).from(hold).where(eq(hold.eventId, eventId)))
      .map((h) => h.key)
      .sort();
    expect(keys).toEqual(Array.from({ length: 10 }, (_, i) => `press-${eventId}-${i}`).sort());
  });

  it("lets one claim the database refuses fail alone, the others sent with it still served", async () => {
    const { eventId, typeId } = await newEvent(10);
    const outcomes = await Promise.allSettled([
      claimSoon(database.db, claim(eventId, typeId)),
      claimSoon(database.db, claim(eventId, typeId)),
      // Nobody has this id: the hold's foreign key refuses it.
      claimSoon(database.db, claim(eventId, typeId, { buyer: { userId: "no-such-person" } })),
      claimSoon(database.db, claim(eventId, typeId)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 3 });
  });
});

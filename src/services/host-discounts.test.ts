import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, discountEvent, ticketType } from "~/db/schema";
import type { DiscountDraft } from "~/domain/discount-rules";
import { isAppError } from "~/lib/app-error";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { createEvent, createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { discountProblemText, findDiscount } from "./find-discount";
import { holdTickets } from "./hold-tickets";
import {
  createDiscount,
  DISCOUNTS_PAGE_SIZE,
  discountEventChoices,
  eventDiscounts,
  hostDiscount,
  listHostDiscounts,
  updateDiscount,
} from "./host-discounts";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const s = studioTicketMessages.discounts;
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db, { hostTitle: "Northern Sparks" })).id;
});
afterAll(() => database.close());

let codeCount = 0;
const draft = (d: Partial<DiscountDraft> = {}): DiscountDraft => ({
  name: "Regulars",
  code: `regulars${++codeCount}`,
  kind: "percent",
  value: 1000,
  isActive: true,
  isPrivate: false,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  eventIds: null,
  ...d,
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

const newEvent = async (host = hostId, name = "Open Mic Night") =>
  (await createEvent(database.db, { hostId: host, startsAt, name })).id;

describe("a host's discounts", () => {
  it("are made for all events or some, read back, and changed", async () => {
    const a = await newEvent();
    const b = await newEvent();
    const { id } = await createDiscount(database.db, { hostId, draft: draft({ code: "friends", eventIds: [a] }) });
    expect(await hostDiscount(database.db, { hostId, discountId: id })).toMatchObject({
      code: "friends",
      kind: "percent",
      value: 1000,
      events: [{ id: a, name: "Open Mic Night" }],
    });
    await updateDiscount(database.db, {
      hostId,
      discountId: id,
      draft: draft({ code: "friends", kind: "fixed", value: 300, eventIds: [a, b], maxUses: 5 }),
    });
    const changed = await hostDiscount(database.db, { hostId, discountId: id });
    expect(changed).toMatchObject({ kind: "fixed", value: 300, maxUses: 5 });
    expect(changed.events.map((e) => e.id).sort()).toEqual([a, b].sort());
    await updateDiscount(database.db, { hostId, discountId: id, draft: draft({ code: "friends", eventIds: null }) });
    expect((await hostDiscount(database.db, { hostId, discountId: id })).events).toEqual([]);
  });

  it("answer a code already in use from the unique constraint, beside the code", async () => {
    await createDiscount(database.db, { hostId, draft: draft({ code: "taken" }) });
    const again = await refusal(createDiscount(database.db, { hostId, draft: draft({ code: "taken" }) }));
    expect(again).toMatchObject({ code: "validation_failed", message: s.codeTaken, details: { field: "code" } });
    const other = await createDiscount(database.db, { hostId, draft: draft({ code: "other" }) });
    expect(
      await refusal(updateDiscount(database.db, { hostId, discountId: other.id, draft: draft({ code: "taken" }) })),
    ).toMatchObject({ message: s.codeTaken, details: { field: "code" } });
    // Another host may use the same code for their own events.
    await createDiscount(database.db, { hostId: otherHostId, draft: draft({ code: "taken" }) });
    expect(await database.db.select().from(discount).where(eq(discount.code, "taken"))).toHaveLength(2);
  });

  it("never set a use limit below the uses already made", async () => {
    const { id } = await createDiscount(database.db, { hostId, draft: draft({ code: "limited" }) });
    await database.db.update(discount).set({ uses: 3 }).where(eq(discount.id, id));
    const below = await refusal(
      updateDiscount(database.db, { hostId, discountId: id, draft: draft({ code: "limited", maxUses: 2 }) }),
    );
    expect(below).toMatchObject({ message: s.maxUsesBelowUsed(3), details: { field: "maxUses" } });
    await updateDiscount(database.db, { hostId, discountId: id, draft: draft({ code: "limited", maxUses: 3 }) });
    expect((await hostDiscount(database.db, { hostId, discountId: id })).maxUses).toBe(3);
  });

  it("are limited only to the host's own events", async () => {
    const theirs = await newEvent(otherHostId);
    const refused = await refusal(createDiscount(database.db, { hostId, draft: draft({ eventIds: [theirs] }) }));
    expect(refused).toMatchObject({ message: s.eventUnknown, details: { field: "eventIds" } });
    // The database refuses it too, whatever code writes the row.
    const { id } = await createDiscount(database.db, { hostId, draft: draft() });
    await expect(database.db.insert(discountEvent).values({ discountId: id, eventId: theirs })).rejects.toThrow();
  });

  it("are listed newest first, a page at a time, with the events each is for", async () => {
    const host = (await createHost(database.db)).id;
    expect(await listHostDiscounts(database.db, { hostId: host })).toEqual({
      discounts: [],
      page: 1,
      pages: 1,
      total: 0,
    });
    const only = await newEvent(host, "Quiz Night");
    for (let i = 0; i < DISCOUNTS_PAGE_SIZE + 1; i++)
      await createDiscount(database.db, {
        hostId: host,
        draft: draft({ code: `code${i}`, eventIds: i === 0 ? [only] : null }),
      });
    const first = await listHostDiscounts(database.db, { hostId: host });
    expect(first).toMatchObject({ page: 1, pages: 2, total: DISCOUNTS_PAGE_SIZE + 1 });
    expect(first.discounts).toHaveLength(DISCOUNTS_PAGE_SIZE);
    const last = await listHostDiscounts(database.db, { hostId: host, page: 9 });
    expect(last.page).toBe(2);
    expect(last.discounts.map((d) => [d.code, d.events.map((e) => e.name)])).toEqual([["code0", ["Quiz Night"]]]);
  });

  it("for one event: those for all events and those limited to it", async () => {
    const a = await newEvent();
    const b = await newEvent();
    const host = hostId;
    const forA = await createDiscount(database.db, { hostId: host, draft: draft({ code: "only-a", eventIds: [a] }) });
    await createDiscount(database.db, { hostId: host, draft: draft({ code: "only-b", eventIds: [b] }) });
    const list = await eventDiscounts(database.db, { hostId: host, eventId: a });
    const codes = list.map((d) => d.code);
    expect(codes).toContain("only-a");
    expect(codes).not.toContain("only-b");
    expect(list.find((d) => d.id === forA.id)!.forAll).toBe(false);
    expect(list.filter((d) => d.forAll).length).toBeGreaterThan(0);
  });

  it("offer to be limited to events not over, and to those already chosen", async () => {
    const host = (await createHost(database.db)).id;
    const past = (await createEvent(database.db, { hostId: host, startsAt: new Date("2026-11-01T19:00:00Z") })).id;
    const coming = await newEvent(host);
    expect((await discountEventChoices(database.db, { hostId: host, now })).map((e) => e.id)).toEqual([coming]);
    expect((await discountEventChoices(database.db, { hostId: host, now, include: [past] })).map((e) => e.id)).toEqual([
      past,
      coming,
    ]);
  });

  it("are another host's to read and change only when theirs: not found, nothing changes", async () => {
    const { id } = await createDiscount(database.db, { hostId, draft: draft({ code: "mine" }) });
    const event = await newEvent();
    for (const attempt of [
      () => hostDiscount(database.db, { hostId: otherHostId, discountId: id }),
      () => updateDiscount(database.db, { hostId: otherHostId, discountId: id, draft: draft({ code: "stolen" }) }),
      () => eventDiscounts(database.db, { hostId: otherHostId, eventId: event }),
      () => hostDiscount(database.db, { hostId, discountId: "x' or 1=1 --" }),
    ])
      expect((await refusal(attempt())).code).toBe("not_found");
    expect(await hostDiscount(database.db, { hostId, discountId: id })).toMatchObject({ code: "mine", value: 1000 });
  });
});

describe("the booking flow honours a discount's events", () => {
  it("refuses a code on the host's other events, with words that say so, and takes it on its own", async () => {
    const mine = await newEvent();
    const other = await newEvent();
    await createDiscount(database.db, { hostId, draft: draft({ code: "onlymine", eventIds: [mine] }) });
    const buyer = await createBuyer(database.db);
    const lineOf = async (eventId: string) => {
      const [t] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, eventId));
      return [{ ticketTypeId: t!.id, quantity: 1 }];
    };

    expect(await findDiscount(database.db, { hostId, eventId: other, code: " ONLYMINE ", now })).toMatchObject({
      problem: "other_event",
    });
    const refused = await refusal(
      holdTickets(database.db, {
        eventId: other,
        userId: buyer.id,
        lines: await lineOf(other),
        coupon: "OnlyMine",
        now,
      }),
    );
    expect(refused).toMatchObject({
      code: "validation_failed",
      message: discountProblemText.other_event,
      details: { field: "coupon" },
    });

    const held = await holdTickets(database.db, {
      eventId: mine,
      userId: buyer.id,
      lines: await lineOf(mine),
      coupon: "OnlyMine",
      now,
    });
    expect(held.breakdown.discountPence).toBe(100);
  });

  it("a code for all events works on each", async () => {
    const any = await newEvent();
    await createDiscount(database.db, { hostId, draft: draft({ code: "everywhere" }) });
    expect(await findDiscount(database.db, { hostId, eventId: any, code: "everywhere", now })).toMatchObject({
      problem: null,
    });
    // Another host's event never finds this host's code.
    const theirs = await newEvent(otherHostId);
    expect(
      await findDiscount(database.db, { hostId: otherHostId, eventId: theirs, code: "everywhere", now }),
    ).toMatchObject({ problem: "unknown" });
  });
});

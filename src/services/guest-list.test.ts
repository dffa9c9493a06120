import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { guest, order, ticket, ticketType } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { guestMessages } from "~/texts/guest-messages";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import {
  addGuest,
  eventGuestCsv,
  guestCounts,
  hostGuest,
  importGuests,
  listGuests,
  previewGuestImport,
  removeGuest,
  setCheckedIn,
  updateGuest,
} from "./guest-list";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let otherHostId: string;
let eventId: string;
let otherEventId: string;
let standardId: string;
let ticketIds: string[];

const blank = { email: "", plusOnes: "", notes: "", ticketTypeId: "" };

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  hostId = (await createHost(db)).id;
  otherHostId = (await createHost(db, { hostTitle: "Northern Sparks" })).id;
  const ev = await createEvent(db, { hostId, startsAt, name: "Folk Night" }, [
    { name: "Standard", pricePence: 1000, capacity: 50 },
    { name: "VIP", pricePence: 2000, capacity: 10 },
  ]);
  eventId = ev.id;
  otherEventId = (await createEvent(db, { hostId: otherHostId, startsAt, name: "Their Night" })).id;
  const types = await db.select().from(ticketType).where(eq(ticketType.eventId, eventId));
  standardId = types.find((t) => t.name === "Standard")!.id;
  const buyer = await createBuyer(db, "Bea Buyer");
  const bought = await buyTickets(db, {
    eventId,
    buyer: { id: buyer.id, email: buyer.email, name: "Bea Buyer" },
    quantity: 2,
    ticketTypeId: standardId,
    now,
    sign: codes.sign,
  });
  await db
    .update(order)
    .set({ accessNeeds: { needs: ["wheelchair_user"], notes: "Step-free please" } })
    .where(eq(order.id, bought.orderId));
  ticketIds = bought.tickets.map((t) => t.id);
  // Another host's buyer, on their own event: never on this host's lists.
  await buyTickets(db, {
    eventId: otherEventId,
    buyer: { id: buyer.id, email: buyer.email, name: "Bea Buyer" },
    now,
    sign: codes.sign,
  });
});
afterAll(() => database.close());

describe("an event's guest list", () => {
  it("lists ticket holders with their order's access needs, and guests added by hand, and counts them", async () => {
    const db = database.db;
    const added = await addGuest(db, {
      hostId,
      eventId,
      guest: { ...blank, name: "  Ada  Lovelace ", email: "ADA@example.com", plusOnes: "2", ticketTypeId: standardId },
      now,
    });
    const list = await listGuests(db, { hostId, query: { search: "", page: 1, eventId } });
    expect(list.total).toBe(3);
    const ada = list.rows.find((r) => r.id === added.id)!;
    expect(ada).toMatchObject({ kind: "guest", name: "Ada Lovelace", email: "ada@example.com", plusOnes: 2 });
    expect(ada.ticketType).toBe("Standard");
    const holders = list.rows.filter((r) => r.kind === "ticket");
    expect(holders).toHaveLength(2);
    expect(holders[0]).toMatchObject({ ticketType: "Standard", accessNotes: "Step-free please", checkedInAt: null });
    expect(holders[0]!.accessNeeds).toMatch(/wheelchair/i);
    expect(await guestCounts(db, { hostId, eventId })).toEqual({ checkedIn: 0, expected: 5 });
  });

  it("searches by name, email or order reference, and pages on the server", async () => {
    const db = database.db;
    expect((await listGuests(db, { hostId, query: { search: "lovel", page: 1, eventId } })).total).toBe(1);
    expect((await listGuests(db, { hostId, query: { search: "bea-", page: 1, eventId } })).total).toBe(2);
    expect((await listGuests(db, { hostId, query: { search: "%", page: 1, eventId } })).total).toBe(0);
    const paged = await listGuests(db, { hostId, query: { search: "", page: 9, eventId }, pageSize: 2 });
    expect({ page: paged.page, pages: paged.pages, rows: paged.rows.length }).toEqual({ page: 2, pages: 2, rows: 1 });
  });

  it("refuses a guest with bad details, naming each field, and stores nothing", async () => {
    const db = database.db;
    const error = await refusal(
      addGuest(db, { hostId, eventId, guest: { ...blank, name: "", email: "nope", plusOnes: "11" }, now }),
    );
    expect(error.code).toBe("validation_failed");
    expect(Object.keys(error.details!.fields as object).sort()).toEqual(["email", "name", "plusOnes"]);
    const theirType = (await db.select().from(ticketType).where(eq(ticketType.eventId, otherEventId)))[0]!;
    const named = await refusal(
      addGuest(db, { hostId, eventId, guest: { ...blank, name: "Eve", ticketTypeId: theirType.id }, now }),
    );
    expect(named.details!.fields).toEqual({ ticketTypeId: guestMessages.fields.ticketTypeUnknown });
    expect((await db.select().from(guest).where(eq(guest.name, "Eve"))).length).toBe(0);
  });

  it("edits and removes a guest, and another host can do neither, nor see or add to the list", async () => {
    const db = database.db;
    const { id } = await addGuest(db, { hostId, eventId, guest: { ...blank, name: "Grace" }, now });
    for (const work of [
      () => hostGuest(db, { hostId: otherHostId, guestId: id }),
      () => updateGuest(db, { hostId: otherHostId, guestId: id, guest: { ...blank, name: "Taken" }, now }),
      () => removeGuest(db, { hostId: otherHostId, guestId: id }),
      () => addGuest(db, { hostId: otherHostId, eventId, guest: { ...blank, name: "Sneaky" }, now }),
      () => listGuests(db, { hostId: otherHostId, query: { search: "", page: 1, eventId } }),
      () => setCheckedIn(db, { hostId: otherHostId, eventId, kind: "guest", id, checkedIn: true, now }),
      () => setCheckedIn(db, { hostId: otherHostId, eventId: otherEventId, kind: "guest", id, checkedIn: true, now }),
      () => setCheckedIn(db, { hostId: otherHostId, eventId, kind: "ticket", id: ticketIds[0]!, checkedIn: true, now }),
      () => eventGuestCsv(db, { hostId: otherHostId, eventId }),
      () => hostGuest(db, { hostId, guestId: "not-a-uuid" }),
    ])
      expect((await refusal(work())).code).toBe("not_found");
    const [kept] = await db.select().from(guest).where(eq(guest.id, id));
    expect(kept).toMatchObject({ name: "Grace", checkedInAt: null });
    const other = await listGuests(db, { hostId: otherHostId, query: { search: "", page: 1 } });
    expect(other.rows.map((r) => r.eventName)).toEqual(["Their Night"]);

    await updateGuest(db, { hostId, guestId: id, guest: { ...blank, name: "Grace Hopper", notes: "Band" }, now });
    expect(await hostGuest(db, { hostId, guestId: id })).toMatchObject({ name: "Grace Hopper", notes: "Band" });
    expect(await removeGuest(db, { hostId, guestId: id })).toEqual({ name: "Grace Hopper", eventId });
    expect((await refusal(hostGuest(db, { hostId, guestId: id }))).code).toBe("not_found");
  });
});

describe("checking in by hand", () => {
  it("admits a ticket once however many press at once, and undoes it once", async () => {
    const db = database.db;
    const id = ticketIds[0]!;
    const press = () => setCheckedIn(db, { hostId, eventId, kind: "ticket", id, checkedIn: true, now });
    const results = await Promise.all([press(), press(), press()]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.every((r) => r.name === "Bea Buyer")).toBe(true);
    const [row] = await db.select().from(ticket).where(eq(ticket.id, id));
    expect(row).toMatchObject({ status: "checked_in", checkedInAt: now });
    expect(await guestCounts(db, { hostId, eventId })).toMatchObject({ checkedIn: 1 });

    const undo = () => setCheckedIn(db, { hostId, eventId, kind: "ticket", id, checkedIn: false, now });
    const undone = await Promise.all([undo(), undo()]);
    expect(undone.filter((r) => r.changed)).toHaveLength(1);
    expect((await db.select().from(ticket).where(eq(ticket.id, id)))[0]).toMatchObject({
      status: "valid",
      checkedInAt: null,
    });
  });

  it("never touches a void ticket", async () => {
    const db = database.db;
    const id = ticketIds[1]!;
    await db.update(ticket).set({ status: "void" }).where(eq(ticket.id, id));
    const error = await refusal(setCheckedIn(db, { hostId, eventId, kind: "ticket", id, checkedIn: true, now }));
    expect(error).toMatchObject({ code: "conflict", message: guestMessages.ticketVoid });
    expect((await db.select().from(ticket).where(eq(ticket.id, id)))[0]).toMatchObject({ status: "void" });
    const list = await listGuests(db, { hostId, query: { search: "", page: 1, eventId } });
    expect(list.rows.some((r) => r.id === id)).toBe(false);
    await db.update(ticket).set({ status: "valid" }).where(eq(ticket.id, id));
  });

  it("never checks in a ticket of an order that no longer stands, even one left valid", async () => {
    const db = database.db;
    const id = ticketIds[1]!;
    const [{ orderId }] = (await db.select({ orderId: ticket.orderId }).from(ticket).where(eq(ticket.id, id))) as [
      { orderId: string },
    ];
    await db.update(order).set({ status: "refunded" }).where(eq(order.id, orderId));
    const error = await refusal(setCheckedIn(db, { hostId, eventId, kind: "ticket", id, checkedIn: true, now }));
    expect(error.code).toBe("not_found");
    expect((await db.select().from(ticket).where(eq(ticket.id, id)))[0]).toMatchObject({ status: "valid" });
    await db.update(order).set({ status: "paid" }).where(eq(order.id, orderId));
  });

  it("checks a guest in once, plus-ones and all, and undoes it", async () => {
    const db = database.db;
    const { id } = await addGuest(db, { hostId, eventId, guest: { ...blank, name: "Hedy", plusOnes: "1" }, now });
    const before = await guestCounts(db, { hostId, eventId });
    const press = () => setCheckedIn(db, { hostId, eventId, kind: "guest", id, checkedIn: true, now });
    const results = await Promise.all([press(), press()]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(await guestCounts(db, { hostId, eventId })).toEqual({ ...before, checkedIn: before.checkedIn + 2 });
    expect(await setCheckedIn(db, { hostId, eventId, kind: "guest", id, checkedIn: false, now })).toEqual({
      name: "Hedy",
      changed: true,
    });
    expect(await guestCounts(db, { hostId, eventId })).toEqual(before);
  });
});

describe("CSV files", () => {
  it("exports the list with a byte order mark, and keeps formulas as text", async () => {
    const db = database.db;
    await addGuest(db, { hostId, eventId, guest: { ...blank, name: "=SUM(A1)", notes: "@cmd" }, now });
    const { fileName, csv } = await eventGuestCsv(db, { hostId, eventId });
    expect(fileName).toBe("guests-folk-night.csv");
    expect(csv.startsWith("\uFEFFName,Email")).toBe(true);
    expect(csv).toContain(`"'=SUM(A1)",,,0,"'@cmd",Guest`);
    expect(csv).toMatch(
      /Bea Buyer,bea-[^,]+@example\.com,Standard,0,,Ticket,[A-Z0-9-]+,Wheelchair user. Step-free please,/,
    );
  });

  it("imports every line in one go, or none when one line is wrong, and only once", async () => {
    const db = database.db;
    const countGuests = async () => (await db.select().from(guest).where(eq(guest.eventId, eventId))).length;
    const before = await countGuests();
    const bad = "Name,Email,Ticket type,Plus-ones\nIvy,ivy@example.com,VIP,1\nJo,not-email,,\nKit,,,\n";
    const preview = await previewGuestImport(db, { hostId, eventId, text: bad });
    expect(preview.ok && preview.rows.flatMap((r) => r.errors)).toEqual([
      "Line 3: enter an email address like name@example.com",
    ]);
    const importId = "0b7f6c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
    const refused = await refusal(importGuests(db, { hostId, eventId, text: bad, importId, now }));
    expect(refused).toMatchObject({ code: "validation_failed", message: guestMessages.csv.refused(1) });
    expect(await countGuests()).toBe(before);

    const good = bad.replace("not-email", "jo@example.com");
    expect(await importGuests(db, { hostId, eventId, text: good, importId, now })).toEqual({ imported: 3 });
    expect(await countGuests()).toBe(before + 3);
    const again = await refusal(importGuests(db, { hostId, eventId, text: good, importId, now }));
    expect(again).toMatchObject({ code: "conflict", message: guestMessages.csv.alreadyImported });
    expect(await countGuests()).toBe(before + 3);
    const ivy = (await db.select().from(guest).where(eq(guest.name, "Ivy")))[0]!;
    expect(ivy.plusOnes).toBe(1);
    expect(ivy.ticketTypeId).not.toBeNull();
  });

  it("keeps an event's list and a host's lists within their size, counted one import at a time", async () => {
    const db = database.db;
    const host = (await createHost(db, { hostTitle: "Full House" })).id;
    const first = (await createEvent(db, { hostId: host, startsAt, name: "First" })).id;
    const second = (await createEvent(db, { hostId: host, startsAt, name: "Second" })).id;
    const limits = { perEvent: 4, perHost: 6 };
    const file = (names: string[]) => `Name\n${names.join("\n")}\n`;
    const id = (n: number) => `2b7f6c1e-3a4d-4e5f-8a9b-0c1d2e3f4a${String(n).padStart(2, "0")}`;
    const held = async (e: string) => (await db.select().from(guest).where(eq(guest.eventId, e))).length;

    // Two files of three for one event, pressed at once: one fits, the other is told the room left.
    const both = await Promise.allSettled([
      importGuests(db, { hostId: host, eventId: first, text: file(["A", "B", "C"]), importId: id(1), now, limits }),
      importGuests(db, { hostId: host, eventId: first, text: file(["D", "E", "F"]), importId: id(2), now, limits }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((r) => r.status === "rejected")!.reason as { code: string; message: string };
    expect(refused).toMatchObject({ code: "conflict", message: guestMessages.eventListFull(4, 1) });
    expect(await held(first)).toBe(3);

    // One more by hand fits; the next is told the list is full, and nothing already there is lost.
    await addGuest(db, { hostId: host, eventId: first, guest: { ...blank, name: "G" }, now, limits });
    const full = await refusal(
      addGuest(db, { hostId: host, eventId: first, guest: { ...blank, name: "H" }, now, limits }),
    );
    expect(full).toMatchObject({ code: "conflict", message: guestMessages.eventListFull(4, 0) });
    expect(await held(first)).toBe(4);

    // The host's lists together: four held, room for two more across every event.
    const past = await refusal(
      importGuests(db, { hostId: host, eventId: second, text: file(["I", "J", "K"]), importId: id(3), now, limits }),
    );
    expect(past).toMatchObject({ code: "conflict", message: guestMessages.hostListsFull(6, 2) });
    expect(
      await importGuests(db, { hostId: host, eventId: second, text: file(["I", "J"]), importId: id(4), now, limits }),
    ).toEqual({ imported: 2 });
    expect(await held(second)).toBe(2);
  });

  it("can't import into another host's event, nor name their ticket types", async () => {
    const db = database.db;
    const importId = "1b7f6c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
    const into = await refusal(
      importGuests(db, { hostId: otherHostId, eventId, text: "Name\nMallory\n", importId, now }),
    );
    expect(into.code).toBe("not_found");
    const theirs = await previewGuestImport(db, { hostId, eventId, text: "Name,Ticket type\nMallory,Ticket 1\n" });
    expect(theirs.ok && theirs.rows[0]!.errors).toEqual([
      'Line 2: there is no ticket type called "Ticket 1" for this event',
    ]);
    expect((await db.select().from(guest).where(eq(guest.name, "Mallory"))).length).toBe(0);
  });
});

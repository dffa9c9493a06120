import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { guestDisplayConsent, order, ticket, user } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { deleteBuyerAccount } from "./delete-account";
import { eventPageExtras } from "./event-page-extras";
import { exportAccountData } from "./export-account-data";
import { getEventPage } from "./get-event-page";
import { GOING_FACES, setShownAsGoing, whosGoing } from "./whos-going";

const now = new Date("2026-11-26T12:00:00Z");
const startsAt = new Date("2026-12-12T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string };
}

/** An event of a host who shows guests (or not), and a way to sell it to a new person. */
async function setUp(showsGuests: boolean) {
  const db = database.db;
  const host = await createHost(db, { showGuestsOnEventDetail: showsGuests });
  const ev = await createEvent(db, { hostId: host.id, startsAt, name: "Folk Night" }, [
    { pricePence: 1000, capacity: 100 },
  ]);
  const buy = async (name: string, quantity = 1, at = now) => {
    const person = await createBuyer(db, name);
    const bought = await buyTickets(db, {
      eventId: ev.id,
      buyer: { id: person.id, email: person.email, name },
      quantity,
      now: at,
      sign: codes.sign,
    });
    return { person, bought };
  };
  // As the event page reads it: the host's choice and the sold places come with the page.
  const page = async (viewerId: string | null = null) => {
    const read = (await getEventPage(db, { slug: ev.slug }))!;
    return whosGoing(db, {
      event: { id: read.id, showsGuests: read.host.showsGuests, tickets: read.tickets },
      viewerId,
    });
  };
  return { host, ev, buy, page };
}

describe("whosGoing", () => {
  it("is nothing at all while the host doesn't show guests, even with people who agreed", async () => {
    const db = database.db;
    const { host, ev, buy, page } = await setUp(true);
    const { person } = await buy("Ada Lovelace");
    await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: true, now });
    expect((await page())?.faces).toHaveLength(1);

    await db.update(user).set({ showGuestsOnEventDetail: false }).where(eq(user.id, host.id));
    expect(await page(person.id)).toBeNull();
    // The page's own reading: no section, and the question is not asked.
    const eventPage = (await getEventPage(db, { slug: ev.slug, viewerId: person.id }))!;
    expect(eventPage.host.showsGuests).toBe(false);
    expect((await eventPageExtras(db, { event: eventPage, viewerId: person.id, now })).whosGoing).toBeNull();
  });

  it("lists only people who agreed, by first name, once however many tickets they hold", async () => {
    const db = database.db;
    const { ev, buy, page } = await setUp(true);
    const ada = await buy("Ada Lovelace", 3);
    const grace = await buy("Grace Hopper", 2);
    await buy("Hedy Lamarr");
    await setShownAsGoing(db, { eventId: ev.id, userId: ada.person.id, show: true, now });
    await setShownAsGoing(db, { eventId: ev.id, userId: grace.person.id, show: true, now: new Date(+now + 1) });

    const going = (await page())!;
    expect(going.going).toBe(6);
    expect(going.faces).toEqual([
      { id: ada.person.id, firstName: "Ada", image: null },
      { id: grace.person.id, firstName: "Grace", image: null },
    ]);
    // Nothing that could name them further: no surname, no email, anywhere in the answer.
    const text = JSON.stringify(going);
    for (const hidden of ["Lovelace", "Hopper", "Hedy", ada.person.email, grace.person.email])
      expect(text).not.toContain(hidden);
    expect(going.viewer).toBeNull();

    // A profile with only a full name still shows only its first word.
    await db.update(user).set({ firstName: null, name: "Grace Brewster Hopper" }).where(eq(user.id, grace.person.id));
    expect((await page())!.faces[1]!.firstName).toBe("Grace");
  });

  it("leaves out refunded and cancelled orders, void tickets, tickets passed on, and deleted accounts", async () => {
    const db = database.db;
    const { ev, buy, page } = await setUp(true);
    const refunded = await buy("Rita Refunded");
    const voided = await buy("Vic Voided");
    const passedOn = await buy("Pat Passedon");
    const friend = await createBuyer(db, "Fran Friend");
    const deleted = await buy("Del Deleted");
    const stays = await buy("Stan Stays", 2);
    for (const [i, who] of [refunded, voided, passedOn, deleted, stays].entries())
      await setShownAsGoing(db, { eventId: ev.id, userId: who.person.id, show: true, now: new Date(+now + i) });
    expect((await page())!.faces.map((f) => f.firstName)).toEqual(["Rita", "Vic", "Pat", "Del", "Stan"]);

    // Refunded after the door let them in: the ticket stays checked in, the order no longer stands.
    await db.update(ticket).set({ status: "checked_in" }).where(eq(ticket.orderId, refunded.bought.orderId));
    await db.update(order).set({ status: "refunded" }).where(eq(order.id, refunded.bought.orderId));
    await db.update(ticket).set({ status: "void" }).where(eq(ticket.orderId, voided.bought.orderId));
    await db.update(ticket).set({ holderUserId: friend.id }).where(eq(ticket.orderId, passedOn.bought.orderId));
    await deleteBuyerAccount(db, { userId: deleted.person.id, now });
    // One of Stan's two tickets void: the other still admits him.
    await db.update(ticket).set({ status: "void" }).where(eq(ticket.id, stays.bought.tickets[0]!.id));

    expect((await page())!.faces.map((f) => f.firstName)).toEqual(["Stan"]);
    // Deleting the account took its agreements with it.
    const left = await db.select().from(guestDisplayConsent).where(eq(guestDisplayConsent.userId, deleted.person.id));
    expect(left).toEqual([]);
  });

  it(`shows at most ${GOING_FACES} faces, earliest to agree first, and counts everyone going`, async () => {
    const db = database.db;
    const { ev, buy, page } = await setUp(true);
    const people = [];
    for (let i = 0; i < GOING_FACES + 2; i++) people.push((await buy(`Person${i} Surname`)).person);
    // Agreed in reverse order of buying.
    for (const [i, p] of [...people].reverse().entries())
      await setShownAsGoing(db, { eventId: ev.id, userId: p.id, show: true, now: new Date(now.getTime() + i * 1000) });
    const going = (await page())!;
    expect(going.going).toBe(GOING_FACES + 2);
    expect(going.faces).toHaveLength(GOING_FACES);
    expect(going.faces[0]!.id).toBe(people.at(-1)!.id);
  });

  it("tells a signed-in viewer whether they hold a ticket and whether they are shown", async () => {
    const db = database.db;
    const { ev, buy, page } = await setUp(true);
    const { person } = await buy("Ada Lovelace");
    const stranger = await createBuyer(db, "Sam Stranger");
    expect((await page(stranger.id))!.viewer).toEqual({ holdsTicket: false, shown: false });
    expect((await page(person.id))!.viewer).toEqual({ holdsTicket: true, shown: false });
    await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: true, now });
    expect((await page(person.id))!.viewer).toEqual({ holdsTicket: true, shown: true });
  });
});

describe("setShownAsGoing", () => {
  it("stores one agreement however often it is given, and taking it back removes it", async () => {
    const db = database.db;
    const { ev, buy } = await setUp(true);
    const { person } = await buy("Ada Lovelace", 2);
    const rows = () =>
      db
        .select()
        .from(guestDisplayConsent)
        .where(and(eq(guestDisplayConsent.eventId, ev.id), eq(guestDisplayConsent.userId, person.id)));
    expect(await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: true, now })).toEqual({ shown: true });
    const later = new Date(now.getTime() + 60_000);
    expect(await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: true, now: later })).toEqual({
      shown: true,
    });
    // When they first agreed is kept (what they agreed to, and when).
    expect(await rows()).toEqual([{ eventId: ev.id, userId: person.id, createdAt: now }]);

    const exported = await exportAccountData(db, { userId: person.id, now });
    expect(exported.shownAsGoing).toEqual([{ eventId: ev.id, event: "Folk Night", agreedAt: now.toISOString() }]);

    expect(await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: false, now })).toEqual({
      shown: false,
    });
    expect(await rows()).toEqual([]);
    expect(await setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: false, now })).toEqual({
      shown: false,
    });
  });

  it("refuses people without a standing ticket, and events whose host doesn't show guests", async () => {
    const db = database.db;
    const { ev, buy } = await setUp(true);
    const stranger = await createBuyer(db, "Sam Stranger");
    expect((await refusal(setShownAsGoing(db, { eventId: ev.id, userId: stranger.id, show: true, now }))).code).toBe(
      "conflict",
    );
    const { person, bought } = await buy("Rita Refunded");
    await db.update(order).set({ status: "refunded" }).where(eq(order.id, bought.orderId));
    await refusal(setShownAsGoing(db, { eventId: ev.id, userId: person.id, show: true, now }));

    const off = await setUp(false);
    const { person: buyer } = await off.buy("Ada Lovelace");
    await refusal(setShownAsGoing(db, { eventId: off.ev.id, userId: buyer.id, show: true, now }));
    // A ticket to another event is no ticket to this one.
    await refusal(setShownAsGoing(db, { eventId: ev.id, userId: buyer.id, show: true, now }));
    expect(await db.select().from(guestDisplayConsent).where(eq(guestDisplayConsent.userId, buyer.id))).toEqual([]);
  });
});

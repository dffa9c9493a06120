import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, order, ticketType, trackingLink, trackingLinkVisit } from "~/db/schema";
import { TRACKING_LINKS_PER_EVENT } from "~/domain/promote";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { completeOrder } from "./complete-order";
import { holdTickets } from "./hold-tickets";
import { createDbThrottle } from "./throttle";
import {
  createTrackingLink,
  deleteTrackingLink,
  followTrackingLink,
  listTrackingLinks,
  renameTrackingLink,
  setTrackingLinkArchived,
  VISITS_PER_ADDRESS,
} from "./tracking-links";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const secret = "a visitor secret for the tests";
let database: Database;
let hostId: string;
let otherHostId: string;
let eventId: string;
let otherEventId: string;

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

const make = (name: string, over: Partial<Parameters<typeof createTrackingLink>[1]> = {}) =>
  createTrackingLink(database.db, { hostId, eventId, createdBy: hostId, name, medium: "social", now, ...over });

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  hostId = (await createHost(db)).id;
  otherHostId = (await createHost(db, { hostTitle: "Northern Sparks" })).id;
  eventId = (await createEvent(db, { hostId, startsAt, name: "Folk Night" }, [{ pricePence: 1000, capacity: 50 }])).id;
  otherEventId = (await createEvent(db, { hostId: otherHostId, startsAt, name: "Their Night" })).id;
});

afterAll(async () => {
  await database?.close();
});

describe("tracking links", () => {
  it("makes a link with a short random code and UTM tags from the host's choices", async () => {
    const made = await make("Instagram bio", { campaign: "Winter Shows!" });
    expect(made.code).toMatch(/^[a-z2-9]{8}$/);
    const [row] = await database.db.select().from(trackingLink).where(eq(trackingLink.id, made.id));
    expect(row).toMatchObject({ utmSource: "instagram-bio", utmMedium: "social", utmCampaign: "winter-shows" });
    const second = await make("Sam the promoter", {
      medium: "referral",
      source: "sam",
      now: new Date(now.getTime() + 1000),
    });
    expect(second.code).not.toBe(made.code);
    const { links } = await listTrackingLinks(database.db, { hostId, eventId });
    expect(links.map((l) => l.name)).toEqual(["Sam the promoter", "Instagram bio"]);
  });

  it("refuses a second link of the same name on an event, naming the field", async () => {
    const error = await refusal(make("instagram BIO"));
    expect(error.code).toBe("validation_failed");
    expect(error.details?.fields).toEqual({ name: "This event already has a link with that name." });
  });

  it("answers not found for another host's event and links, and changes nothing of theirs", async () => {
    expect((await refusal(listTrackingLinks(database.db, { hostId: otherHostId, eventId }))).code).toBe("not_found");
    expect(
      (
        await refusal(
          createTrackingLink(database.db, {
            hostId,
            eventId: otherEventId,
            createdBy: hostId,
            name: "X",
            medium: "social",
            now,
          }),
        )
      ).code,
    ).toBe("not_found");
    const mine = await make("Flyers");
    for (const work of [
      () => renameTrackingLink(database.db, { hostId: otherHostId, linkId: mine.id, name: "Taken" }),
      () => setTrackingLinkArchived(database.db, { hostId: otherHostId, linkId: mine.id, archived: true, now }),
      () => deleteTrackingLink(database.db, { hostId: otherHostId, linkId: mine.id }),
      () => renameTrackingLink(database.db, { hostId, linkId: "not-a-uuid", name: "Taken" }),
    ])
      expect((await refusal(work())).code).toBe("not_found");
    const [row] = await database.db.select().from(trackingLink).where(eq(trackingLink.id, mine.id));
    expect(row).toMatchObject({ name: "Flyers", archivedAt: null });
  });

  it("renames, archives and restores the host's own links", async () => {
    const link = await make("Newsletter");
    await renameTrackingLink(database.db, { hostId, linkId: link.id, name: "  December newsletter " });
    await setTrackingLinkArchived(database.db, { hostId, linkId: link.id, archived: true, now });
    let listed = (await listTrackingLinks(database.db, { hostId, eventId })).links.find((l) => l.id === link.id)!;
    expect(listed).toMatchObject({ name: "December newsletter", archivedAt: now });
    await setTrackingLinkArchived(database.db, { hostId, linkId: link.id, archived: false, now });
    listed = (await listTrackingLinks(database.db, { hostId, eventId })).links.find((l) => l.id === link.id)!;
    expect(listed.archivedAt).toBeNull();
  });
});

describe("following a link", () => {
  const throttle = () => createDbThrottle(database.db, { cleanupProbability: 0 });

  it("sends people to the event page with the UTM tags and the code; an unknown code is not a link", async () => {
    const link = await make("Facebook page", { medium: "social", campaign: "folk" });
    const followed = await followTrackingLink(database.db, {
      code: link.code,
      visitor: null,
      secret,
      throttle: throttle(),
      now,
    });
    expect(followed?.path).toMatch(
      new RegExp(
        "^/events/folk-night-[a-z0-9]+\\?utm_source=facebook-page&utm_medium=social&utm_campaign=folk" +
          `&tb_link=${link.code}$`,
      ),
    );
    for (const code of ["zzzzzzzz", "nope", "", "../../x"])
      expect(
        await followTrackingLink(database.db, { code, visitor: null, secret, throttle: throttle(), now }),
      ).toBeNull();
  });

  it("counts a visitor once a day, a different visitor again, the next day again, and no bots", async () => {
    const link = await make("Visits");
    const visit = (ip: string, userAgent: string | null, at = now) =>
      followTrackingLink(database.db, {
        code: link.code,
        visitor: userAgent === null ? null : { ip, userAgent },
        secret,
        throttle: throttle(),
        now: at,
      });
    const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)";
    for (let i = 0; i < 5; i++) await visit("203.0.113.7", phone);
    await visit("203.0.113.7", "Mozilla/5.0 (Linux; Android 15)");
    await visit("198.51.100.2", phone);
    await visit("198.51.100.2", null);
    await visit("203.0.113.7", phone, new Date(now.getTime() + 24 * 3600_000));
    const listed = (await listTrackingLinks(database.db, { hostId, eventId })).links.find((l) => l.id === link.id)!;
    expect(listed.visits).toBe(4);
    // No address is stored: only a keyed digest.
    const rows = await database.db.select().from(trackingLinkVisit).where(eq(trackingLinkVisit.linkId, link.id));
    expect(rows.some((r) => r.visitor.includes("203.0.113.7"))).toBe(false);
  });

  it("counts at most VISITS_PER_ADDRESS new visitors an hour from one address, and still sends them on", async () => {
    const link = await make("Flood");
    const ip = `192.0.2.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < VISITS_PER_ADDRESS.limit + 5; i++) {
      const followed = await followTrackingLink(database.db, {
        code: link.code,
        visitor: { ip, userAgent: `Mozilla/5.0 agent ${i}` },
        secret,
        throttle: throttle(),
        now,
      });
      expect(followed).not.toBeNull();
    }
    const listed = (await listTrackingLinks(database.db, { hostId, eventId })).links.find((l) => l.id === link.id)!;
    expect(listed.visits).toBe(VISITS_PER_ADDRESS.limit);
  });
});

describe("sales through a link", () => {
  it("records the link on the hold and the order, and counts orders, tickets and net sales", async () => {
    const link = await make("Sam");
    const bea = await createBuyer(database.db, "Bea Buyer");
    const held = await holdTickets(database.db, {
      eventId,
      userId: bea.id,
      lines: [{ ticketTypeId: (await ticketTypeOf(eventId))!, quantity: 2 }],
      now,
      trackingCode: link.code,
    });
    const [h] = await database.db.select().from(hold).where(eq(hold.id, held.holdId));
    expect(h!.trackingLinkId).toBe(link.id);
    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: { userId: bea.id, email: bea.email, name: "Bea Buyer" },
      payment: {
        provider: "test",
        providerPaymentId: `pi_test_${randomUUID()}`,
        amountPence: held.breakdown.totalPence,
      },
      now,
      sign: codes.sign,
    });
    const [o] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(o!.trackingLinkId).toBe(link.id);
    // An order without the code is not the link's.
    await buyTickets(database.db, { eventId, buyer: { ...bea, name: "Bea Buyer" }, now, sign: codes.sign });

    const listed = (await listTrackingLinks(database.db, { hostId, eventId })).links.find((l) => l.id === link.id)!;
    expect(listed).toMatchObject({ orders: 1, tickets: 2, netPence: o!.totalPence - o!.bookingFeePence });
    expect(listed.netPence).toBe(2000);

    // A link with sales stays: it can only be archived.
    const error = await refusal(deleteTrackingLink(database.db, { hostId, linkId: link.id }));
    expect(error).toMatchObject({ code: "conflict", details: { reason: "link_has_sales" } });
  });

  it("records nothing for a code of another event's link, or one that is no link", async () => {
    const theirs = await createTrackingLink(database.db, {
      hostId: otherHostId,
      eventId: otherEventId,
      createdBy: otherHostId,
      name: "Theirs",
      medium: "social",
      now,
    });
    const cal = await createBuyer(database.db, "Cal Buyer");
    for (const code of [theirs.code, "zzzzzzzz", "not a code"]) {
      const held = await holdTickets(database.db, {
        eventId,
        userId: cal.id,
        lines: [{ ticketTypeId: (await ticketTypeOf(eventId))!, quantity: 1 }],
        now,
        idempotencyKey: randomUUID(),
        trackingCode: code,
      });
      const [h] = await database.db.select().from(hold).where(eq(hold.id, held.holdId));
      expect(h!.trackingLinkId).toBeNull();
    }
  });

  it("deletes a link nobody bought through", async () => {
    const link = await make("Unused");
    await deleteTrackingLink(database.db, { hostId, linkId: link.id });
    expect(await database.db.select().from(trackingLink).where(eq(trackingLink.id, link.id))).toEqual([]);
  });
});

describe("the limit per event", () => {
  it(`allows ${TRACKING_LINKS_PER_EVENT} links per event, archived ones included, no more, even at once`, async () => {
    const db = database.db;
    const limited = (await createEvent(db, { hostId, startsAt, name: "Busy Night" })).id;
    const existing = TRACKING_LINKS_PER_EVENT - 3;
    await db.insert(trackingLink).values(
      Array.from({ length: existing }, (_, i) => ({
        hostId,
        eventId: limited,
        code: `l${String(i).padStart(3, "0")}${randomUUID().slice(0, 4)}`,
        name: `Link ${i}`,
        utmSource: "s",
        utmMedium: "social",
        utmCampaign: "c",
        archivedAt: i % 2 === 0 ? now : null,
      })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        createTrackingLink(db, {
          hostId,
          eventId: limited,
          createdBy: hostId,
          name: `Rush ${i}`,
          medium: "social",
          now,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "conflict",
        details: { reason: "too_many_links" },
      });
    const { links } = await listTrackingLinks(db, { hostId, eventId: limited });
    expect(links).toHaveLength(TRACKING_LINKS_PER_EVENT);
  });
});

async function ticketTypeOf(id: string) {
  const [t] = await database.db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, id));
  return t?.id;
}

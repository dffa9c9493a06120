import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, event, hold, ticketType } from "~/db/schema";
import { CODE_LIMITS, FREE_CHECKOUT_LIMITS, HOLD_LIMITS } from "~/services/booking-limits";
import { holdTickets } from "~/services/hold-tickets";
import { action as checkoutAction } from "~/web/routes/checkout.$holdId";
import { action as eventPageAction, loader as eventPageLoader } from "~/web/routes/events/$slug";
import type { SessionUser } from "~/services/session-user";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createUser, sessionUserOf } from "../../../tests/factories/users";
import { createTestApp, signInThroughApi } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { pageContext } from "../app";

/**
 * Where codes are tried and tickets held, guessing and hoarding are throttled per person and per
 * address (DESIGN §3), with the spec's 'Please try again in a few minutes!'. The holds API is
 * called over HTTP (behind a proxy we trust, so each test picks its address); the event page's
 * action and loader are called as React Router calls them, with the app's page context.
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let hostId: string;
const DAY_MS = 86_400_000;
const TRY_LATER = "Please try again in a few minutes!";

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database, { TRUST_PROXY: "true" });
  hostId = (await createHost(database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

async function newEvent(tickets: Parameters<typeof createEvent>[2]) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date(Date.now() + 7 * DAY_MS) }, tickets);
  const types = await database.db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, e.id))
    .orderBy(ticketType.sortOrder);
  return { event: e, types };
}

function press(slug: string, form: Record<string, string>, opts: { cookie: string; ip: string }) {
  return testApp.app.request(`/api/events/${slug}/holds`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: testApp.config.publicUrl,
      Cookie: opts.cookie,
      "X-Forwarded-For": opts.ip,
    },
    body: new URLSearchParams({ key: crypto.randomUUID(), ...form }).toString(),
  });
}

const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

/** The event page's context for a request from `ip`, by `user` (or nobody). */
const contextFor = (ip: string, user: SessionUser | null = null) =>
  pageContext(
    { ...testApp, database, buildVersion: "9.9.9-test" },
    { user, clientIp: ip, requestId: "test", nonce: "" },
  );

/** Applies a code on the event page, as the booking panel's "Apply" does. */
async function applyCode(slug: string, code: string, ip: string) {
  const request = new Request(`${testApp.config.publicUrl}/events/${slug}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "coupon", coupon: code }),
  });
  const result = (await eventPageAction({ request, params: { slug }, context: contextFor(ip) } as Parameters<
    typeof eventPageAction
  >[0])) as unknown;
  // A refusal comes as data() with its status; an answer as the plain object.
  if (result && typeof result === "object" && "data" in result && "init" in result) {
    const { data, init } = result as { data: { couponError?: string }; init: { status?: number } | null };
    return { status: init?.status ?? 200, ...data };
  }
  return { status: 200, ...(result as { couponError?: string; coupon?: { code: string } }) };
}

describe("trying discount codes", () => {
  it(
    "answers an anonymous address's tries until its limit, then 'Please try again in a few minutes!' for any code, " +
      "the right one too",
    async () => {
      const { event: e } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
      await database.db
        .insert(discount)
        .values({ hostId, name: "Crew", code: "crew", kind: "percent", value: 10_000, isPrivate: true });
      const ip = "203.0.113.10";
      for (let i = 0; i < CODE_LIMITS.triesPerIp.limit; i++) {
        expect(await applyCode(e.slug, `guess${i}`, ip)).toMatchObject({
          couponError: "That code doesn't match any offer for this event.",
        });
      }
      expect(await applyCode(e.slug, "crew", ip)).toEqual({ status: 429, couponError: TRY_LATER });
      expect(await applyCode(e.slug, "guess-again", ip)).toEqual({ status: 429, couponError: TRY_LATER });
      // Another address is answered.
      expect(await applyCode(e.slug, "crew", "203.0.113.11")).toMatchObject({ status: 200, coupon: { code: "crew" } });
    },
  );

  it("counts a signed-in person's tries wherever made; past the limit, refuses with the spec's words", async () => {
    const { person, cookie } = await signInThroughApi(testApp, database);
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 50 }]);
    await database.db
      .insert(discount)
      .values({ hostId, name: "Ten off", code: "tenoff", kind: "percent", value: 1000 });
    const form = (coupon: string) => ({ [`qty:${types[0]!.id}`]: "1", coupon });
    // Each from an address of its own: the person is counted, wherever they are.
    for (let i = 0; i < CODE_LIMITS.triesPerPerson.limit; i++) {
      const res = await press(e.slug, form(`nope${i}`), { cookie, ip: `198.51.100.${i + 1}` });
      expect(res.status).toBe(422);
      expect(await messageOf(res)).toBe("That code doesn't match any offer for this event.");
    }
    const refused = await press(e.slug, form("tenoff"), { cookie, ip: "198.51.100.99" });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toBe(TRY_LATER);
    // The page's action (no JavaScript) counts the same tries.
    const user = { id: person.id, email: person.email, name: person.name } as SessionUser;
    const request = new Request(`${testApp.config.publicUrl}/events/${e.slug}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "coupon", coupon: "tenoff" }),
    });
    const viaPage = (await eventPageAction({
      request,
      params: { slug: e.slug },
      context: contextFor("198.51.100.98", user),
    } as Parameters<typeof eventPageAction>[0])) as { data: { couponError: string }; init: { status: number } };
    expect(viaPage.data.couponError).toBe(TRY_LATER);
    expect(viaPage.init.status).toBe(429);
    expect(await database.db.select().from(hold).where(eq(hold.eventId, e.id))).toEqual([]);
    // Presses without a code are not tries.
    expect((await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie, ip: "198.51.100.97" })).status).toBe(201);
  });

  it("stops unlocking private tickets for an address that has tried too many wrong links", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 10 },
      { pricePence: 500, capacity: 10, kind: "private" },
    ]);
    const privateType = types.find((t) => t.kind === "private")!;
    const open = async (key: string, ip: string) => {
      const request = new Request(`${testApp.config.publicUrl}/events/${e.slug}?key=${key}`);
      const loaded = (await eventPageLoader({
        request,
        params: { slug: e.slug },
        context: contextFor(ip),
      } as Parameters<typeof eventPageLoader>[0])) as { unlockedIds: string[] };
      return loaded.unlockedIds;
    };
    const right = testApp.ticketCodes.unlockKey(privateType.id);
    expect(await open(right, "203.0.113.20")).toEqual([privateType.id]);
    for (let i = 0; i < CODE_LIMITS.wrongUnlockKeysPerIp.limit; i++)
      expect(await open(`WRONGKEY${i}`, "203.0.113.21")).toEqual([]);
    expect(await open(right, "203.0.113.21")).toEqual([]);
    expect(await open(right, "203.0.113.22")).toEqual([privateType.id]);
  });
});

describe("holding through the API", () => {
  it("refuses an address past its holds, with the spec's words, and holds nothing for it", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 500 }]);
    // Many people at one address (a venue's wifi): each may hold far more than the address may.
    await database.db.update(event).set({ maxTicketsPerPerson: 200 }).where(eq(event.id, e.id));
    const people = await Promise.all(Array.from({ length: 5 }, () => signInThroughApi(testApp, database)));
    const ip = "192.0.2.50";
    const limit = HOLD_LIMITS.holdsPerIp.limit;
    for (let i = 0; i < limit; i++) {
      const res = await press(
        e.slug,
        { [`qty:${types[0]!.id}`]: "1" },
        { cookie: people[i % people.length]!.cookie, ip },
      );
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const refused = await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie: people[0]!.cookie, ip });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toBe(TRY_LATER);
    expect((await database.db.select().from(hold).where(eq(hold.eventId, e.id))).length).toBe(limit);
    expect(
      (await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie: people[0]!.cookie, ip: "192.0.2.51" })).status,
    ).toBe(201);
  });

  it("refuses one person more than their share of an event across presses, saying how many they have", async () => {
    const { cookie } = await signInThroughApi(testApp, database);
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 100 },
      { pricePence: 2000, capacity: 100 },
    ]);
    expect((await press(e.slug, { [`qty:${types[0]!.id}`]: "6" }, { cookie, ip: "192.0.2.60" })).status).toBe(201);
    const refused = await press(e.slug, { [`qty:${types[1]!.id}`]: "6" }, { cookie, ip: "192.0.2.60" });
    expect(refused.status).toBe(422);
    expect(await messageOf(refused)).toBe(
      "You can have at most 10 tickets for this event, and you already have 6 in checkouts or free orders. Choose up " +
        "to 4 more, or finish the checkout you started.",
    );
    expect((await press(e.slug, { [`qty:${types[1]!.id}`]: "4" }, { cookie, ip: "192.0.2.60" })).status).toBe(201);
  });
});

describe("free checkouts", () => {
  it("completes a person's free orders until their limit, then says 'Please try again in a few minutes!'", async () => {
    const person = await createUser(database.db);
    const user = sessionUserOf(person);
    const checkout = async (ip: string) => {
      const { event: e, types } = await newEvent([{ pricePence: 0, capacity: 10 }]);
      const held = await holdTickets(database.db, {
        eventId: e.id,
        userId: person.id,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        now: new Date(),
      });
      const request = new Request(`${testApp.config.publicUrl}/checkout/${held.holdId}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "complete" }),
      });
      try {
        // A refusal comes as data() with the error table's status.
        const refused = (await checkoutAction({
          request,
          params: { holdId: held.holdId },
          context: contextFor(ip, user),
        } as Parameters<typeof checkoutAction>[0])) as unknown as { data: { error: string }; init: { status: number } };
        return { error: refused.data.error, status: refused.init.status };
      } catch (thrown) {
        // Completed: the action redirects to the order.
        if (thrown instanceof Response) return { redirect: thrown.headers.get("Location") };
        throw thrown;
      }
    };
    for (let i = 0; i < FREE_CHECKOUT_LIMITS.perPerson.limit; i++)
      expect(await checkout(`192.0.2.${100 + i}`)).toMatchObject({ redirect: expect.stringMatching(/^\/orders\//) });
    expect(await checkout("192.0.2.200")).toEqual({ error: TRY_LATER, status: 429 });
  });
});

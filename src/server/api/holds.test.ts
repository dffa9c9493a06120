import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, holdLine, session, ticketType } from "~/db/schema";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createTestApp, signInThroughApi } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

/**
 * `POST /api/events/{slug}/holds`: the booking panel's Checkout with JavaScript. It must hold for
 * exactly the person whose session cookie it carries, refuse everyone else without writing, and
 * say why in the words the panel shows.
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let hostId: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  hostId = (await createHost(database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

const signedIn = () => signInThroughApi(testApp, database);

async function newEvent(tickets: Parameters<typeof createEvent>[2]) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date(Date.now() + 7 * DAY_MS) }, tickets);
  const types = await database.db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, e.id))
    .orderBy(ticketType.sortOrder);
  return { event: e, types };
}

/** Checkout as the panel presses it: its form, with a fresh key unless the form says otherwise. */
function press(
  slug: string,
  form: Record<string, string>,
  opts: { cookie?: string; origin?: string | null; host?: string; contentType?: string; query?: string } = {},
) {
  form = { key: crypto.randomUUID(), ...form };
  const headers: Record<string, string> = { "Content-Type": opts.contentType ?? "application/x-www-form-urlencoded" };
  if (opts.host) headers.Host = opts.host;
  if (opts.origin !== null) headers.Origin = opts.origin ?? testApp.config.publicUrl;
  if (opts.cookie) headers.Cookie = opts.cookie;
  return testApp.app.request(`/api/events/${slug}/holds${opts.query ?? ""}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form).toString(),
  });
}

const holdsOf = (eventId: string) => database.db.select().from(hold).where(eq(hold.eventId, eventId));

describe("POST /api/events/{slug}/holds", () => {
  it("holds the tickets for the person signed in and answers with the checkout page", async () => {
    const { person, cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const res = await press(
      e.slug,
      { intent: "checkout", [`qty:${types[0]!.id}`]: "2", key: crypto.randomUUID() },
      { cookie },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { holdId: string; checkout: string; expiresAt: string };
    expect(body.checkout).toBe(`/checkout/${body.holdId}`);
    const [held] = await holdsOf(e.id);
    expect(held).toMatchObject({ id: body.holdId, userId: person.id, status: "active" });
    expect(new Date(body.expiresAt).getTime()).toBe(held!.expiresAt.getTime());
    expect(
      await database.db
        .select({ quantity: holdLine.quantity, unitPricePence: holdLine.unitPricePence })
        .from(holdLine)
        .where(eq(holdLine.holdId, body.holdId)),
    ).toEqual([{ quantity: 2, unitPricePence: 1000 }]);
  });

  it("refuses a missing or forged session cookie with 401, holding nothing", async () => {
    const { cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const form = { [`qty:${types[0]!.id}`]: "1" };
    // The signature's first character changed (its last carries spare bits, see session-reader.test.ts).
    const dot = cookie.lastIndexOf(".");
    const forged = `${cookie.slice(0, dot + 1)}${cookie[dot + 1] === "A" ? "B" : "A"}${cookie.slice(dot + 2)}`;
    for (const res of [
      await press(e.slug, form),
      await press(e.slug, form, { cookie: forged }),
      await press(e.slug, form, { cookie: cookie.split(".")[0]! }),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Log in to check out.");
    }
    expect(await holdsOf(e.id)).toEqual([]);
  });

  it("refuses a session that has expired or was revoked, holding nothing", async () => {
    const expired = await signedIn();
    const revoked = await signedIn();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, expired.person.id));
    await database.db.delete(session).where(eq(session.userId, revoked.person.id));
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    for (const { cookie } of [expired, revoked])
      expect((await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie })).status).toBe(401);
    expect(await holdsOf(e.id)).toEqual([]);
  });

  it("refuses a press from another site's page, and a body that is not the booking form", async () => {
    const { cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const form = { [`qty:${types[0]!.id}`]: "1" };
    expect((await press(e.slug, form, { cookie, origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await press(e.slug, form, { cookie, origin: null })).status).toBe(403);
    const wrongType = await press(e.slug, form, { cookie, contentType: "application/json" });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { error: { message: string } }).error.message).toMatch(/x-www-form-urlencoded/);
    const keyless = await press(e.slug, { ...form, key: "" }, { cookie });
    expect(keyless.status).toBe(400);
    expect(((await keyless.json()) as { error: { details: { field: string } } }).error.details.field).toBe("key");
    const huge = await press(e.slug, { ...form, coupon: "x".repeat(20_000) }, { cookie });
    expect(huge.status).toBe(413);
    expect(await holdsOf(e.id)).toEqual([]);
    // The page's own host, as the browser asked for it, is the site too (a second name for it, say).
    expect(
      (await press(e.slug, form, { cookie, origin: "https://tickets.example", host: "tickets.example" })).status,
    ).toBe(201);
  });

  it("says someone beat you to it, correcting the basket to what is left; 404 for an event not on sale", async () => {
    const { cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 3, sold: 2 }]);
    const res = await press(e.slug, { [`qty:${types[0]!.id}`]: "2", key: crypto.randomUUID() }, { cookie });
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { code: string; message: string; details: { basket: unknown } } };
    expect(error).toMatchObject({ code: "conflict", message: "Oops! It seems someone beat you to it..." });
    expect(error.details.basket).toEqual({ lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }], coupon: null });
    expect(await holdsOf(e.id)).toEqual([]);

    const missing = await press("no-such-event", { [`qty:${types[0]!.id}`]: "1" }, { cookie });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe("That event isn't on sale.");
  });

  it("says what is wrong with a basket that cannot be bought", async () => {
    const { cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 50, capacity: 10 }]);
    const res = await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string; details: { field: string } } }).error).toMatchObject({
      message: "A paid order must come to at least £1.00.",
      details: { field: "tickets" },
    });
  });

  it("unlocks a private ticket with the link's key", async () => {
    const { cookie } = await signedIn();
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10, kind: "private" }]);
    const form = { [`qty:${types[0]!.id}`]: "1" };
    expect((await press(e.slug, form, { cookie })).status).toBe(409);
    const res = await press(e.slug, form, { cookie, query: `?key=${testApp.ticketCodes.unlockKey(types[0]!.id)}` });
    expect(res.status).toBe(201);
  });

  it("lets better-auth extend a session due for it, and sends the refreshed cookie with the hold", async () => {
    const { person, cookie } = await signedIn();
    const ctx = await testApp.auth.$context;
    const aged = new Date(Date.now() + ctx.sessionConfig.expiresIn * 1000 - DAY_MS - 60_000);
    await database.db.update(session).set({ expiresAt: aged }).where(eq(session.userId, person.id));
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const res = await press(e.slug, { [`qty:${types[0]!.id}`]: "1" }, { cookie });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("tb.session_token="))).toMatch(/Max-Age=2592000/);
    const [row] = await database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, person.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + DAY_MS / 2);
  });
});

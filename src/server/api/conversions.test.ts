import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ticketType } from "~/db/schema";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createUser, FACTORY_PASSWORD } from "../../../tests/factories/users";
import { startFakeMetaGraph, type FakeMetaGraph } from "../../../tests/fakes/fake-meta-graph";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { CONVERSIONS_PER_PERSON } from "./conversions";

const SITE = "https://tickets.example";
const TOKEN = "EAAtest-conversions-token";
let database: Database;
let graph: FakeMetaGraph;
let tracked: Awaited<ReturnType<typeof createTestApp>>;
let untracked: Awaited<ReturnType<typeof createTestApp>>;
let eventId: string;
let types: { id: string; pricePence: number }[];
let session = "";
let email = "";

const CONSENT = (statistics: boolean) => {
  const consent = { necessary: true, performance: false, statistics, savedAt: "2026-11-24T10:00:00.000Z" };
  return `tb_consent=${encodeURIComponent(JSON.stringify(consent))}`;
};

beforeAll(async () => {
  database = await createTestDatabase();
  graph = await startFakeMetaGraph({ accessToken: TOKEN });
  tracked = await createTestApp(database, {
    PUBLIC_URL: SITE,
    META_PIXEL_ID: "1234567890",
    META_CONVERSIONS_TOKEN: TOKEN,
    META_GRAPH_URL: graph.url,
  });
  untracked = await createTestApp(database, { PUBLIC_URL: SITE });
  const host = await createHost(database.db);
  const e = await createEvent(database.db, { hostId: host.id, startsAt: new Date(Date.now() + 7 * 86_400_000) }, [
    { pricePence: 1000, capacity: 50 },
    { pricePence: 500, capacity: 50 },
  ]);
  eventId = e.id;
  types = await database.db
    .select({ id: ticketType.id, pricePence: ticketType.pricePence })
    .from(ticketType)
    .where(eq(ticketType.eventId, e.id));
  const buyer = await createUser(database.db);
  email = buyer.email;
  const res = await tracked.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE },
    body: JSON.stringify({ email, password: FACTORY_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  session = res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?tb.session_token=/.test(c))!
    .split(";")[0]!;
});

afterAll(async () => {
  await tracked.close();
  await untracked.close();
  await graph.close();
  await database.close();
});

function addToCart(
  app: typeof tracked.app,
  opts: { cart: { ticketTypeId: string; count: number }[]; cookie?: string; origin?: string },
) {
  return app.request("/api/conversions", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Mozilla/5.0 (test)",
      Origin: opts.origin ?? SITE,
      Cookie: opts.cookie ?? `${session}; ${CONSENT(true)}`,
    },
    body: JSON.stringify({ name: "AddToCart", eventId, cart: opts.cart, path: "/events/open-mic-night" }),
  });
}

describe("POST /api/conversions", () => {
  it("sends add-to-cart to the Conversions API: hashed user data, all-in value priced by the server", async () => {
    const before = graph.received.length;
    const res = await addToCart(tracked.app, {
      cart: [
        { ticketTypeId: types[0]!.id, count: 2 },
        { ticketTypeId: types[1]!.id, count: 1 },
      ],
    });
    expect(await res.json()).toEqual({ ok: true });
    const sent = graph.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.pixelId).toBe("1234567890");
    const event = sent[0]!.body.data[0]!;
    expect(event).toMatchObject({
      event_name: "AddToCart",
      action_source: "website",
      event_source_url: `${SITE}/events/open-mic-night`,
      user_data: {
        em: [createHash("sha256").update(email.toLowerCase()).digest("hex")],
        client_user_agent: "Mozilla/5.0 (test)",
      },
      // 2 × £10.10 + £5.05, all in (the 1% fee passed on).
      custom_data: {
        currency: "GBP",
        value: 25.25,
        num_items: 3,
        contents: [
          { id: types[0]!.id, quantity: 2 },
          { id: types[1]!.id, quantity: 1 },
        ],
      },
    });
    expect(JSON.stringify(event)).not.toContain(email);
  });

  it("sends nothing without statistics consent, signed out, from another origin, or with every count 0", async () => {
    const before = graph.received.length;
    const cart = [{ ticketTypeId: types[0]!.id, count: 1 }];
    expect(await (await addToCart(tracked.app, { cart, cookie: `${session}; ${CONSENT(false)}` })).json()).toEqual({
      ok: false,
      skipped: "no_consent",
    });
    expect(await (await addToCart(tracked.app, { cart, cookie: CONSENT(true) })).json()).toEqual({
      ok: false,
      skipped: "no_user",
    });
    // A page on another origin is refused before the route, as every post from another site is.
    expect((await addToCart(tracked.app, { cart, origin: "https://preview.tickets.example" })).status).toBe(403);
    expect(await (await addToCart(tracked.app, { cart: [{ ticketTypeId: types[0]!.id, count: 0 }] })).json()).toEqual({
      ok: false,
      skipped: "empty_cart",
    });
    expect(await (await addToCart(untracked.app, { cart })).json()).toEqual({ ok: false, skipped: "not_production" });
    expect(graph.received.length).toBe(before);
  });

  it("sends one person's add-to-cart events up to the limit, then refuses them and calls no more", async () => {
    const buyer = await createUser(database.db);
    const signedIn = await tracked.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ email: buyer.email, password: FACTORY_PASSWORD }),
    });
    const theirs = signedIn.headers
      .getSetCookie()
      .find((c) => /^(__Host-)?tb.session_token=/.test(c))!
      .split(";")[0]!;
    const cookie = `${theirs}; ${CONSENT(true)}`;
    const cart = [{ ticketTypeId: types[0]!.id, count: 1 }];
    const before = graph.received.length;
    for (let i = 0; i < CONVERSIONS_PER_PERSON.limit; i++)
      expect(await (await addToCart(tracked.app, { cart, cookie })).json()).toEqual({ ok: true });
    expect(graph.received.length - before).toBe(CONVERSIONS_PER_PERSON.limit);
    const refused = await addToCart(tracked.app, { cart, cookie });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(graph.received.length - before).toBe(CONVERSIONS_PER_PERSON.limit);
    // Another person is not held back by them.
    expect(await (await addToCart(tracked.app, { cart })).json()).toEqual({ ok: true });
  });

  it("answers ok: false when the platform refuses the event", async () => {
    const refusing = await createTestApp(database, {
      PUBLIC_URL: SITE,
      META_PIXEL_ID: "1234567890",
      META_CONVERSIONS_TOKEN: "a-rotated-token",
      META_GRAPH_URL: graph.url,
    });
    try {
      const res = await addToCart(refusing.app, { cart: [{ ticketTypeId: types[0]!.id, count: 1 }] });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: false });
    } finally {
      await refusing.close();
    }
  });

  it("names what is wrong with a malformed request", async () => {
    const res = await tracked.app.request("/api/conversions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "AddToCart", eventId: "nope", cart: [], path: "/" }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
  });
});

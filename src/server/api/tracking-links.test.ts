import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, ticketType, trackingLinkVisit } from "~/db/schema";
import { consentFromChoice, serializeConsent } from "~/lib/consent";
import { createTrackingLink } from "~/services/tracking-links";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createTestApp, signInThroughApi } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

/**
 * `GET /t/{code}` and attribution (decision 0039): the redirect with UTM tags, visits counted
 * without cookies, the attribution cookie only with statistics consent, and a Checkout press
 * recording the link from the page's address or that cookie.
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let hostId: string;
let slug: string;
let typeId: string;
let code: string;
let linkId: string;
const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const consent = (statistics: boolean) =>
  serializeConsent(consentFromChoice({ performance: false, statistics }, new Date().toISOString()), false).split(
    ";",
  )[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  hostId = (await createHost(database.db)).id;
  const e = await createEvent(
    database.db,
    { hostId, startsAt: new Date(Date.now() + 7 * 86_400_000), name: "Jazz Brunch" },
    [{ pricePence: 1000, capacity: 20 }],
  );
  slug = e.slug;
  typeId = (await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id)))[0]!.id;
  const made = await createTrackingLink(database.db, {
    hostId,
    eventId: e.id,
    createdBy: hostId,
    name: "Sam the promoter",
    medium: "referral",
    now: new Date(),
  });
  code = made.code;
  linkId = made.id;
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

const visit = (path: string, headers: Record<string, string> = {}) =>
  testApp.app.request(path, { redirect: "manual", headers: { "User-Agent": phone, ...headers } });
const visits = async () =>
  (await database.db.select().from(trackingLinkVisit).where(eq(trackingLinkVisit.linkId, linkId))).length;

describe("GET /t/{code}", () => {
  it("sends the visitor on with the UTM tags, counts them once, and stores nothing on their device", async () => {
    const before = await visits();
    const res = await visit(`/t/${code}`, { "X-Forwarded-For": "203.0.113.9" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/events/${slug}?utm_source=sam-the-promoter&utm_medium=referral&utm_campaign=${slug}&tb_link=${code}`,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
    await visit(`/t/${code}`);
    expect(await visits()).toBe(before + 1);
  });

  it("does not count bots, link previews or HEAD requests, but still sends them on", async () => {
    const before = await visits();
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "facebookexternalhit/1.1",
      "WhatsApp/2.23",
      "",
    ]) {
      const res = await visit(`/t/${code}`, { "User-Agent": agent });
      expect(res.status).toBe(302);
    }
    expect((await testApp.app.request(`/t/${code}`, { method: "HEAD", redirect: "manual" })).status).toBe(302);
    expect(await visits()).toBe(before);
  });

  it("sets the attribution cookie only for a visitor who allowed statistics", async () => {
    const refused = await visit(`/t/${code}`, { Cookie: consent(false) });
    expect(refused.headers.getSetCookie()).toEqual([]);
    const allowed = await visit(`/t/${code}`, { Cookie: consent(true) });
    const [cookie] = allowed.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^tb_link=${code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`));
  });
});

describe("Checkout through a tracking link", () => {
  async function press(headers: Record<string, string>) {
    const { cookie } = await signInThroughApi(testApp, database);
    const res = await testApp.app.request(`/api/events/${slug}/holds`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: testApp.config.publicUrl,
        ...headers,
        Cookie: [cookie, headers.Cookie].filter(Boolean).join("; "),
      },
      body: new URLSearchParams({ key: crypto.randomUUID(), [`qty:${typeId}`]: "1" }).toString(),
    });
    expect(res.status).toBe(201);
    const { holdId } = (await res.json()) as { holdId: string };
    return (await database.db.select().from(hold).where(eq(hold.id, holdId)))[0]!.trackingLinkId;
  }

  it("records the link from the page pressed on (no cookie needed)", async () => {
    expect(await press({ Referer: `${testApp.config.publicUrl}/events/${slug}?utm_source=x&tb_link=${code}` })).toBe(
      linkId,
    );
  });

  it("records the link from the attribution cookie", async () => {
    expect(await press({ Cookie: `${consent(true)}; tb_link=${code}` })).toBe(linkId);
    // Left over from before the visitor withdrew statistics consent, it counts for nothing.
    expect(await press({ Cookie: `${consent(false)}; tb_link=${code}` })).toBeNull();
  });

  it("records nothing without either, or for a code that is no link", async () => {
    expect(await press({ Referer: `${testApp.config.publicUrl}/events/${slug}` })).toBeNull();
    expect(await press({ Cookie: `${consent(true)}; tb_link=zzzzzzzz` })).toBeNull();
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketScan } from "~/db/schema";
import { createScannerLink, grantMemberScanner, revokeScanner } from "~/services/event-scanners";
import { addHostMember } from "~/services/studio-access";
import { createEvent } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createUser } from "../../tests/factories/users";
import { signInThroughApi } from "../../tests/setup/test-app";
import { DOOR_PACKS, DOOR_SYNCS } from "./api/door";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * The door over HTTP (decision 0034): a scanner link opens its own event's scan page and API and
 * nothing else, stops the moment it is revoked, and a team scanner scans only the events they were
 * given. Posts from other sites are refused before anything is read.
 */
const studio = studioTestApp("door");
/** The same app behind a proxy that ends TLS: its public address is https, the requests it sees are plain http. */
const proxied = studioTestApp("door-proxied", { PUBLIC_URL: "https://tickets.example", TRUST_PROXY: "true" });

function send(path: string, cookie: string | null, json?: unknown, origin = studio.testApp.config.publicUrl) {
  return studio.testApp.app.request(new URL(path, studio.testApp.config.publicUrl).href, {
    method: json === undefined ? "GET" : "POST",
    redirect: "manual",
    headers: {
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** A host with two events on sale, tickets sold for each, and a scanner link for the first. */
async function aNight() {
  const db = studio.database.db;
  const now = new Date();
  const owner = await signInThroughApi(studio.testApp, studio.database, {
    userType: "host",
    hostTitle: "Door Host",
    username: null,
  });
  const startsAt = new Date(now.getTime() + 86_400_000);
  const a = await createEvent(db, { hostId: owner.person.id, startsAt, name: "Night A" });
  const b = await createEvent(db, { hostId: owner.person.id, startsAt, name: "Night B" });
  const buyer = await createBuyer(db, "Bea Buyer");
  const sign = studio.testApp.ticketCodes.sign;
  const soldA = await buyTickets(db, { eventId: a.id, buyer, quantity: 3, now, sign });
  const soldB = await buyTickets(db, { eventId: b.id, buyer, quantity: 1, now, sign });
  const link = await createScannerLink(db, {
    hostId: owner.person.id,
    eventId: a.id,
    label: "Side door",
    hours: 4,
    by: owner.person.id,
    now,
  });
  return { owner, a, b, codesA: soldA.tickets.map((t) => t.code), codeB: soldB.tickets[0]!.code, link };
}

let scanNo = 0;
const scanBody = (code: string) => ({ deviceId: "test-phone", clientScanId: `c${++scanNo}`, code, gate: "Side" });

describe("a scanner link", () => {
  it("opens its event's scan page and API, nothing else, and stops the moment it is revoked", async () => {
    const { owner, a, b, codesA, codeB, link } = await aNight();
    const opened = await send(`/h/scan/link/${link.token}`, null);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/h/scan/${a.id}`);
    const setCookie = opened.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^tb_door=[A-Za-z0-9_-]+;/);
    expect(setCookie).toContain("HttpOnly");
    const door = setCookie.split(";")[0]!;

    const page = await send(`/h/scan/${a.id}`, door);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Night A");
    const pack = await send(`/api/door/events/${a.id}/pack`, door);
    expect(pack.status).toBe(200);
    expect(pack.headers.get("Cache-Control")).toContain("no-store");
    expect(((await pack.json()) as { tickets: unknown[] }).tickets).toHaveLength(3);

    const scanned = await send(`/api/door/events/${a.id}/scans`, door, scanBody(codesA[0]!));
    expect(scanned.status).toBe(200);
    expect(await scanned.json()).toMatchObject({ outcome: "checked_in", holderName: "Bea Buyer" });

    // Another event of the same host: not this link's.
    expect((await send(`/h/scan/${b.id}`, door)).status).toBe(403);
    for (const path of ["pack", "counts"])
      expect((await send(`/api/door/events/${b.id}/${path}`, door)).status).toBe(403);
    const other = await send(`/api/door/events/${b.id}/scans`, door, scanBody(codeB));
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe("Scan Not Allowed");
    // No other page of the Studio: the link is no account (signed out, a visit is sent to log in or home).
    for (const path of ["/h/dashboard", "/h/scan", `/h/events/${a.id}/edit/scan`, "/h/guests"]) {
      const res = await send(path, door);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/(log-in|$)/);
      expect(await res.text(), path).not.toContain("Night A");
    }

    // Revoked: the very next request is refused, and the link itself says why.
    await revokeScanner(studio.database.db, {
      hostId: owner.person.id,
      eventId: a.id,
      scannerId: link.id,
      now: new Date(),
    });
    expect((await send(`/api/door/events/${a.id}/scans`, door, scanBody(codesA[1]!))).status).toBe(403);
    expect((await send(`/api/door/events/${a.id}/sync`, door, { deviceId: "p", scans: [] })).status).toBe(403);
    const closed = await send(`/h/scan/${a.id}`, door);
    expect(closed.status).toBe(403);
    expect(await closed.text()).toContain("This scanner link has been revoked or has expired.");
    expect((await send(`/h/scan/link/${link.token}`, null)).status).toBe(404);
    // Nothing was recorded for the refused scans.
    expect(await studio.database.db.select().from(ticketScan).where(eq(ticketScan.eventId, a.id))).toHaveLength(1);
  });

  it("lets one link sync and fetch the list so often for its event, then answers 429 and writes nothing", async () => {
    const { a, codesA, link } = await aNight();
    const opened = await send(`/h/scan/link/${link.token}`, null);
    const door = (opened.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const kept = (n: number) => ({
      deviceId: "loop-phone",
      scans: [
        {
          clientScanId: `loop-${n}`,
          code: codesA[0]!,
          gate: "Side",
          scannedAt: new Date().toISOString(),
          localOutcome: "checked_in",
        },
      ],
    });
    for (let i = 0; i < DOOR_SYNCS.limit; i++)
      expect((await send(`/api/door/events/${a.id}/sync`, door, kept(i))).status, `sync ${i + 1}`).toBe(200);
    const refused = await send(`/api/door/events/${a.id}/sync`, door, kept(DOOR_SYNCS.limit));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    const rows = await studio.database.db.select().from(ticketScan).where(eq(ticketScan.deviceId, "loop-phone"));
    expect(rows).toHaveLength(DOOR_SYNCS.limit);

    for (let i = 0; i < DOOR_PACKS.limit; i++)
      expect((await send(`/api/door/events/${a.id}/pack`, door)).status, `list ${i + 1}`).toBe(200);
    expect((await send(`/api/door/events/${a.id}/pack`, door)).status).toBe(429);
    // One scan at a time, the door's hot path, is not held back.
    expect((await send(`/api/door/events/${a.id}/scans`, door, scanBody(codesA[1]!))).status).toBe(200);
  });

  it("refuses posts from other sites, and bad input with words that name it", async () => {
    const { a, link, codesA } = await aNight();
    const door = `tb_door=${link.token}`;
    const forged = await send(`/api/door/events/${a.id}/scans`, door, scanBody(codesA[0]!), "https://evil.example");
    expect(forged.status).toBe(403);
    const noCode = await send(`/api/door/events/${a.id}/scans`, door, { deviceId: "p", clientScanId: "x" });
    expect(noCode.status).toBe(422);
    expect(((await noCode.json()) as { error: { message: string } }).error.message).toBe("Enter or scan a code");
    const long = await send(`/api/door/events/${a.id}/scans`, door, scanBody("TB1.".padEnd(201, "A")));
    expect(long.status).toBe(422);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(
      /^That is too long to be a ticket code/,
    );
    const badDevice = await send(`/api/door/events/${a.id}/scans`, door, { ...scanBody("x"), deviceId: "a b" });
    expect(((await badDevice.json()) as { error: { message: string } }).error.message).toMatch(/^deviceId may hold/);
    const tooMany = await send(`/api/door/events/${a.id}/sync`, door, {
      deviceId: "p",
      scans: Array.from({ length: 501 }, (_, i) => ({
        clientScanId: `m${i}`,
        code: "x",
        gate: "",
        scannedAt: new Date().toISOString(),
        localOutcome: "checked_in",
      })),
    });
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toContain("at most 500 scans");
    expect((await send(`/api/door/events/not-an-id/pack`, door)).status).toBe(403);
  });
});

describe("a scanner on the team", () => {
  it("scans only the events they were given, from the Studio's scan page", async () => {
    const { owner, a, b, codesA, codeB } = await aNight();
    const sid = await signInThroughApi(studio.testApp, studio.database, { firstName: "Sid", lastName: "Scanner" });
    await addHostMember(studio.database.db, { hostId: owner.person.id, userId: sid.person.id, role: "scanner" });
    expect((await send(`/api/door/events/${a.id}/scans`, sid.cookie, scanBody(codesA[2]!))).status).toBe(403);
    await grantMemberScanner(studio.database.db, {
      hostId: owner.person.id,
      eventId: a.id,
      userId: sid.person.id,
      by: owner.person.id,
    });

    const chooser = await send("/h/scan", sid.cookie);
    expect(chooser.status).toBe(200);
    const html = await chooser.text();
    expect(html).toContain("Night A");
    expect(html).not.toContain("Night B");
    expect((await send(`/api/door/events/${a.id}/scans`, sid.cookie, scanBody(codesA[2]!))).status).toBe(200);
    expect((await send(`/api/door/events/${b.id}/scans`, sid.cookie, scanBody(codeB))).status).toBe(403);
    // The Studio sends a scanner to the door.
    expect((await send("/h", sid.cookie)).headers.get("Location")).toBe("/h/scan");
    expect((await send(`/h/events/${a.id}/edit/scanners`, sid.cookie)).status).toBe(404);
  });
});

describe("behind a proxy that ends TLS", () => {
  it("sets the door's cookie Secure from the public address, though the request it sees is plain http", async () => {
    const db = proxied.database.db;
    const owner = await createUser(db, { userType: "host", hostTitle: "Proxied Host" });
    const e = await createEvent(db, { hostId: owner.id, startsAt: new Date(Date.now() + 86_400_000) });
    const link = await createScannerLink(db, {
      hostId: owner.id,
      eventId: e.id,
      label: "Front",
      hours: 4,
      by: owner.id,
      now: new Date(),
    });
    const opened = await proxied.testApp.app.request(`http://tickets.example/h/scan/link/${link.token}`, {
      redirect: "manual",
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Set-Cookie")).toMatch(/^tb_door=[^;]+;.*; Secure/);
  });
});

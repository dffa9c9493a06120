import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ticket, ticketScan, user } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { codeFingerprint, type Sha256 } from "~/domain/ticket-codes";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createUser } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import { type DoorActor, doorAccess, doorLinkEvent, hashDoorToken } from "./door-access";
import { createScannerLink, eventScanners, grantMemberScanner, revokeScanner, scannableEvents } from "./event-scanners";
import { doorPack, doorReport, scanAtDoor, scanWithLink, syncDoorScans } from "./scan-ticket";
import { addHostMember } from "./studio-access";

const now = new Date("2026-12-05T19:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const sha256: Sha256 = (data) => new Uint8Array(createHash("sha256").update(data).digest());
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function setUp(quantity = 3) {
  const db = database.db;
  const host = await createHost(db);
  const e = await createEvent(db, { hostId: host.id, startsAt: new Date("2026-12-05T19:30:00Z") });
  const buyer = await createBuyer(db, "Bea Buyer");
  const bought = await buyTickets(db, { eventId: e.id, buyer, quantity, now, sign: codes.sign });
  const actor: DoorActor = { eventId: e.id, hostId: host.id, userId: host.id, scannerId: null };
  return { host, e, buyer, tickets: bought.tickets, orderId: bought.orderId, actor };
}

let n = 0;
const online = (actor: DoorActor, code: string, gate = "Main door", deviceId = "phone-1") =>
  scanAtDoor(database.db, codes.verify, { actor, deviceId, scan: { clientScanId: `s${++n}`, code, gate }, now });

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

describe("scanning at the door, online", () => {
  it("gives each of spec §4's outcomes, with the holder only for this event's tickets", async () => {
    const { e, actor, tickets, host } = await setUp(3);
    const [a, b, c] = tickets;
    const first = await online(actor, a!.code, "Side door");
    expect(first).toMatchObject({ outcome: "checked_in", message: "Checked in", holderName: "Bea Buyer" });
    expect(first.ticketType).toBe("Ticket 1");

    const again = await online(actor, ` ${a!.code.toLowerCase()} `, "Main door");
    expect(again).toMatchObject({ outcome: "already_checked_in", gate: "Side door", conflict: false });
    expect(again.checkedInAt).toBe(now.toISOString());

    await database.db.update(ticket).set({ status: "void" }).where(eq(ticket.id, b!.id));
    expect((await online(actor, b!.code)).message).toBe("This ticket has been cancelled");
    expect((await online(actor, "hello")).message).toBe("Invalid QR Code");
    // A made-up signature for a real ticket of this event (or the code typed wrong): nothing of whose ticket it names.
    expect(await online(actor, c!.code.slice(0, -3) + "AAA")).toMatchObject({
      outcome: "invalid_code",
      holderName: null,
      ticketType: null,
    });
    // A signed code whose ticket is not in the database.
    const ghost = await codes.sign(e.id, randomUUID());
    expect((await online(actor, ghost)).message).toBe("Could not find the order in the database.");

    // Another host's ticket says only that it is not ours, nothing of whose it is.
    const other = await setUp(1);
    const foreign = await online(actor, other.tickets[0]!.code);
    expect(foreign).toMatchObject({
      message: "The QR does not match with any of your Event Tickets.",
      holderName: null,
      ticketId: null,
    });
    const [stillValid] = await database.db.select().from(ticket).where(eq(ticket.id, other.tickets[0]!.id));
    expect(stillValid!.status).toBe("valid");

    // Every scan is on record, admitted or not.
    const recorded = await database.db.select().from(ticketScan).where(eq(ticketScan.eventId, e.id));
    expect(recorded.map((r) => r.outcome).sort()).toEqual(
      [
        "checked_in",
        "already_checked_in",
        "already_cancelled",
        "invalid_code",
        "invalid_code",
        "order_not_found",
        "no_match",
      ].sort(),
    );
    expect(recorded.every((r) => r.scannedBy === host.id)).toBe(true);
  });

  it("records a scan sent twice once, and answers the same", async () => {
    const { actor, tickets } = await setUp(1);
    const scan = { clientScanId: "retry-1", code: tickets[0]!.code, gate: "Door" };
    const input = { actor, deviceId: "phone-retry", scan, now };
    const one = await scanAtDoor(database.db, codes.verify, input);
    const two = await scanAtDoor(database.db, codes.verify, input);
    expect(one.outcome).toBe("checked_in");
    expect(two).toEqual(one);
    const rows = await database.db.select().from(ticketScan).where(eq(ticketScan.deviceId, "phone-retry"));
    expect(rows).toHaveLength(1);
  });

  it("names no holder for an invalid code, not when it is sent again nor among the Studio's latest scans", async () => {
    const { actor, tickets } = await setUp(1);
    const code = tickets[0]!.code;
    const typo = { clientScanId: "typo-1", code: code.slice(0, -3) + "AAA", gate: "Door" };
    const input = { actor, deviceId: "phone-typo", scan: typo, now };
    const one = await scanAtDoor(database.db, codes.verify, input);
    const again = await scanAtDoor(database.db, codes.verify, input);
    expect(one).toMatchObject({ outcome: "invalid_code", holderName: null, ticketType: null });
    expect(again).toEqual(one);
    // The good code, then: the holder is named, there and in the list.
    const good = await scanAtDoor(database.db, codes.verify, {
      ...input,
      scan: { clientScanId: "good-1", code, gate: "Door" },
    });
    expect(good).toMatchObject({ outcome: "checked_in", holderName: "Bea Buyer" });
    const report = await doorReport(database.db, { hostId: actor.hostId, eventId: actor.eventId });
    // Both were scanned at `now`: their order between themselves is the ids'.
    expect(report.recent.map((r) => [r.outcome, r.holderName]).sort()).toEqual([
      ["checked_in", "Bea Buyer"],
      ["invalid_code", null],
    ]);
  });

  it("lets no ticket in without its scan on record, even for a scan id the device used at another event", async () => {
    const first = await setUp(1);
    const second = await setUp(1);
    const scan = (actor: DoorActor, code: string) =>
      scanAtDoor(database.db, codes.verify, {
        actor,
        deviceId: "phone-two-events",
        scan: { clientScanId: "reused-1", code, gate: "Door" },
        now,
      });
    expect((await scan(first.actor, first.tickets[0]!.code)).outcome).toBe("checked_in");
    // The scan id is the device's, whatever the event: the second scan cannot be recorded, so it lets nobody in.
    expect((await errorOf(scan(second.actor, second.tickets[0]!.code))).code).toBe("conflict");
    const [t] = await database.db.select().from(ticket).where(eq(ticket.id, second.tickets[0]!.id));
    expect(t).toMatchObject({ status: "valid", checkedInScanId: null });
  });

  it("lets a ticket in once when two doors scan it at the same moment", async () => {
    const { actor, tickets } = await setUp(1);
    const results = await Promise.all(
      ["A", "B", "C", "D"].map((g) => online(actor, tickets[0]!.code, `Gate ${g}`, `phone-${g}`)),
    );
    expect(results.filter((r) => r.outcome === "checked_in")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already_checked_in")).toHaveLength(3);
  });
});

describe("scans kept offline and synced", () => {
  const offline = (code: string, at: string, gate: string, id: string) => ({
    clientScanId: id,
    code,
    gate,
    scannedAt: new Date(at),
    localOutcome: "checked_in" as const,
  });

  it("gives a ticket two gates let in to the earlier scan, whichever syncs first, and reports the other", async () => {
    const { e, actor, tickets } = await setUp(2);
    const code = tickets[0]!.code;
    const sync = (deviceId: string, scans: ReturnType<typeof offline>[]) =>
      syncDoorScans(database.db, codes.verify, { actor, deviceId, scans, now });

    // Gate B (later, 18:42) reaches the server first.
    const fromB = await sync("device-b", [offline(code, "2026-12-05T18:42:00Z", "Gate B", "b1")]);
    expect(fromB[0]).toMatchObject({ outcome: "checked_in", conflict: false });
    // Gate A let them in at 18:40: it wins; B's admission becomes the conflict.
    const fromA = await sync("device-a", [
      offline(code, "2026-12-05T18:40:00Z", "Gate A", "a1"),
      offline(tickets[1]!.code, "2026-12-05T18:41:00Z", "Gate A", "a2"),
    ]);
    expect(fromA.map((r) => [r.clientScanId, r.outcome, r.conflict])).toEqual([
      ["a1", "checked_in", false],
      ["a2", "checked_in", false],
    ]);
    // Syncing again (the answer was lost on the way) changes nothing.
    expect(await sync("device-b", [offline(code, "2026-12-05T18:42:00Z", "Gate B", "b1")])).toHaveLength(1);

    const [t] = await database.db.select().from(ticket).where(eq(ticket.id, tickets[0]!.id));
    expect(t).toMatchObject({ status: "checked_in", checkedInGate: "Gate A" });
    expect(t!.checkedInAt).toEqual(new Date("2026-12-05T18:40:00Z"));

    const report = await doorReport(database.db, { hostId: actor.hostId, eventId: e.id });
    expect(report.counts).toEqual({ checkedIn: 2, expected: 2 });
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0]).toMatchObject({ gate: "Gate B", firstGate: "Gate A", holderName: "Bea Buyer" });
    expect(report.gates.map((g) => [g.gate, g.admitted, g.scans])).toEqual([
      ["Gate A", 2, 2],
      ["Gate B", 1, 1],
    ]);
    const admissions = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ticket_scan where ticket_id = ${tickets[0]!.id} and admitted`,
    );
    expect(admissions.rows[0]!.n).toBe(2);
  });

  it("reports an admission of a ticket cancelled or passed on while the device was offline", async () => {
    const { e, actor, tickets } = await setUp(2);
    const [gone, passed] = tickets;
    await database.db.update(ticket).set({ status: "void" }).where(eq(ticket.id, gone!.id));
    await database.db
      .update(ticket)
      .set({ codeVersion: 1, code: await codes.sign(e.id, passed!.id, 1) })
      .where(eq(ticket.id, passed!.id));
    const results = await syncDoorScans(database.db, codes.verify, {
      actor,
      deviceId: "device-late",
      scans: [
        offline(gone!.code, "2026-12-05T18:30:00Z", "Door", "l1"),
        offline(passed!.code, "2026-12-05T18:31:00Z", "Door", "l2"),
      ],
      now,
    });
    expect(results.map((r) => [r.outcome, r.conflict])).toEqual([
      ["already_cancelled", true],
      ["invalid_code", true],
    ]);
    const report = await doorReport(database.db, { hostId: actor.hostId, eventId: e.id });
    expect(report.conflicts.map((c) => c.outcome).sort()).toEqual(["already_cancelled", "invalid_code"]);
    expect(report.counts).toEqual({ checkedIn: 0, expected: 1 });
  });

  it("gives the device the list it needs offline: each code's fingerprint, no key that could sign", async () => {
    const { e, actor, tickets } = await setUp(2);
    await online(actor, tickets[0]!.code, "Front");
    const pack = await doorPack(database.db, codes.fingerprint, { actor, now });
    expect(pack.counts).toEqual({ checkedIn: 1, expected: 2 });
    expect(Object.keys(pack).sort()).toEqual(["at", "counts", "eventId", "tickets"]);
    const first = pack.tickets.find((t) => t[0] === tickets[0]!.id)!;
    expect(first.slice(1, 7)).toEqual([0, "checked_in", "Bea Buyer", "Ticket 1", now.toISOString(), "Front"]);
    expect(first[7]).toBe(await codeFingerprint(tickets[0]!.code, sha256));
    expect(first[7]).toBe(await codes.fingerprint(e.id, tickets[0]!.id, 0));
    expect(pack.tickets.find((t) => t[0] === tickets[1]!.id)![7]).not.toBe(first[7]);
    // Nothing in the pack is the code or its signature.
    expect(JSON.stringify(pack)).not.toContain(tickets[0]!.code.split(".").at(-1)!);
  });

  it("refuses a batch larger than a sync may carry", async () => {
    const { actor, tickets } = await setUp(1);
    const scans = Array.from({ length: 501 }, (_, i) => offline(tickets[0]!.code, now.toISOString(), "D", `x${i}`));
    expect((await errorOf(syncDoorScans(database.db, codes.verify, { actor, deviceId: "big", scans, now }))).code).toBe(
      "validation_failed",
    );
  });
});

describe("who may scan an event", () => {
  it("lets in the host, their managers, scanners given the event and live links, and nobody else", async () => {
    const db = database.db;
    const { host, e } = await setUp(1);
    const other = await createEvent(db, { hostId: host.id, startsAt: new Date("2026-12-06T19:30:00Z"), name: "B" });
    const manager = await createUser(db, { name: "Mo Manager" });
    const scanner = await createUser(db, { name: "Sid Scanner" });
    const stranger = await createUser(db, { name: "Stan Stranger" });
    await addHostMember(db, { hostId: host.id, userId: manager.id, role: "manager" });
    await addHostMember(db, { hostId: host.id, userId: scanner.id, role: "scanner" });
    const access = (input: { userId?: string; linkTokenHash?: string }, eventId = e.id) =>
      doorAccess(db, { eventId, now, ...input });

    expect(await access({ userId: host.id })).toMatchObject({ hostId: host.id, scannerId: null });
    expect(await access({ userId: manager.id })).toMatchObject({ userId: manager.id, scannerId: null });
    expect(await access({ userId: stranger.id })).toBeNull();
    // A scanner scans only the events they were given.
    expect(await access({ userId: scanner.id })).toBeNull();
    expect((await eventScanners(db, { hostId: host.id, eventId: e.id, now })).candidates.map((c) => c.name)).toEqual([
      "Sid Scanner",
    ]);
    await grantMemberScanner(db, { hostId: host.id, eventId: e.id, userId: scanner.id, by: host.id });
    const given = await access({ userId: scanner.id });
    expect(given?.scannerId).toBeTruthy();
    expect(await access({ userId: scanner.id }, other.id)).toBeNull();
    expect(
      (await scannableEvents(db, { hostId: host.id, userId: scanner.id, role: "scanner", now })).map((x) => x.id),
    ).toEqual([e.id]);
    // Only team members with the scanner role can be given an event.
    expect(
      (await errorOf(grantMemberScanner(db, { hostId: host.id, eventId: e.id, userId: stranger.id, by: host.id })))
        .code,
    ).toBe("validation_failed");
    // Taken off the team, they stop at once.
    await db.execute(sql`delete from host_member where user_id = ${scanner.id}`);
    expect(await access({ userId: scanner.id })).toBeNull();

    // A link opens its event's door until it is revoked or expires, and no other.
    const link = await createScannerLink(db, {
      hostId: host.id,
      eventId: e.id,
      label: "Side door",
      hours: 2,
      by: host.id,
      now,
    });
    const hash = hashDoorToken(link.token);
    expect(await access({ linkTokenHash: hash })).toMatchObject({ userId: null, scannerId: link.id });
    expect(await access({ linkTokenHash: hash }, other.id)).toBeNull();
    expect(await doorLinkEvent(db, { token: link.token, now })).toEqual({ eventId: e.id, expiresAt: link.expiresAt });
    expect(await doorAccess(db, { eventId: e.id, linkTokenHash: hash, now: link.expiresAt })).toBeNull();
    await revokeScanner(db, { hostId: host.id, eventId: e.id, scannerId: link.id, now });
    expect(await access({ linkTokenHash: hash })).toBeNull();
    expect(await doorLinkEvent(db, { token: link.token, now })).toBeNull();

    // A deleted host's door opens for nobody.
    await db.update(user).set({ deletedAt: now }).where(eq(user.id, host.id));
    expect(await access({ userId: manager.id })).toBeNull();
  });

  it("checks a scanner link in the statement of a ticket's first scan, and records nothing when closed", async () => {
    const db = database.db;
    const { host, e, tickets } = await setUp(2);
    const other = await setUp(1);
    const link = await createScannerLink(db, {
      hostId: host.id,
      eventId: e.id,
      label: "Gate",
      hours: 2,
      by: host.id,
      now,
    });
    const linkTokenHash = hashDoorToken(link.token);
    const scan = (code: string, eventId = e.id, id = `link-${++n}`) =>
      scanWithLink(db, codes.verify, {
        eventId,
        linkTokenHash,
        deviceId: "link-phone",
        scan: { clientScanId: id, code, gate: "Gate" },
        now,
      });
    expect(await scan(tickets[0]!.code)).toMatchObject({ outcome: "checked_in", holderName: "Bea Buyer" });
    expect(await scan(tickets[0]!.code)).toMatchObject({ outcome: "already_checked_in", gate: "Gate" });
    const [row] = await db.select().from(ticketScan).where(eq(ticketScan.ticketId, tickets[0]!.id)).limit(1);
    expect(row).toMatchObject({ scannerId: link.id, scannedBy: null });
    // Another event's door, even of the same link's host: closed, and nothing is recorded or admitted.
    expect(await scan(other.tickets[0]!.code, other.e.id)).toBeNull();
    await revokeScanner(db, { hostId: host.id, eventId: e.id, scannerId: link.id, now });
    expect(await scan(tickets[1]!.code)).toBeNull();
    const [untouched] = await db.select().from(ticket).where(eq(ticket.id, tickets[1]!.id));
    expect(untouched!.status).toBe("valid");
    expect(await db.select().from(ticketScan).where(eq(ticketScan.deviceId, "link-phone"))).toHaveLength(2);
  });

  it("serves link scans arriving together as if one by one: each ticket in once, each scan recorded once", async () => {
    const db = database.db;
    const { host, e, tickets } = await setUp(4);
    const other = await setUp(1);
    const link = await createScannerLink(db, {
      hostId: host.id,
      eventId: e.id,
      label: "Gate",
      hours: 2,
      by: host.id,
      now,
    });
    const linkTokenHash = hashDoorToken(link.token);
    const scan = (code: string, deviceId: string, clientScanId: string, eventId = e.id) =>
      scanWithLink(db, codes.verify, {
        eventId,
        linkTokenHash,
        deviceId,
        scan: { clientScanId, code, gate: deviceId },
        now,
      });
    // Twelve scans at once, most of them shared calls: every ticket at two gates, one ticket three
    // times, one scan sent twice by its device, another event's ticket, and a made-up code.
    const sent: [code: string, device: string, id: string][] = [
      ...tickets.flatMap((t, i): [string, string, string][] => [
        [t.code, "gate-a", `together-a${i}`],
        [t.code, "gate-b", `together-b${i}`],
      ]),
      [tickets[0]!.code, "gate-c", "together-c0"],
      [tickets[1]!.code, "gate-a", "together-a1"],
      [other.tickets[0]!.code, "gate-c", "together-other"],
      ["NOT-A-TICKET", "gate-c", "together-junk"],
    ];
    const answers = await Promise.all(sent.map(([code, device, id]) => scan(code, device, id)));
    expect(answers.every((a) => a !== null)).toBe(true);
    for (const [i, t] of tickets.entries()) {
      const told = answers.filter((a, j) => sent[j]![0] === t.code && a!.outcome === "checked_in");
      const ids = new Set(told.map((a) => a!.clientScanId));
      expect(ids.size, `ticket ${i} let in by one scan`).toBe(1);
      const [row] = await db.select().from(ticket).where(eq(ticket.id, t.id));
      expect(row!.status).toBe("checked_in");
      const [admission] = await db
        .select()
        .from(ticketScan)
        .where(and(eq(ticketScan.ticketId, t.id), eq(ticketScan.admitted, true)));
      expect(admission!.clientScanId).toBe([...ids][0]);
      expect(row!.checkedInScanId).toBe(admission!.id);
    }
    // The scan sent twice was recorded once, and both copies got the same answer.
    const twice = answers.filter((a) => a!.clientScanId === "together-a1");
    expect(twice).toHaveLength(2);
    expect(twice[0]).toEqual(twice[1]);
    expect(answers.find((a) => a!.clientScanId === "together-other")!.outcome).toBe("no_match");
    expect(answers.find((a) => a!.clientScanId === "together-junk")!.outcome).toBe("invalid_code");
    const rows = await db.select().from(ticketScan).where(eq(ticketScan.eventId, e.id));
    expect(rows.filter((r) => r.clientScanId.startsWith("together-"))).toHaveLength(sent.length - 1);
    const [untouched] = await db.select().from(ticket).where(eq(ticket.id, other.tickets[0]!.id));
    expect(untouched!.status).toBe("valid");
  });

  it("keeps a host's scanners to their own events, with the rules a link's form names", async () => {
    const db = database.db;
    const mine = await setUp(1);
    const theirs = await setUp(1);
    const base = { hostId: mine.host.id, by: mine.host.id, now, label: "Door", hours: 12 };
    expect((await errorOf(createScannerLink(db, { ...base, eventId: theirs.e.id }))).code).toBe("not_found");
    expect((await errorOf(createScannerLink(db, { ...base, eventId: mine.e.id, label: " " }))).message).toMatch(
      /1 to 60 characters/,
    );
    expect((await errorOf(createScannerLink(db, { ...base, eventId: mine.e.id, hours: 73 }))).message).toMatch(
      /1 to 72 hours/,
    );
    // Both wrong: both named, each beside its field.
    const both = await errorOf(createScannerLink(db, { ...base, eventId: mine.e.id, label: "", hours: 0 }));
    expect(both.details).toEqual({
      fields: { label: expect.stringMatching(/1 to 60 characters/), hours: expect.stringMatching(/1 to 72 hours/) },
    });
    const theirLink = await createScannerLink(db, {
      ...base,
      hostId: theirs.host.id,
      by: theirs.host.id,
      eventId: theirs.e.id,
    });
    expect(
      (await errorOf(revokeScanner(db, { hostId: mine.host.id, eventId: theirs.e.id, scannerId: theirLink.id, now })))
        .code,
    ).toBe("not_found");
    expect((await doorLinkEvent(db, { token: theirLink.token, now }))?.eventId).toBe(theirs.e.id);
  });
});

import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  judgeOffline,
  offlineScanOutcome,
  offlineScanTime,
  PACK_KEPT_MS,
  SCANNER_LINK_HOURS,
  scannerLinkHoursFor,
  scanOutcome,
  scanOutcomeText,
  stalePacks,
  typedCodeHint,
} from "./scanning";
import { codeFingerprint, eventKey, type Sha256, signTicketCode } from "./ticket-codes";

const valid = { status: "valid" as const, codeVersion: 0, eventId: "e1" };

describe("scan outcomes", () => {
  it("checks in a valid ticket once, then says it is already in", () => {
    expect(scanOutcome({ ok: true, version: 0 }, valid, "e1")).toBe("checked_in");
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, status: "checked_in" }, "e1")).toBe("already_checked_in");
  });

  it("refuses cancelled tickets, forged codes, other events' tickets, lost orders and old codes", () => {
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, status: "void" }, "e1")).toBe("already_cancelled");
    expect(scanOutcome({ ok: false }, valid, "e1")).toBe("invalid_code");
    expect(scanOutcome({ ok: false, wellFormed: true }, valid, "e1")).toBe("invalid_code");
    expect(scanOutcome({ ok: false, wellFormed: true }, { ...valid, eventId: "e2" }, "e1")).toBe("no_match");
    expect(scanOutcome({ ok: false, wellFormed: false }, { ...valid, eventId: "e2" }, "e1")).toBe("invalid_code");
    expect(scanOutcome({ ok: true, version: 0 }, null, "e1")).toBe("order_not_found");
    expect(scanOutcome({ ok: true, version: 0 }, valid, "e2")).toBe("no_match");
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, codeVersion: 1 }, "e1")).toBe("invalid_code");
    expect(scanOutcomeText.invalid_code).toBe("Invalid QR Code");
    expect(scanOutcomeText.order_not_found).toBe("Could not find the order in the database.");
  });
});

describe("the offline door", () => {
  it("decides from the downloaded list, and leaves a code not on it to the server", () => {
    const known = { status: "valid" as const, codeVersion: 1 };
    expect(offlineScanOutcome({ version: 1, matches: true }, known)).toBe("checked_in");
    expect(offlineScanOutcome({ version: 0, matches: false }, known)).toBe("invalid_code");
    expect(offlineScanOutcome({ version: 1, matches: false }, known)).toBe("no_match");
    expect(offlineScanOutcome({ version: 1, matches: true }, { ...known, status: "checked_in" })).toBe(
      "already_checked_in",
    );
    expect(offlineScanOutcome({ version: 1, matches: true }, { ...known, status: "void" })).toBe("already_cancelled");
    expect(offlineScanOutcome({ version: 0, matches: false }, undefined)).toBe("not_on_list");
    expect(offlineScanOutcome("malformed", undefined)).toBe("invalid_code");
  });

  it("knows a listed ticket's current code by its fingerprint, and nothing the list holds makes a code", async () => {
    const sha256: Sha256 = (data) => new Uint8Array(createHash("sha256").update(data).digest());
    const hmac = (key: Uint8Array, message: string) =>
      new Uint8Array(createHmac("sha256", key).update(message).digest());
    const key = await eventKey(new TextEncoder().encode("a test secret of at least thirty-two bytes"), "e1", hmac);
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const current = await signTicketCode(key, id, hmac, 1);
    const old = await signTicketCode(key, id, hmac, 0);
    const listed = { status: "valid" as const, codeVersion: 1, fingerprint: await codeFingerprint(current, sha256) };
    const judge = (code: string) => judgeOffline(code, (t) => (t === id ? listed : undefined), sha256);

    expect(await judge(current)).toEqual({ outcome: "checked_in", ticketId: id, version: 1, matches: true });
    // Typed in lower case, with spaces about it: the same code.
    expect((await judge(` ${current.toLowerCase()} `)).outcome).toBe("checked_in");
    // The code from before the ticket was passed on; a made-up signature on the current version.
    expect((await judge(old)).outcome).toBe("invalid_code");
    const forged = current.replace(/\.[^.]+$/, ".AAAAAAAAAAAAAAAA");
    expect(await judge(forged)).toMatchObject({ outcome: "no_match", matches: false });
    // A well-made code of a ticket not on the list (sold since, or another event's), and text that is no code.
    const unlisted = await signTicketCode(key, "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", hmac);
    expect((await judge(unlisted)).outcome).toBe("not_on_list");
    expect((await judge("hello")).outcome).toBe("invalid_code");
    // The fingerprint is neither the code's signature nor the code.
    expect(listed.fingerprint).not.toContain(current.split(".").at(-1));
    expect(current).not.toContain(listed.fingerprint);
  });

  it("believes a device's clock only within the last week and not ahead of ours", () => {
    const now = new Date("2026-12-05T20:00:00Z");
    expect(offlineScanTime(new Date("2026-12-05T19:00:00Z"), now)).toEqual(new Date("2026-12-05T19:00:00Z"));
    expect(offlineScanTime(new Date("2027-01-01T00:00:00Z"), now)).toEqual(now);
    expect(offlineScanTime(new Date("2020-01-01T00:00:00Z"), now)).toEqual(new Date("2026-11-28T20:00:00Z"));
    expect(offlineScanTime(new Date(Number.NaN), now)).toEqual(now);
  });
});

describe("lists kept on a door device", () => {
  const now = Date.parse("2026-12-05T23:00:00Z");
  const at = (ms: number) => new Date(now - ms).toISOString();
  const packs = [
    { eventId: "tonight", at: at(PACK_KEPT_MS * 2) },
    { eventId: "last-week", at: at(PACK_KEPT_MS + 1) },
    { eventId: "yesterday", at: at(PACK_KEPT_MS - 60_000) },
    { eventId: "unsynced", at: at(PACK_KEPT_MS * 3) },
    { eventId: "broken", at: "not a date" },
  ];

  it("forgets lists past their time, but never the event being scanned or one with scans waiting", () => {
    expect(stalePacks(packs, { now, scanning: "tonight", waiting: new Set(["unsynced"]) })).toEqual([
      "last-week",
      "broken",
    ]);
  });

  it("keeps a list for as long as the longest scanner link lasts", () => {
    expect(PACK_KEPT_MS).toBe(72 * 60 * 60 * 1000);
    expect(stalePacks([{ eventId: "a", at: at(PACK_KEPT_MS) }], { now, scanning: "b", waiting: new Set() })).toEqual(
      [],
    );
  });
});

describe("a code typed at the door that is not a ticket's", () => {
  it("tells an order reference from the guest list apart, and says what a ticket code looks like", () => {
    expect(typedCodeHint("tb-7kq2mx9p")).toMatch(/^That is an order reference, not a ticket code\./);
    expect(typedCodeHint(" TB-7KQ2MX9P ")).toMatch(/order reference/);
    for (const junk of ["hello", "TB-7KQ2MX9", "12345"])
      expect(typedCodeHint(junk), junk).toBe(
        "Ticket codes start TB1. and are printed under the QR code on the ticket.",
      );
    // Shaped like a ticket's code, but refused: most often a character typed wrong or missed.
    expect(typedCodeHint("TB1.ABCDEFGH.SIG")).toMatch(/^Check it against the ticket character by character/);
  });
});

describe("a scanner link's hours", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3_600_000);

  it("offers enough to last until the event is over, and an hour more, when a link can reach it", () => {
    expect(scannerLinkHoursFor({ startsAt: at(30), endsAt: at(35) }, now)).toEqual({
      hours: 36,
      reaches: "close",
      closesAt: at(35),
    });
    // Without an end time, an event is over at the end of its London day (as everywhere else): it starts on 29 Nov
    // at 6 pm, and is over at midnight, 36 hours from now.
    expect(scannerLinkHoursFor({ startsAt: at(30), endsAt: null }, now)).toEqual({
      hours: 37,
      reaches: "close",
      closesAt: new Date("2026-11-30T00:00:00Z"),
    });
    // Tonight's event: never fewer than the usual 12.
    expect(scannerLinkHoursFor({ startsAt: at(2), endsAt: at(5) }, now).hours).toBe(12);
    expect(scannerLinkHoursFor({ startsAt: at(60), endsAt: at(72) }, now)).toMatchObject({
      hours: 72,
      reaches: "close",
    });
  });

  it("offers the usual 12 when the event ends further off than a link can last, or is over, and says which", () => {
    expect(scannerLinkHoursFor({ startsAt: at(24 * 7), endsAt: at(24 * 7 + 4) }, now)).toMatchObject({
      hours: SCANNER_LINK_HOURS.default,
      reaches: "too_far",
    });
    expect(scannerLinkHoursFor({ startsAt: at(70), endsAt: at(73) }, now).reaches).toBe("too_far");
    expect(scannerLinkHoursFor({ startsAt: at(-5), endsAt: at(-2) }, now)).toMatchObject({
      hours: SCANNER_LINK_HOURS.default,
      reaches: "over",
    });
  });
});

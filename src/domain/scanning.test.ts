import { describe, expect, it } from "vitest";
import {
  offlineScanOutcome,
  offlineScanTime,
  PACK_KEPT_MS,
  scanOutcome,
  scanOutcomeText,
  stalePacks,
  typedCodeHint,
} from "./scanning";

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
  it("decides from the downloaded list, and lets in a signed code sold after it was fetched", () => {
    const known = { status: "valid" as const, codeVersion: 1 };
    expect(offlineScanOutcome({ ok: true, version: 1 }, known)).toBe("checked_in");
    expect(offlineScanOutcome({ ok: true, version: 0 }, known)).toBe("invalid_code");
    expect(offlineScanOutcome({ ok: true, version: 1 }, { ...known, status: "checked_in" })).toBe("already_checked_in");
    expect(offlineScanOutcome({ ok: true, version: 1 }, { ...known, status: "void" })).toBe("already_cancelled");
    expect(offlineScanOutcome({ ok: true, version: 0 }, undefined)).toBe("checked_in");
    expect(offlineScanOutcome({ ok: false, wellFormed: true }, undefined)).toBe("no_match");
    expect(offlineScanOutcome({ ok: false, wellFormed: false }, undefined)).toBe("invalid_code");
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
    // Shaped like a ticket's code: the outcome itself says what is wrong with it.
    expect(typedCodeHint("TB1.ABCDEFGH.SIG")).toBeNull();
  });
});

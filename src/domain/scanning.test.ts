import { describe, expect, it } from "vitest";
import { scanOutcome, scanOutcomeText } from "./scanning";

const valid = { status: "valid" as const, codeVersion: 0, eventId: "e1" };

describe("scan outcomes", () => {
  it("checks in a valid ticket once, then says it is already in", () => {
    expect(scanOutcome({ ok: true, version: 0 }, valid, "e1")).toBe("checked_in");
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, status: "checked_in" }, "e1")).toBe("already_checked_in");
  });

  it("refuses cancelled tickets, forged codes, other events' tickets and codes from before a transfer", () => {
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, status: "void" }, "e1")).toBe("already_cancelled");
    expect(scanOutcome({ ok: false }, valid, "e1")).toBe("invalid_code");
    expect(scanOutcome({ ok: true, version: 0 }, null, "e1")).toBe("no_match");
    expect(scanOutcome({ ok: true, version: 0 }, valid, "e2")).toBe("no_match");
    expect(scanOutcome({ ok: true, version: 0 }, { ...valid, codeVersion: 1 }, "e1")).toBe("invalid_code");
    expect(scanOutcomeText.invalid_code).toBe("Invalid QR Code");
  });
});

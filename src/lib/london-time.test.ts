import { describe, expect, it } from "vitest";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "./london-time";

describe("londonWallTimeToUtc", () => {
  it("is UTC in winter (GMT)", () => {
    expect(londonWallTimeToUtc("2026-01-15", "19:30").toISOString()).toBe("2026-01-15T19:30:00.000Z");
  });
  it("is an hour behind in summer (BST)", () => {
    expect(londonWallTimeToUtc("2026-07-04", "19:30").toISOString()).toBe("2026-07-04T18:30:00.000Z");
  });
  it("handles the spring-forward day", () => {
    expect(londonWallTimeToUtc("2026-03-29", "00:30").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(londonWallTimeToUtc("2026-03-29", "20:00").toISOString()).toBe("2026-03-29T19:00:00.000Z");
  });
  it("handles the fall-back day", () => {
    expect(londonWallTimeToUtc("2026-10-25", "00:30").toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(londonWallTimeToUtc("2026-10-25", "20:00").toISOString()).toBe("2026-10-25T20:00:00.000Z");
  });
});

describe("londonYmd and addDaysYmd", () => {
  it("gives London's date, which can differ from UTC's", () => {
    expect(londonYmd(new Date("2026-07-04T23:30:00Z"))).toBe("2026-07-05");
    expect(londonYmd(new Date("2026-01-04T23:30:00Z"))).toBe("2026-01-04");
  });
  it("adds days across months and years", () => {
    expect(addDaysYmd("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDaysYmd("2026-03-01", -1)).toBe("2026-02-28");
  });
});

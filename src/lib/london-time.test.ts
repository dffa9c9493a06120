import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDaysYmd, londonDateTimeFromForm, londonHhmm, londonWallTimeToUtc, londonYmd } from "./london-time";

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

describe("London's clock, looked up once an hour", () => {
  const intl = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  /** London's wall clock at an instant, straight from Intl: [YYYY-MM-DD, HH:MM]. */
  const wall = (d: Date) => {
    const f = Object.fromEntries(intl.formatToParts(d).map((p) => [p.type, p.value]));
    return [`${f.year}-${f.month}-${f.day}`, `${f.hour}:${f.minute}`] as const;
  };
  const agrees = (ms: number) => {
    const at = new Date(ms - (ms % 60_000));
    const [ymd, hhmm] = wall(at);
    expect(londonYmd(at)).toBe(ymd);
    // The instant London's clocks show that time: this one, or in the hour shown twice when the
    // clocks go back, the other one, which shows the same.
    expect(wall(londonWallTimeToUtc(ymd, hhmm))).toEqual([ymd, hhmm]);
  };

  it("agrees with Intl at any instant from 1975 to 2100", () => {
    fc.assert(fc.property(fc.integer({ min: Date.UTC(1975, 0, 1), max: Date.UTC(2100, 0, 1) }), agrees), {
      numRuns: 3000,
    });
  });

  it("agrees with Intl minute by minute around the clock changes of 2026", () => {
    // BST began 29 March at 01:00 UTC and ended 25 October at 01:00 UTC.
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let minutes = -90; minutes <= 90; minutes++) agrees(change + minutes * 60_000);
    }
  });
});

describe("a date and a 24-hour time typed into a form", () => {
  it("is the instant London's clocks show then, or nothing when both are empty", () => {
    expect(londonDateTimeFromForm("2026-12-05", "19:30")).toEqual({ ok: true, at: new Date("2026-12-05T19:30:00Z") });
    expect(londonDateTimeFromForm("2026-06-05", "00:00")).toEqual({ ok: true, at: new Date("2026-06-04T23:00:00Z") });
    expect(londonDateTimeFromForm(" ", "")).toEqual({ ok: true, at: null });
  });

  it("names what is missing or malformed", () => {
    expect(londonDateTimeFromForm("2026-12-05", "")).toEqual({ ok: false, problem: "both" });
    expect(londonDateTimeFromForm("", "19:30")).toEqual({ ok: false, problem: "both" });
    expect(londonDateTimeFromForm("05/12/2026", "19:30")).toEqual({ ok: false, problem: "date" });
    expect(londonDateTimeFromForm("2026-13-01", "19:30")).toEqual({ ok: false, problem: "date" });
    expect(londonDateTimeFromForm("2026-12-05", "7:30")).toEqual({ ok: false, problem: "time" });
    expect(londonDateTimeFromForm("2026-12-05", "19:60")).toEqual({ ok: false, problem: "time" });
    expect(londonDateTimeFromForm("2026-12-05", "7:30 pm")).toEqual({ ok: false, problem: "time" });
  });

  it("shows an instant back as London's 'HH:MM'", () => {
    expect(londonHhmm(new Date("2026-07-01T08:05:00Z"))).toBe("09:05");
    expect(londonHhmm(new Date("2026-12-05T23:59:00Z"))).toBe("23:59");
  });
});

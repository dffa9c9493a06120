import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  firstAddressSegment,
  formatCalendarDay,
  formatCardDate,
  formatChartDay,
  formatEventDateTime,
  formatLondonTime,
  formatLongDate,
  formatAmount,
  formatMoney,
  formatNumericDate,
  formatShortDate,
  formatTimeRange,
  formatTimestamp,
  formatWhenInFull,
} from "./format";

describe("formatCardDate", () => {
  const now = new Date("2026-11-24T12:00:00Z"); // a Tuesday

  it("reads 'Today at' and the London time for today's events", () => {
    expect(formatCardDate(new Date("2026-11-24T19:30:00Z"), now)).toBe("Today at 7:30 pm");
    expect(formatCardDate(new Date("2026-11-24T09:00:00Z"), now)).toBe("Today at 9:00 am");
  });

  it("gives the short date and London days away otherwise", () => {
    expect(formatCardDate(new Date("2026-11-25T19:30:00Z"), now)).toBe("Wed 25 Nov · tomorrow");
    expect(formatCardDate(new Date("2026-11-28T19:30:00Z"), now)).toBe("Sat 28 Nov · in 4 days");
    expect(formatCardDate(new Date("2026-11-22T19:30:00Z"), now)).toBe("Sun 22 Nov · 2 days ago");
  });

  it("counts days by London's calendar, not UTC's", () => {
    // 23:30 UTC on 9 July is already 10 July in London.
    expect(formatCardDate(new Date("2026-07-09T23:30:00Z"), new Date("2026-07-10T08:00:00Z"))).toBe(
      "Today at 12:30 am",
    );
    expect(formatShortDate(new Date("2026-07-09T23:30:00Z"))).toBe("Fri 10 Jul");
  });
});

describe("formatMoney and addresses", () => {
  it("drops .00 from whole pounds only", () => {
    expect(formatMoney(1200, "GBP")).toBe("£12");
    expect(formatMoney(1010, "GBP")).toBe("£10.10");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
    // In a column or a breakdown, pence are always written.
    expect(formatAmount(1200, "GBP")).toBe("£12.00");
    expect(formatAmount(123456, "GBP")).toBe("£1,234.56");
    expect(formatAmount(0, "EUR")).toBe("€0.00");
  });

  it("says each currency with its own symbol", () => {
    expect(formatMoney(808, "EUR")).toBe("€8.08");
    expect(formatMoney(1200, "EUR")).toBe("€12");
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("EUR")).toBe("€");
  });

  it("takes the first segment of an address", () => {
    expect(firstAddressSegment("56 Walton Street, Oxford OX2 6AE")).toBe("56 Walton Street");
    expect(firstAddressSegment("Online")).toBe("Online");
  });
});

describe("event page dates", () => {
  it("writes the date in full and the times as a range", () => {
    expect(formatLongDate(new Date("2026-11-26T19:30:00Z"))).toBe("Thursday 26 November 2026");
    expect(formatTimeRange(new Date("2026-11-26T19:30:00Z"), new Date("2026-11-26T23:00:00Z"))).toBe(
      "7:30 pm – 11:00 pm",
    );
    // Past midnight but the same night: still a simple range.
    expect(formatTimeRange(new Date("2026-11-26T21:00:00Z"), new Date("2026-11-27T03:00:00Z"))).toBe(
      "9:00 pm – 3:00 am",
    );
    expect(formatTimeRange(new Date("2026-11-27T10:00:00Z"), new Date("2026-11-29T18:00:00Z"))).toBe(
      "Fri 27 Nov, 10:00 am – Sun 29 Nov, 6:00 pm",
    );
    expect(formatTimeRange(new Date("2026-11-26T19:30:00Z"), null)).toBe("7:30 pm");
  });
});

describe("formatWhenInFull", () => {
  it("writes the date and times out in full, and says which clock", () => {
    expect(formatWhenInFull(new Date("2026-12-05T19:30:00Z"), new Date("2026-12-05T23:00:00Z"))).toBe(
      "Saturday 5 December 2026, 7:30 pm – 11:00 pm (UK time)",
    );
    // Summer: London is an hour ahead of UTC.
    expect(formatWhenInFull(new Date("2026-07-04T18:00:00Z"), null)).toBe("Saturday 4 July 2026, 7:00 pm (UK time)");
  });
});

describe("times read as people write them", () => {
  // Winter dates: London is on GMT, so UTC and London clocks agree.
  it("writes midnight and noon on the 12-hour clock, never 0", () => {
    expect(formatLondonTime(new Date("2026-11-25T00:00:00Z"))).toBe("12:00 am");
    expect(formatLondonTime(new Date("2026-11-25T00:05:00Z"))).toBe("12:05 am");
    expect(formatLondonTime(new Date("2026-11-25T12:00:00Z"))).toBe("12:00 pm");
    expect(formatLondonTime(new Date("2026-11-25T12:30:00Z"))).toBe("12:30 pm");
    expect(formatLondonTime(new Date("2026-11-25T13:04:00Z"))).toBe("1:04 pm");
  });

  it("does the same in the date-and-time and to-the-second forms", () => {
    expect(formatEventDateTime(new Date("2026-11-25T00:05:00Z"))).toBe("Wed 25 Nov, 12:05 am");
    expect(formatEventDateTime(new Date("2026-11-25T12:30:00Z"))).toBe("Wed 25 Nov, 12:30 pm");
    expect(formatTimestamp(new Date("2026-11-25T00:00:00Z"))).toBe("25 Nov 2026, 12:00:00 am");
    expect(formatTimestamp(new Date("2026-11-25T00:05:09Z"))).toBe("25 Nov 2026, 12:05:09 am");
    expect(formatTimestamp(new Date("2026-11-25T12:00:16Z"))).toBe("25 Nov 2026, 12:00:16 pm");
    expect(formatTimestamp(new Date("2026-11-25T12:30:00Z"))).toBe("25 Nov 2026, 12:30:00 pm");
    expect(formatTimeRange(new Date("2026-11-25T23:00:00Z"), new Date("2026-11-26T00:30:00Z"))).toBe(
      "11:00 pm – 12:30 am",
    );
  });

  it("follows London's clocks forward in spring (29 March 2026: 1 am GMT becomes 2 am BST)", () => {
    expect(formatLondonTime(new Date("2026-03-29T00:59:00Z"))).toBe("12:59 am");
    expect(formatLondonTime(new Date("2026-03-29T01:00:00Z"))).toBe("2:00 am");
    expect(formatTimestamp(new Date("2026-03-29T11:00:00Z"))).toBe("29 Mar 2026, 12:00:00 pm");
    // Midnight BST is 23:00 UTC the day before.
    expect(formatTimestamp(new Date("2026-03-29T23:05:00Z"))).toBe("30 Mar 2026, 12:05:00 am");
  });

  it("follows them back in autumn (25 October 2026: 2 am BST becomes 1 am GMT, so 1 am comes twice)", () => {
    expect(formatLondonTime(new Date("2026-10-24T23:00:00Z"))).toBe("12:00 am");
    expect(formatLondonTime(new Date("2026-10-25T00:30:00Z"))).toBe("1:30 am");
    expect(formatLondonTime(new Date("2026-10-25T01:30:00Z"))).toBe("1:30 am");
    expect(formatLondonTime(new Date("2026-10-25T12:00:00Z"))).toBe("12:00 pm");
    expect(formatTimeRange(new Date("2026-10-24T22:00:00Z"), new Date("2026-10-25T02:00:00Z"))).toBe(
      "11:00 pm – 2:00 am",
    );
  });
});

describe("formatChartDay", () => {
  it("labels a London day by weekday and date for a week, by date and month for longer", () => {
    expect(formatChartDay("2026-11-26", true)).toBe("Thu 26");
    expect(formatChartDay("2026-11-26", false)).toBe("26 Nov");
    expect(formatChartDay("2026-03-29", true)).toBe("Sun 29");
    expect(formatCalendarDay("2026-11-26")).toBe("Thu 26 Nov");
  });
});

describe("formatNumericDate", () => {
  it("writes DD/MM/YYYY of the London day, either side of midnight and the clocks changing", () => {
    expect(formatNumericDate(new Date("2026-12-05T19:30:00Z"))).toBe("05/12/2026");
    // 11:30 pm UTC in July is already the next day in London (BST).
    expect(formatNumericDate(new Date("2026-07-09T23:30:00Z"))).toBe("10/07/2026");
    expect(formatNumericDate(new Date("2026-12-31T23:59:59Z"))).toBe("31/12/2026");
  });
});

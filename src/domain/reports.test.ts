import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { decimalAmount, ordersCsvHeader, ordersCsvLines } from "./orders-report-csv";
import { orderNet } from "./payouts";
import {
  bucketFor,
  bucketsOf,
  bucketStart,
  checkInRate,
  daysInRange,
  orderMoney,
  orderReportStatus,
  rangeInstants,
  readReportRange,
} from "./reports";

// Thursday 26 November 2026, 10:00 in London (GMT).
const now = new Date("2026-11-26T10:00:00Z");

describe("a report's range", () => {
  it("is the last 7 London days, today included, unless the host picks another", () => {
    expect(readReportRange({}, now)).toEqual({ ok: true, range: { from: "2026-11-20", to: "2026-11-26" } });
    expect(readReportRange({ from: "2026-01-01", to: "2026-03-31" }, now)).toEqual({
      ok: true,
      range: { from: "2026-01-01", to: "2026-03-31" },
    });
  });

  it("fills a blank end from the other", () => {
    expect(readReportRange({ to: "2026-10-10" }, now)).toEqual({
      ok: true,
      range: { from: "2026-10-04", to: "2026-10-10" },
    });
    expect(readReportRange({ from: "2026-11-25" }, now)).toEqual({
      ok: true,
      range: { from: "2026-11-25", to: "2026-11-26" },
    });
    expect(readReportRange({ from: "2026-01-01" }, now)).toEqual({
      ok: true,
      range: { from: "2026-01-01", to: "2026-01-07" },
    });
  });

  it("names the field and says what is wrong", () => {
    expect(readReportRange({ from: "26/11/2026" }, now)).toMatchObject({ ok: false, problem: { field: "from" } });
    expect(readReportRange({ to: "2026-02-30" }, now)).toMatchObject({ ok: false, problem: { field: "to" } });
    expect(readReportRange({ from: "2026-11-27" }, now)).toMatchObject({
      ok: false,
      problem: { field: "from", message: expect.stringContaining("future") },
    });
    expect(readReportRange({ from: "2026-11-10", to: "2026-11-01" }, now)).toMatchObject({
      ok: false,
      problem: { field: "to", message: "The end date must be on or after the start date." },
    });
    expect(readReportRange({ from: "2020-01-01", to: "2026-11-26" }, now)).toMatchObject({
      ok: false,
      problem: { field: "from", message: expect.stringContaining("five years") },
    });
    expect(readReportRange({ from: "2021-11-27", to: "2026-11-26" }, now)).toMatchObject({ ok: true });
  });

  it("covers whole London days, across the clock change", () => {
    // British Summer Time ends on Sunday 25 October 2026.
    const { start, end } = rangeInstants({ from: "2026-10-24", to: "2026-10-25" });
    expect(start.toISOString()).toBe("2026-10-23T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(daysInRange({ from: "2026-10-24", to: "2026-10-25" })).toBe(2);
  });

  it("groups by day, by week from Monday, then by month", () => {
    expect(bucketFor({ from: "2026-09-01", to: "2026-11-26" })).toBe("day");
    expect(bucketFor({ from: "2026-01-01", to: "2026-11-26" })).toBe("week");
    expect(bucketFor({ from: "2023-01-01", to: "2026-11-26" })).toBe("month");
    expect(bucketStart("2026-11-26", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-29", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-26", "month")).toBe("2026-11-01");
    expect(bucketsOf({ from: "2026-11-20", to: "2026-11-26" }, "day")).toHaveLength(7);
    expect(bucketsOf({ from: "2026-11-20", to: "2026-12-02" }, "week")).toEqual([
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });
});

describe("an order's money", () => {
  it("keeps net = gross − refunds − fees, a refund taking our fee back in proportion", () => {
    expect(orderMoney({ totalPence: 1010, bookingFeePence: 10, refundedPence: 0 })).toEqual({
      gross: 1010,
      refunds: 0,
      fees: 10,
      net: 1000,
    });
    // Half refunded: the host's share and our fee both halve (the billing terms' example).
    expect(orderMoney({ totalPence: 2020, bookingFeePence: 20, refundedPence: 1010 })).toEqual({
      gross: 2020,
      refunds: 1010,
      fees: 10,
      net: 1000,
    });
    expect(orderMoney({ totalPence: 1010, bookingFeePence: 10, refundedPence: 1010 })).toEqual({
      gross: 1010,
      refunds: 1010,
      fees: 0,
      net: 0,
    });
    // Absorbed: no booking fee on the order, none counted here (it comes out of the payout).
    expect(orderMoney({ totalPence: 1000, bookingFeePence: 0, refundedPence: 400 })).toEqual({
      gross: 1000,
      refunds: 400,
      fees: 0,
      net: 600,
    });
  });

  it("counts the host's share exactly as payouts do, for any order with a fee passed on and any refund", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (price, fee, refundPart) => {
          const total = price + Math.min(fee, price);
          const bookingFeePence = total - price;
          const refundedPence = Math.floor((total * refundPart) / 1_000);
          const m = orderMoney({ totalPence: total, bookingFeePence, refundedPence });
          const paid = orderNet({
            eventId: "e",
            currency: "GBP",
            totalPence: total,
            platformFeePence: bookingFeePence,
            refundedPence,
            applicationFeePence: null,
          });
          expect(m.net).toBe(paid);
          expect(m.net).toBe(m.gross - m.refunds - m.fees);
          expect(m.fees).toBeGreaterThanOrEqual(0);
          expect(m.fees).toBeLessThanOrEqual(bookingFeePence);
        },
      ),
    );
  });

  it("tells a partial refund apart", () => {
    expect(orderReportStatus({ status: "refunded", totalPence: 1000, refundedPence: 400 })).toBe("part_refunded");
    expect(orderReportStatus({ status: "refunded", totalPence: 1000, refundedPence: 1000 })).toBe("refunded");
    expect(orderReportStatus({ status: "paid", totalPence: 1000, refundedPence: 0 })).toBe("paid");
  });

  it("rounds the check-in rate down, and has none without tickets", () => {
    expect(checkInRate(0, 0)).toBeNull();
    expect(checkInRate(199, 200)).toBe(99);
    expect(checkInRate(3, 3)).toBe(100);
  });
});

describe("the orders file", () => {
  it("is Excel-safe: a byte order mark, CRLF, formulas kept as text, answers under their question", () => {
    const labels = ["Dietary needs?", "How did you hear?"];
    const file =
      ordersCsvHeader(labels) +
      ordersCsvLines(
        [
          {
            reference: "AB12CD",
            createdAt: new Date("2026-07-01T18:30:00Z"),
            eventName: '=HYPERLINK("x")',
            eventStartsAt: new Date("2026-07-10T19:00:00Z"),
            buyerName: 'Zoë, "Z" O\'Neil',
            buyerEmail: "zoe@example.com",
            status: "refunded",
            currency: "GBP",
            subtotalPence: 2000,
            discountPence: 500,
            discountCode: "early",
            bookingFeePence: 15,
            totalPence: 1515,
            refundedPence: 1000,
            tickets: 2,
            companions: 1,
            lines: "2 × Standard; 1 × Standard (companion)",
            answers: { q2: "+44 radio", q1: "Vegan" },
            questions: [
              { id: "q1", label: "Dietary needs?" },
              { id: "q2", label: "How did you hear?" },
            ],
          },
        ],
        labels,
      );
    expect(file.startsWith("\uFEFFOrder,")).toBe(true);
    expect(file.endsWith("\r\n")).toBe(true);
    const [header, row] = Papa.parse<string[]>(file.slice(1), { skipEmptyLines: true }).data;
    expect(header!.slice(-2)).toEqual(labels);
    expect(row).toEqual([
      "AB12CD",
      "01/07/2026 19:30",
      '\'=HYPERLINK("x")',
      "10/07/2026 20:00",
      'Zoë, "Z" O\'Neil',
      "zoe@example.com",
      "Refunded in part",
      "2",
      "1",
      "2 × Standard; 1 × Standard (companion)",
      "GBP",
      "20.00",
      "5.00",
      "early",
      "0.15",
      "15.15",
      "10.00",
      "Vegan",
      "'+44 radio",
    ]);
  });

  it("writes amounts as plain decimals", () => {
    expect(decimalAmount(0)).toBe("0.00");
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(123456)).toBe("1234.56");
    expect(decimalAmount(-5)).toBe("-0.05");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  badgeLabel,
  joinLink,
  orderJoinLink,
  cardBadges,
  effectiveCapacity,
  endOf,
  hasEnded,
  isHappeningToday,
  isListed,
  isMajoritySold,
  isSoldOut,
  placesBeyondVenue,
  publicWindowStart,
  soldPercent,
} from "./event-flags";

const at = (iso: string) => new Date(iso);
const labels = (e: Parameters<typeof cardBadges>[0], now: Date) => cardBadges(e, now).map(badgeLabel);

describe("sold out", () => {
  it("is sold out when sold reaches capacity, not one before", () => {
    expect(isSoldOut({ capacity: 100, sold: 99 })).toBe(false);
    expect(isSoldOut({ capacity: 100, sold: 100 })).toBe(true);
    expect(isSoldOut({ capacity: 100, sold: 101 })).toBe(true);
  });

  it("uses the seat count for a seated event without a capacity", () => {
    expect(effectiveCapacity({ capacity: 0, sold: 0, seatCount: 96 })).toBe(96);
    expect(isSoldOut({ capacity: 0, sold: 95, seatCount: 96 })).toBe(false);
    expect(isSoldOut({ capacity: 0, sold: 96, seatCount: 96 })).toBe(true);
  });

  it("prefers the tickets' capacity to the seat count when both exist", () => {
    expect(isSoldOut({ capacity: 50, sold: 50, seatCount: 96 })).toBe(true);
  });

  it("never calls an event without any capacity sold out", () => {
    expect(effectiveCapacity({ capacity: 0, sold: 12 })).toBeNull();
    expect(isSoldOut({ capacity: 0, sold: 12 })).toBe(false);
    expect(isSoldOut({ capacity: 0, sold: 0, seatCount: 0 })).toBe(false);
  });
});

describe("majority sold (80%)", () => {
  it("counts exactly 80% and not 79.9%", () => {
    expect(isMajoritySold({ capacity: 100, sold: 80 })).toBe(true);
    expect(isMajoritySold({ capacity: 100, sold: 79 })).toBe(false);
    expect(isMajoritySold({ capacity: 1000, sold: 799 })).toBe(false);
    expect(isMajoritySold({ capacity: 5, sold: 4 })).toBe(true);
    expect(isMajoritySold({ capacity: 3, sold: 2 })).toBe(false); // 66%
  });

  it("rounds the percentage down so the badge never overstates", () => {
    expect(soldPercent({ capacity: 1000, sold: 799 })).toBe(79);
    expect(soldPercent({ capacity: 3, sold: 3 })).toBe(100);
    expect(soldPercent({ capacity: 0, sold: 3 })).toBe(0);
  });

  it("agrees with the percentage shown for any stock", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (capacity, sold) => {
        const e = { capacity, sold: Math.min(sold, capacity) };
        expect(isMajoritySold(e)).toBe(e.sold / capacity >= 0.8);
        if (isMajoritySold(e)) expect(soldPercent(e)).toBeGreaterThanOrEqual(80);
        else expect(soldPercent(e)).toBeLessThan(80);
      }),
    );
  });
});

describe("ended and today (Europe/London)", () => {
  const evening = { startsAt: at("2026-11-24T19:30:00Z"), endsAt: at("2026-11-24T22:00:00Z") };

  it("has ended from its end time exactly", () => {
    expect(hasEnded(evening, at("2026-11-24T21:59:59Z"))).toBe(false);
    expect(hasEnded(evening, at("2026-11-24T22:00:00Z"))).toBe(true);
  });

  it("without an end time, ends at the end of its London day", () => {
    const noEnd = { startsAt: at("2026-11-24T19:30:00Z"), endsAt: null };
    expect(endOf(noEnd)).toEqual(at("2026-11-25T00:00:00Z")); // GMT in November
    expect(hasEnded(noEnd, at("2026-11-24T23:59:59Z"))).toBe(false);
    expect(hasEnded(noEnd, at("2026-11-25T00:00:00Z"))).toBe(true);
    // In summer London is an hour ahead: the day ends at 23:00 UTC.
    const summer = { startsAt: at("2026-07-10T18:00:00Z"), endsAt: null };
    expect(endOf(summer)).toEqual(at("2026-07-10T23:00:00Z"));
  });

  it("is today when it starts on today's London date, even just after midnight in summer", () => {
    // 23:30 UTC on 9 July is 00:30 on 10 July in London.
    const lateNight = { startsAt: at("2026-07-09T23:30:00Z"), endsAt: at("2026-07-10T02:00:00Z") };
    expect(isHappeningToday(lateNight, at("2026-07-10T09:00:00Z"))).toBe(false); // ended at 3 am
    // midnight in London: the 10th has begun
    expect(isHappeningToday(lateNight, at("2026-07-09T23:00:00Z"))).toBe(true);
    expect(isHappeningToday(lateNight, at("2026-07-09T22:59:00Z"))).toBe(false); // 23:59 on the 9th in London
    expect(isHappeningToday({ startsAt: at("2026-07-10T19:00:00Z"), endsAt: null }, at("2026-07-09T23:05:00Z"))).toBe(
      true,
    );
  });

  it("counts a multi-day event that is still running as today", () => {
    const festival = { startsAt: at("2026-11-20T10:00:00Z"), endsAt: at("2026-11-26T22:00:00Z") };
    expect(isHappeningToday(festival, at("2026-11-24T12:00:00Z"))).toBe(true);
  });

  it("is not today tomorrow or once ended", () => {
    expect(isHappeningToday(evening, at("2026-11-23T20:00:00Z"))).toBe(false);
    expect(isHappeningToday(evening, at("2026-11-24T22:30:00Z"))).toBe(false);
    expect(isHappeningToday(evening, at("2026-11-24T08:00:00Z"))).toBe(true);
  });
});

describe("card badges", () => {
  const tonight = { startsAt: at("2026-11-24T19:30:00Z"), endsAt: at("2026-11-24T22:00:00Z") };
  const nextWeek = { startsAt: at("2026-12-01T19:30:00Z"), endsAt: at("2026-12-01T22:00:00Z") };
  const now = at("2026-11-24T12:00:00Z");

  it("shows Sold Out and Today together for a sold-out show tonight", () => {
    expect(labels({ ...tonight, capacity: 100, sold: 100 }, now)).toEqual(["Sold Out", "Today"]);
  });

  it("shows '{n}% SoldOut' from 80% while places remain", () => {
    expect(labels({ ...nextWeek, capacity: 100, sold: 80 }, now)).toEqual(["80% SoldOut"]);
    expect(labels({ ...nextWeek, capacity: 100, sold: 99 }, now)).toEqual(["99% SoldOut"]);
    expect(labels({ ...nextWeek, capacity: 100, sold: 79 }, now)).toEqual([]);
    expect(labels({ ...tonight, capacity: 100, sold: 85 }, now)).toEqual(["Today", "85% SoldOut"]);
  });

  it("says only Ended once it is over, sold out or not", () => {
    const after = at("2026-11-24T22:00:00Z");
    expect(labels({ ...tonight, capacity: 100, sold: 100 }, after)).toEqual(["Ended"]);
    expect(labels({ ...tonight, capacity: 100, sold: 90 }, after)).toEqual(["Ended"]);
    expect(labels({ ...tonight, capacity: 100, sold: 0 }, after)).toEqual(["Ended"]);
  });

  it("sells out a seated event by its seats", () => {
    expect(labels({ ...nextWeek, capacity: 0, sold: 96, seatCount: 96 }, now)).toEqual(["Sold Out"]);
  });
});

describe("listing rule and public window", () => {
  const listed = { status: "published", isPrivate: false, isCancelled: false };

  it("lists only published, public, live events", () => {
    expect(isListed(listed)).toBe(true);
    expect(isListed({ ...listed, isPrivate: true })).toBe(false);
    expect(isListed({ ...listed, isCancelled: true })).toBe(false);
    for (const status of ["draft", "unpublished", "archived", "deleted"])
      expect(isListed({ ...listed, status })).toBe(false);
  });

  it("starts public lists three days back", () => {
    expect(publicWindowStart(at("2026-11-24T12:00:00Z"))).toEqual(at("2026-11-21T12:00:00Z"));
  });
});

describe("joinLink", () => {
  const link = "https://meet.example.com/quiz";
  it("is the online event's link, and none at a venue, once cancelled, or before the host adds it", () => {
    expect(joinLink({ isOnline: true, isCancelled: false, onlineUrl: link })).toBe(link);
    expect(joinLink({ isOnline: true, isCancelled: false, onlineUrl: null })).toBeNull();
    expect(joinLink({ isOnline: true, isCancelled: true, onlineUrl: link })).toBeNull();
    expect(joinLink({ isOnline: false, isCancelled: false, onlineUrl: link })).toBeNull();
  });

  it("shows on an order only while it stands and its buyer still holds one of its tickets", () => {
    const online = { isOnline: true, isCancelled: false, onlineUrl: link };
    const mine = { status: "valid", holderUserId: "bea" };
    const given = { status: "valid", holderUserId: "cal" };
    expect(orderJoinLink(online, { status: "paid", userId: "bea" }, [mine, given])).toBe(link);
    expect(orderJoinLink(online, { status: "free", userId: "bea" }, [{ ...mine, status: "checked_in" }])).toBe(link);
    expect(orderJoinLink(online, { status: "refunded", userId: "bea" }, [mine])).toBeNull();
    expect(orderJoinLink(online, { status: "cancelled", userId: "bea" }, [mine])).toBeNull();
    expect(orderJoinLink(online, { status: "paid", userId: "bea" }, [{ ...mine, status: "void" }])).toBeNull();
    expect(orderJoinLink(online, { status: "paid", userId: "bea" }, [given])).toBeNull();
    expect(orderJoinLink({ ...online, isCancelled: true }, { status: "paid", userId: "bea" }, [mine])).toBeNull();
  });
});

describe("places beyond the venue", () => {
  it("counts the places on sale past what the venue holds, from one past it; seats and unknown sizes aside", () => {
    expect(placesBeyondVenue({ places: 80, venueCapacity: 80, seated: false })).toBe(0);
    expect(placesBeyondVenue({ places: 81, venueCapacity: 80, seated: false })).toBe(1);
    expect(placesBeyondVenue({ places: 120, venueCapacity: 80, seated: false })).toBe(40);
    expect(placesBeyondVenue({ places: 120, venueCapacity: null, seated: false })).toBe(0);
    expect(placesBeyondVenue({ places: 120, venueCapacity: 80, seated: true })).toBe(0);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boundingBox,
  dateRange,
  distanceKm,
  isLocationStale,
  isYmd,
  mergeRecommendations,
  normaliseQuery,
  PRICE_FILTERS,
  RECOMMENDATIONS_LIMIT,
  whenInQuery,
} from "./discovery";

const at = (iso: string) => new Date(iso);

describe("search text", () => {
  it("is trimmed, single-spaced and capped; blank means no search", () => {
    expect(normaliseQuery("  pub   quiz \n")).toBe("pub quiz");
    expect(normaliseQuery("   ")).toBe("");
    expect(normaliseQuery(null)).toBe("");
    expect(normaliseQuery("x".repeat(300))).toHaveLength(100);
  });
});

describe("date filters (London days)", () => {
  const tuesdayNoon = at("2026-11-24T12:00:00Z");

  it("today and tomorrow are whole London days", () => {
    expect(dateRange("today", tuesdayNoon)).toEqual({
      from: at("2026-11-24T00:00:00Z"),
      to: at("2026-11-25T00:00:00Z"),
    });
    expect(dateRange("tomorrow", tuesdayNoon)).toEqual({
      from: at("2026-11-25T00:00:00Z"),
      to: at("2026-11-26T00:00:00Z"),
    });
    // In summer London's day starts at 23:00 UTC the evening before.
    expect(dateRange("today", at("2026-07-10T12:00:00Z"))).toEqual({
      from: at("2026-07-09T23:00:00Z"),
      to: at("2026-07-10T23:00:00Z"),
    });
  });

  it("this weekend runs from Friday 5 pm to Monday, or from today once it has begun", () => {
    expect(dateRange("weekend", tuesdayNoon)).toEqual({
      from: at("2026-11-27T17:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
    expect(dateRange("weekend", at("2026-11-27T20:00:00Z"))).toEqual({
      from: at("2026-11-27T17:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
    expect(dateRange("weekend", at("2026-11-28T10:00:00Z"))).toEqual({
      from: at("2026-11-28T00:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
    expect(dateRange("weekend", at("2026-11-29T21:00:00Z"))).toEqual({
      from: at("2026-11-29T00:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
  });

  it("this week runs to the end of Sunday", () => {
    expect(dateRange("week", tuesdayNoon)).toEqual({
      from: at("2026-11-24T00:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
    expect(dateRange("week", at("2026-11-29T09:00:00Z"))).toEqual({
      from: at("2026-11-29T00:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
  });

  it("picked dates are inclusive, a single day without an end, and refused when backwards or not dates", () => {
    expect(dateRange("dates", tuesdayNoon, { from: "2026-12-01", to: "2026-12-03" })).toEqual({
      from: at("2026-12-01T00:00:00Z"),
      to: at("2026-12-04T00:00:00Z"),
    });
    expect(dateRange("dates", tuesdayNoon, { from: "2026-12-01" })).toEqual({
      from: at("2026-12-01T00:00:00Z"),
      to: at("2026-12-02T00:00:00Z"),
    });
    expect(dateRange("dates", tuesdayNoon, { from: "2026-12-03", to: "2026-12-01" })).toBeNull();
    expect(dateRange("dates", tuesdayNoon, { from: "2026-02-30" })).toBeNull();
    expect(dateRange("dates", tuesdayNoon, {})).toBeNull();
  });

  it("recognises real calendar dates only", () => {
    expect(isYmd("2028-02-29")).toBe(true);
    expect(isYmd("2026-02-29")).toBe(false);
    expect(isYmd("2026-1-5")).toBe(false);
    expect(isYmd("<script>")).toBe(false);
  });
});

describe("price filters", () => {
  it("are bands of headline prices in pounds, the free one at zero", () => {
    expect(PRICE_FILTERS.map((b) => [b.slug, b.maxTotalMinor, b.currency])).toEqual([
      ["free", 0, "GBP"],
      ["under-10", 999, "GBP"],
      ["under-20", 1999, "GBP"],
      ["under-50", 4999, "GBP"],
    ]);
  });
});

describe("distance", () => {
  it("measures London to Manchester as about 262 km", () => {
    expect(distanceKm({ lat: 51.5074, lng: -0.1278 }, { lat: 53.4808, lng: -2.2426 })).toBeCloseTo(262, 0);
    expect(distanceKm({ lat: 51.5, lng: -0.1 }, { lat: 51.5, lng: -0.1 })).toBe(0);
  });

  it("boxes every point within the radius", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 49, max: 59, noNaN: true }),
        fc.double({ min: -8, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (lat, lng, bearing, share) => {
          const centre = { lat, lng };
          const radius = 40;
          // A point `share` of the radius away in some direction.
          const d = (radius * share) / 6371.0088;
          const lat2 = Math.asin(
            Math.sin((lat * Math.PI) / 180) * Math.cos(d) +
              Math.cos((lat * Math.PI) / 180) * Math.sin(d) * Math.cos(bearing),
          );
          const lng2 =
            (lng * Math.PI) / 180 +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos((lat * Math.PI) / 180),
              Math.cos(d) - Math.sin((lat * Math.PI) / 180) * Math.sin(lat2),
            );
          const point = { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
          const box = boundingBox(centre, radius);
          expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
          expect(point.lat).toBeLessThanOrEqual(box.maxLat);
          expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
          expect(point.lng).toBeLessThanOrEqual(box.maxLng);
        },
      ),
    );
  });

  it("treats a location older than 60 seconds as stale", () => {
    const now = at("2026-11-24T12:00:00Z");
    expect(isLocationStale(now.getTime() - 60_000, now)).toBe(false);
    expect(isLocationStale(now.getTime() - 60_001, now)).toBe(true);
  });
});

describe("recommendations", () => {
  const ev = (id: string) => ({ id });

  it("tops up fewer than 8 related events with best sellers, without repeats or the event itself", () => {
    const merged = mergeRecommendations(
      [ev("a"), ev("b"), ev("self")],
      [ev("b"), ev("c"), ev("d"), ev("self"), ev("e"), ev("f"), ev("g"), ev("h"), ev("i")],
      "self",
    );
    expect(merged.map((e) => e.id)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("keeps 8 or more related events as they are, trimmed to the shared limit", () => {
    const related = Array.from({ length: 11 }, (_, i) => ev(`r${i}`));
    const merged = mergeRecommendations(related, [ev("best")]);
    expect(merged).toHaveLength(RECOMMENDATIONS_LIMIT);
    expect(merged.every((e) => e.id.startsWith("r"))).toBe(true);
  });
});

describe("a search that says when", () => {
  it("turns tonight, tomorrow, the weekend and this week into the date filter, leaving the other words", () => {
    expect(whenInQuery("tonight")).toEqual({ date: "today", words: "" });
    expect(whenInQuery("comedy tonight")).toEqual({ date: "today", words: "comedy" });
    expect(whenInQuery("Pub quiz Today in Leeds")).toEqual({ date: "today", words: "Pub quiz in Leeds" });
    expect(whenInQuery("what's on tomorrow night")).toEqual({ date: "tomorrow", words: "what's" });
    expect(whenInQuery("gigs this weekend")).toEqual({ date: "weekend", words: "gigs" });
    expect(whenInQuery("jazz this week")).toEqual({ date: "week", words: "jazz" });
  });

  it("leaves a search alone when the word is only part of another", () => {
    expect(whenInQuery("weekender festival")).toBeNull();
    expect(whenInQuery("todays special")).toBeNull();
    expect(whenInQuery("pub quiz")).toBeNull();
  });
});

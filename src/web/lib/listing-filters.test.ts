import { describe, expect, it } from "vitest";
import { activeFilterCount, filterHref, filterQuery, parseFilters } from "./listing-filters";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("listing filters in the URL", () => {
  it("reads known values and drops unknown ones", () => {
    expect(parse("date=weekend&price=under-10&type=quiz-night&miles=10&page=3")).toEqual({
      date: "weekend",
      price: "under-10",
      type: "quiz-night",
      miles: 10,
      page: 3,
    });
    expect(parse("date=someday&price=cheap&type=nope&miles=7&page=-1&category=spam")).toEqual({ page: 1 });
  });

  it("keeps picked dates only with the 'dates' filter and only when they are dates", () => {
    expect(parse("date=dates&from=2026-12-01&to=2026-12-03")).toEqual({
      date: "dates",
      from: "2026-12-01",
      to: "2026-12-03",
      page: 1,
    });
    expect(parse("date=today&from=2026-12-01")).toEqual({ date: "today", page: 1 });
    expect(parse("date=dates&from=tomorrow")).toEqual({ date: "dates", page: 1 });
  });

  it("turns filters into the query: a date range, free only, or the band's headline price in its currency", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(filterQuery(parse("date=today"), now).range).toEqual({
      from: new Date("2026-11-24T00:00:00Z"),
      to: new Date("2026-11-25T00:00:00Z"),
    });
    expect(filterQuery(parse("price=free"), now)).toEqual({ freeOnly: true });
    expect(filterQuery(parse("price=under-10"), now)).toEqual({ maxPrice: { totalMinor: 999, currency: "GBP" } });
    expect(filterQuery(parse("date=dates&from=2026-12-03&to=2026-12-01"), now).range).toBeUndefined();
  });

  it("builds links that change one filter and go back to the first page", () => {
    const f = parse("date=weekend&price=free&page=4");
    expect(filterHref("/events/category/music-events", f, { price: undefined })).toBe(
      "/events/category/music-events?date=weekend",
    );
    expect(filterHref("/explore", f, { date: "today" })).toBe("/explore?date=today&price=free");
    expect(filterHref("/search", f, { page: 2 }, { q: "quiz" })).toBe("/search?q=quiz&date=weekend&price=free&page=2");
    expect(activeFilterCount(f)).toBe(2);
  });
});

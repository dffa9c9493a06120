import { describe, expect, it } from "vitest";
import {
  checkEventDetails,
  EVENT_NAME_MAX,
  EVENT_TAGS_MAX,
  type EventDetailsInput,
  isCalendarDate,
  isClockTime,
  parseTags,
  repeatDates,
  slugFromName,
} from "./event-details";

const base: EventDetailsInput = {
  name: "Tuesday Quiz at the Crown",
  slug: "",
  category: "pubs-clubs-events",
  eventType: "quiz-night",
  subcategories: [],
  tags: "",
  date: "2027-01-12",
  time: "19:30",
  endDate: "",
  endTime: "",
  isOnline: false,
  onlineUrl: "",
  venueId: "",
  isPrivate: false,
  rsvp: false,
  currency: "GBP",
  feeMode: "pass",
};

const check = (over: Partial<EventDetailsInput>, opts = { slugLocked: false }) =>
  checkEventDetails({ ...base, ...over }, opts);
const errorsOf = (over: Partial<EventDetailsInput>) => {
  const v = check(over);
  return v.ok ? {} : v.fieldErrors;
};

describe("clock times and dates (spec §5: HH:MM in 24 hours)", () => {
  it("takes 00:00 to 23:59 with two digits each", () => {
    for (const t of ["00:00", "09:05", "19:30", "23:59"]) expect(isClockTime(t), t).toBe(true);
    for (const t of ["24:00", "9:30", "19:60", "7pm", "19.30", "", "19:30:00"]) expect(isClockTime(t), t).toBe(false);
  });
  it("takes real calendar dates only", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("12/01/2027")).toBe(false);
  });
});

describe("slugs and tags", () => {
  it("makes an address from the name, accents and ampersands included", () => {
    expect(slugFromName("Café Jazz & Blues: Live!")).toBe("cafe-jazz-and-blues-live");
    expect(slugFromName("   ")).toBe("");
  });
  it("keeps each tag once, trimmed and lower case", () => {
    expect(parseTags(" Quiz, pub ,quiz,,  Pub Quiz ")).toEqual(["quiz", "pub", "pub quiz"]);
  });
});

describe("checkEventDetails", () => {
  it("answers the details, start in UTC from London time, slug from the name", () => {
    const v = check({});
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.details.slug).toBe("tuesday-quiz-at-the-crown");
    // January: London is on GMT.
    expect(v.details.startsAt.toISOString()).toBe("2027-01-12T19:30:00.000Z");
    expect(v.details.endsAt).toBeNull();
  });

  it("reads summer times in British Summer Time", () => {
    const v = check({ date: "2027-07-13" });
    expect(v.ok && v.details.startsAt.toISOString()).toBe("2027-07-13T18:30:00.000Z");
  });

  it("bounds the name at its length", () => {
    expect(errorsOf({ name: "x".repeat(EVENT_NAME_MAX) }).name).toBeUndefined();
    expect(errorsOf({ name: "x".repeat(EVENT_NAME_MAX + 1) }).name).toMatch(/120 characters/);
    expect(errorsOf({ name: "   " }).name).toMatch(/name/);
  });

  it("refuses a slug outside the spec's characters, and keeps a published event's own", () => {
    expect(errorsOf({ slug: "Quiz Night" }).slug).toMatch(/lowercase/);
    expect(errorsOf({ slug: "quiz_night-2" }).slug).toBeUndefined();
    // Left blank, it is made from the name: a name with no letters or digits gives none, and that is said; no name
    // at all is said of the name alone.
    expect(errorsOf({ name: "!!!", slug: "" }).slug).toMatch(/^Choose a web address/);
    expect(errorsOf({ name: "", slug: "" })).toMatchObject({ name: "Give the event a name." });
    expect(errorsOf({ name: "", slug: "" }).slug).toBeUndefined();
    const locked = checkEventDetails({ ...base, slug: "new-address" }, { slugLocked: true, currentSlug: "old" });
    expect(locked.ok && locked.details.slug).toBe("old");
  });

  it("takes a type and subcategories from the chosen category only", () => {
    expect(errorsOf({ eventType: "stand-up" }).eventType).toMatch(/Pubs & Clubs/);
    expect(errorsOf({ category: "nonsense" }).category).toBeDefined();
    expect(errorsOf({ subcategories: ["stand-up"] }).subcategories).toBeDefined();
    const v = check({ subcategories: ["theme-nights", "quiz-night", "theme-nights"] });
    // The type itself is not repeated as a subcategory.
    expect(v.ok && v.details.subcategories).toEqual(["theme-nights"]);
  });

  it("bounds the tags", () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(",");
    expect(errorsOf({ tags: tags(EVENT_TAGS_MAX) }).tags).toBeUndefined();
    expect(errorsOf({ tags: tags(EVENT_TAGS_MAX + 1) }).tags).toMatch(/at most 10/);
    expect(errorsOf({ tags: "x".repeat(31) }).tags).toMatch(/30 characters/);
  });

  it("names the date and time fields that are wrong, all at once", () => {
    const e = errorsOf({ date: "2027-02-30", time: "7:30" });
    expect(Object.keys(e).sort()).toEqual(["date", "time"]);
  });

  it("takes an end after the start, on the same day when only a time is given", () => {
    const v = check({ endTime: "23:00" });
    expect(v.ok && v.details.endsAt?.toISOString()).toBe("2027-01-12T23:00:00.000Z");
    expect(errorsOf({ endTime: "19:30" }).endTime).toMatch(/after the start/);
    expect(errorsOf({ endDate: "2027-01-13", endTime: "" }).endTime).toMatch(/HH:MM/);
    expect(errorsOf({ endDate: "2027-01-19", endTime: "19:30" }).endDate).toBeUndefined();
    expect(errorsOf({ endDate: "2027-01-19", endTime: "19:31" }).endDate).toMatch(/a week/);
  });

  it("keeps a link for online events and a venue for the rest", () => {
    expect(errorsOf({ isOnline: true, onlineUrl: "http://example.com/live" }).onlineUrl).toMatch(/https/);
    expect(errorsOf({ isOnline: true, onlineUrl: "javascript:alert(1)" }).onlineUrl).toBeDefined();
    const online = check({ isOnline: true, onlineUrl: "https://meet.example.com/quiz", venueId: "v1" });
    expect(online.ok && [online.details.onlineUrl, online.details.venueId]).toEqual([
      "https://meet.example.com/quiz",
      null,
    ]);
    const there = check({ venueId: "v1", onlineUrl: "https://meet.example.com/quiz" });
    expect(there.ok && [there.details.onlineUrl, there.details.venueId]).toEqual([null, "v1"]);
  });
});

describe("repeatDates", () => {
  const at = (iso: string) => new Date(iso);

  it("repeats weekly at the same London time across the clocks going forward", () => {
    // Tuesday 16 March 2027, 19:30 GMT; the clocks go forward on 28 March.
    const dates = repeatDates(
      { startsAt: at("2027-03-16T19:30:00Z"), endsAt: at("2027-03-16T22:00:00Z") },
      "weekly",
      3,
    );
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      "2027-03-16T19:30:00.000Z",
      "2027-03-23T19:30:00.000Z",
      "2027-03-30T18:30:00.000Z",
    ]);
    expect(dates[2]!.endsAt!.toISOString()).toBe("2027-03-30T21:00:00.000Z");
  });

  it("repeats fortnightly", () => {
    const dates = repeatDates({ startsAt: at("2027-01-05T20:00:00Z"), endsAt: null }, "fortnightly", 2);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      "2027-01-05T20:00:00.000Z",
      "2027-01-19T20:00:00.000Z",
    ]);
    expect(dates[1]!.endsAt).toBeNull();
  });

  it("repeats monthly on the same day, or the month's last when it is shorter", () => {
    const dates = repeatDates({ startsAt: at("2027-01-31T19:00:00Z"), endsAt: null }, "monthly", 3);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      "2027-01-31T19:00:00.000Z",
      "2027-02-28T19:00:00.000Z",
      // 31 March is in British Summer Time.
      "2027-03-31T18:00:00.000Z",
    ]);
  });

  it("keeps an event that ends after midnight ending the next day", () => {
    const [, second] = repeatDates(
      { startsAt: at("2027-01-08T22:00:00Z"), endsAt: at("2027-01-09T02:00:00Z") },
      "weekly",
      2,
    );
    expect(second!.endsAt!.toISOString()).toBe("2027-01-16T02:00:00.000Z");
  });
});

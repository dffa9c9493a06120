import { describe, expect, it } from "vitest";
import { type AttentionInput, attentionReasons, dashboardRange, rangeDays } from "./host-dashboard";

describe("the dashboard's range", () => {
  it("is 7, 30 or 90 days from the address, else the spec's default of 7", () => {
    expect(dashboardRange("30")).toBe(30);
    expect(dashboardRange("90")).toBe(90);
    expect(dashboardRange("7")).toBe(7);
    for (const raw of [null, "", "14", "abc", "-7", "7.5", "1e9"]) expect(dashboardRange(raw)).toBe(7);
  });

  it("is today and the days before it in London, from London's midnight", () => {
    // 00:30 on 1 July in London is 23:30 on 30 June in UTC (BST).
    const { days, from } = rangeDays(new Date("2026-06-30T23:30:00Z"), 7);
    expect(days).toEqual([
      "2026-06-25",
      "2026-06-26",
      "2026-06-27",
      "2026-06-28",
      "2026-06-29",
      "2026-06-30",
      "2026-07-01",
    ]);
    expect(from.toISOString()).toBe("2026-06-24T23:00:00.000Z");
    // Across the clocks going back (25 October 2026), each day still starts at London's midnight.
    const winter = rangeDays(new Date("2026-10-27T12:00:00Z"), 7);
    expect(winter.days.at(-1)).toBe("2026-10-27");
    expect(winter.from.toISOString()).toBe("2026-10-20T23:00:00.000Z");
    expect(rangeDays(new Date("2026-10-27T12:00:00Z"), 90).days).toHaveLength(90);
  });
});

describe("what needs the host's attention", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const event: AttentionInput = {
    status: "published",
    isCancelled: false,
    isOnline: false,
    hasVenue: true,
    ticketTypes: 1,
    startsAt: new Date("2026-11-30T19:00:00Z"),
    capacity: 100,
    sold: 40,
  };

  it("names a draft without a venue (unless online) or without tickets", () => {
    const draft = { ...event, status: "draft" };
    expect(attentionReasons({ ...draft, hasVenue: false, ticketTypes: 0, capacity: 0, sold: 0 }, now)).toEqual([
      "draft_without_venue",
      "draft_without_tickets",
    ]);
    expect(attentionReasons({ ...draft, hasVenue: false, isOnline: true }, now)).toEqual([]);
    expect(attentionReasons(draft, now)).toEqual([]);
  });

  it("names a published event starting within seven days with places unsold, to the minute", () => {
    expect(attentionReasons(event, now)).toEqual(["starting_soon_unsold"]);
    const sevenDays = new Date(now.getTime() + 7 * 86_400_000);
    expect(attentionReasons({ ...event, startsAt: sevenDays }, now)).toEqual(["starting_soon_unsold"]);
    expect(attentionReasons({ ...event, startsAt: new Date(sevenDays.getTime() + 60_000) }, now)).toEqual([]);
    expect(attentionReasons({ ...event, startsAt: now }, now)).toEqual([]);
    expect(attentionReasons({ ...event, sold: 100 }, now)).toEqual([]);
    expect(attentionReasons({ ...event, isCancelled: true }, now)).toEqual([]);
    expect(attentionReasons({ ...event, status: "unpublished" }, now)).toEqual([]);
  });
});

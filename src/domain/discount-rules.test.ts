import { describe, expect, it } from "vitest";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import {
  basisPointsForInput,
  DiscountForm,
  discountDraftFrom,
  discountProblems,
  discountState,
  discountValueLabel,
  normaliseCode,
  percentToBasisPoints,
  type DiscountDraft,
} from "./discount-rules";

const s = studioTicketMessages.discounts;
const draft = (d: Partial<DiscountDraft> = {}): DiscountDraft => ({
  name: "Regulars",
  code: "regulars",
  kind: "percent",
  value: 1000,
  isActive: true,
  isPrivate: false,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  eventIds: null,
  ...d,
});

describe("discount codes", () => {
  it("are kept trimmed and lower case", () => {
    expect(normaliseCode("  Crowd10 ")).toBe("crowd10");
  });

  it("are 1 to 40 letters, digits, - and _", () => {
    expect(discountProblems(draft({ code: "" }))).toEqual({ code: s.codeRequired });
    expect(discountProblems(draft({ code: "a" }))).toEqual({});
    expect(discountProblems(draft({ code: "x".repeat(40) }))).toEqual({});
    expect(discountProblems(draft({ code: "x".repeat(41) }))).toEqual({ code: s.codeFormat(40) });
    expect(discountProblems(draft({ code: "two words" }))).toEqual({ code: s.codeFormat(40) });
    expect(discountProblems(draft({ code: "early-bird_2" }))).toEqual({});
  });
});

describe("what a discount takes off", () => {
  it("reads a percentage into basis points and back", () => {
    expect(["10", "12.5", "100", "0.01", "10%", "abc", "1000", "1.234"].map(percentToBasisPoints)).toEqual([
      1000,
      1250,
      10_000,
      1,
      1000,
      null,
      null,
      null,
    ]);
    expect(basisPointsForInput(1250)).toBe("12.5");
    expect(basisPointsForInput(1000)).toBe("10");
  });

  it("is 1% to 100%, or 0% for a private code that only unlocks tickets", () => {
    expect(discountProblems(draft({ value: 99 }))).toEqual({ value: s.percentRange });
    expect(discountProblems(draft({ value: 100 }))).toEqual({});
    expect(discountProblems(draft({ value: 10_000 }))).toEqual({});
    expect(discountProblems(draft({ value: 10_001 }))).toEqual({ value: s.percentRange });
    expect(discountProblems(draft({ value: 0 }))).toEqual({ value: s.percentRange });
    expect(discountProblems(draft({ value: 0, isPrivate: true }))).toEqual({});
    expect(discountProblems(draft({ value: NaN }))).toEqual({ value: s.percentRange });
  });

  it("is 1p to £10,000 off when fixed", () => {
    expect(discountProblems(draft({ kind: "fixed", value: 0 }))).toEqual({ value: s.fixedRange });
    expect(discountProblems(draft({ kind: "fixed", value: 1 }))).toEqual({});
    expect(discountProblems(draft({ kind: "fixed", value: 1_000_000 }))).toEqual({});
    expect(discountProblems(draft({ kind: "fixed", value: 1_000_001 }))).toEqual({ value: s.fixedRange });
  });

  it("says so in words", () => {
    expect(discountValueLabel("percent", 1000)).toBe("10% off");
    expect(discountValueLabel("percent", 1250)).toBe("12.5% off");
    expect(discountValueLabel("fixed", 500)).toBe("£5 off");
    expect(discountValueLabel("percent", 0)).toBe("Unlocks private tickets");
  });
});

describe("a discount's limits", () => {
  it("ends after it starts, allows 1 to 1,000,000 uses, and names at least one event when limited", () => {
    const at = (iso: string) => new Date(iso);
    expect(discountProblems(draft({ startsAt: at("2026-12-01T10:00Z"), endsAt: at("2026-12-01T10:00Z") }))).toEqual({
      endsAt: s.windowOrder,
    });
    expect(discountProblems(draft({ startsAt: at("2026-12-01T10:00Z"), endsAt: at("2026-12-01T10:01Z") }))).toEqual({});
    expect(discountProblems(draft({ maxUses: 0 }))).toEqual({ maxUses: s.maxUsesRange });
    expect(discountProblems(draft({ maxUses: 1 }))).toEqual({});
    expect(discountProblems(draft({ maxUses: 1_000_000 }))).toEqual({});
    expect(discountProblems(draft({ maxUses: 1_000_001 }))).toEqual({ maxUses: s.maxUsesRange });
    expect(discountProblems(draft({ eventIds: [] }))).toEqual({ eventIds: s.eventsRequired });
    expect(discountProblems(draft({ eventIds: ["6c1c3bd1-5f8e-4a51-9a53-2f0b2a9c1c11"] }))).toEqual({});
  });
});

describe("the discount form", () => {
  const event = "6c1c3bd1-5f8e-4a51-9a53-2f0b2a9c1c11";
  it("reads a code, an amount in pounds, a London window and the ticked events", () => {
    const form = DiscountForm.parse({
      name: " Friends ",
      code: " FRIENDS5 ",
      kind: "fixed",
      value: "5",
      isActive: "on",
      startsDate: "2026-07-01",
      startsTime: "18:00",
      maxUses: "20",
      scope: "some",
      eventIds: [event, event],
    });
    const read = discountDraftFrom(form);
    expect(read.ok && read.draft).toEqual({
      name: "Friends",
      code: "friends5",
      kind: "fixed",
      value: 500,
      isActive: true,
      isPrivate: false,
      startsAt: new Date("2026-07-01T17:00:00Z"),
      endsAt: null,
      maxUses: 20,
      eventIds: [event],
    });
  });

  it("works for every event when 'all' is chosen, whatever is ticked", () => {
    const read = discountDraftFrom(DiscountForm.parse({ name: "A", code: "a", value: "10", eventIds: [event] }));
    expect(read.ok && read.draft.eventIds).toBeNull();
  });

  it("names each problem, an event id that is not one among them", () => {
    const read = discountDraftFrom(
      DiscountForm.parse({ name: "", code: "a b", value: "", scope: "some", eventIds: ["x"], endsDate: "2026-01-01" }),
    );
    expect(read.ok ? null : read.error.details?.fields).toEqual({
      name: s.nameRequired,
      code: s.codeFormat(40),
      value: s.percentRange,
      eventIds: s.eventUnknown,
      endsAt: studioTicketMessages.tickets.dateAndTime,
    });
  });
});

describe("where a discount stands", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const d = { isActive: true, startsAt: null, endsAt: null, maxUses: null, uses: 0 };
  it("is off, ended, used up, not started or live", () => {
    expect(discountState(d, now)).toBe("live");
    expect(discountState({ ...d, isActive: false }, now)).toBe("off");
    expect(discountState({ ...d, endsAt: now }, now)).toBe("ended");
    expect(discountState({ ...d, maxUses: 3, uses: 3 }, now)).toBe("used_up");
    expect(discountState({ ...d, maxUses: 3, uses: 2 }, now)).toBe("live");
    expect(discountState({ ...d, startsAt: new Date("2026-11-25T12:00:01Z") }, now)).toBe("scheduled");
  });
});

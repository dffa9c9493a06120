import { describe, expect, it } from "vitest";
import {
  checkCompanions,
  companionLines,
  companionsIn,
  companionTicketsOffered,
  lineLabel,
  mostCompanions,
  suggestedCompanions,
  ticketName,
} from "./companion-tickets";

const line = (ticketTypeId: string, quantity: number, companion = false) => ({ ticketTypeId, quantity, companion });

describe("companionTicketsOffered", () => {
  it("is offered only when the host turned it on and the event has no seat plan", () => {
    expect(companionTicketsOffered({ companionTickets: true, seated: false })).toBe(true);
    expect(companionTicketsOffered({ companionTickets: false, seated: false })).toBe(false);
    expect(companionTicketsOffered({ companionTickets: true, seated: true })).toBe(false);
    expect(companionTicketsOffered({ companionTickets: false, seated: true })).toBe(false);
  });
});

describe("mostCompanions and companionsIn", () => {
  it("allows one companion per ticket booked, never counting companions themselves", () => {
    const lines = [line("a", 2), line("b", 1), line("a", 2, true)];
    expect(mostCompanions(lines)).toBe(3);
    expect(companionsIn(lines)).toBe(2);
  });

  it("is 0 for nothing booked", () => {
    expect(mostCompanions([])).toBe(0);
    expect(companionsIn([line("a", 1)])).toBe(0);
  });
});

describe("suggestedCompanions", () => {
  const needs = (list: ("companion" | "step_free")[]) => ({ needs: list, notes: "" });

  it("starts at 1 when the saved needs include a companion", () => {
    expect(suggestedCompanions({ needs: needs(["companion"]), most: 3, chosen: 0 })).toBe(1);
  });

  it("starts at 0 without that need, without needs, or when none may be added", () => {
    expect(suggestedCompanions({ needs: needs(["step_free"]), most: 3, chosen: 0 })).toBe(0);
    expect(suggestedCompanions({ needs: null, most: 3, chosen: 0 })).toBe(0);
    expect(suggestedCompanions({ needs: needs(["companion"]), most: 0, chosen: 0 })).toBe(0);
  });

  it("keeps what the hold already has, within what may be had", () => {
    expect(suggestedCompanions({ needs: needs(["step_free"]), most: 3, chosen: 2 })).toBe(2);
    expect(suggestedCompanions({ needs: null, most: 1, chosen: 2 })).toBe(1);
  });
});

describe("checkCompanions", () => {
  const base = { offered: true, sharing: true, most: 2 };

  it("takes 0 always, even where none are offered or nothing is shared", () => {
    expect(checkCompanions({ requested: 0, offered: false, sharing: false, most: 0 })).toEqual({ ok: true, count: 0 });
  });

  it("takes 1 and exactly the number of tickets booked, and refuses one more", () => {
    expect(checkCompanions({ ...base, requested: 1 })).toEqual({ ok: true, count: 1 });
    expect(checkCompanions({ ...base, requested: 2 })).toEqual({ ok: true, count: 2 });
    expect(checkCompanions({ ...base, requested: 3 })).toEqual({ ok: false, problem: "out_of_range" });
  });

  it("refuses negative, fractional and unreadable numbers", () => {
    for (const requested of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkCompanions({ ...base, requested })).toEqual({ ok: false, problem: "out_of_range" });
  });

  it("refuses companions where the event doesn't offer them", () => {
    expect(checkCompanions({ ...base, offered: false, requested: 1 })).toEqual({ ok: false, problem: "not_offered" });
  });

  it("refuses companions unless the buyer shares their access needs", () => {
    expect(checkCompanions({ ...base, sharing: false, requested: 1 })).toEqual({ ok: false, problem: "not_sharing" });
  });
});

describe("companionLines", () => {
  it("gives each companion the ticket type of a ticket booked, in the order of the lines", () => {
    const booked = [line("a", 2), line("b", 1)];
    expect(companionLines(booked, 0)).toEqual([]);
    expect(companionLines(booked, 1)).toEqual([{ ticketTypeId: "a", quantity: 1 }]);
    expect(companionLines(booked, 2)).toEqual([{ ticketTypeId: "a", quantity: 2 }]);
    expect(companionLines(booked, 3)).toEqual([
      { ticketTypeId: "a", quantity: 2 },
      { ticketTypeId: "b", quantity: 1 },
    ]);
  });

  it("never places more than one per ticket booked, and ignores companion lines already there", () => {
    expect(companionLines([line("a", 1), line("a", 1, true)], 5)).toEqual([{ ticketTypeId: "a", quantity: 1 }]);
  });
});

describe("names", () => {
  it("marks a companion ticket as free wherever it is listed", () => {
    expect(ticketName("Standing", false)).toBe("Standing");
    expect(ticketName("Standing", true)).toBe("Standing · Companion ticket · free");
    expect(lineLabel({ name: "Standing", quantity: 2 })).toBe("2 × Standing");
    expect(lineLabel({ name: "Standing", quantity: 1, companion: true })).toBe("1 × Companion ticket · free");
  });
});

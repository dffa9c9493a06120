import { describe, expect, it } from "vitest";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { TicketTypeForm, ticketTypeDraftFrom, typedTicketType, wholeNumber } from "./ticket-type-form";

const t = studioTicketMessages.tickets;
const form = (fields: Record<string, string> = {}) =>
  TicketTypeForm.parse({ name: "Early bird", price: "12.50", capacity: "40", maxPerOrder: "6", ...fields });
const fieldsOf = (result: ReturnType<typeof ticketTypeDraftFrom>) =>
  result.ok ? {} : (result.error.details?.fields as Record<string, string>);

describe("the ticket type form", () => {
  it("reads pounds into pence and London times into instants", () => {
    const read = ticketTypeDraftFrom(
      form({
        kind: "scheduled_visible",
        salesStartDate: "2026-07-01",
        salesStartTime: "09:00",
        salesEndDate: "2026-12-05",
        salesEndTime: "19:30",
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.draft).toMatchObject({ name: "Early bird", pricePence: 1250, capacity: 40, maxPerOrder: 6 });
    // Summer time in July (UTC+1), Greenwich time in December.
    expect(read.draft.salesStartAt).toEqual(new Date("2026-07-01T08:00:00Z"));
    expect(read.draft.salesEndAt).toEqual(new Date("2026-12-05T19:30:00Z"));
    expect(read.seatSectionId).toBeNull();
  });

  it("takes an empty price as free and ten per order when none is given", () => {
    const read = ticketTypeDraftFrom(form({ price: "", maxPerOrder: "" }));
    expect(read.ok && read.draft).toMatchObject({ pricePence: 0, maxPerOrder: 10 });
  });

  it("names every problem at once, each beside its field", () => {
    const read = ticketTypeDraftFrom(
      form({ name: "", price: "twelve", capacity: "-3", salesStartDate: "2026-07-01", salesEndTime: "7pm" }),
    );
    expect(fieldsOf(read)).toEqual({
      name: t.nameRequired,
      price: t.priceFormat,
      capacity: t.capacityRange,
      salesStart: t.dateAndTime,
      salesEnd: t.dateAndTime,
    });
  });

  it("tells a price too large to read the limit, and words that are not a price how to write one", () => {
    for (const price of ["999999999", "£12,000,000.00", "€12,000,000", "10000.01"])
      expect(fieldsOf(ticketTypeDraftFrom(form({ price }))), price).toEqual({ price: t.priceRange });
    // Pay what you wish: the price is the least a buyer may pay, and is told so.
    expect(fieldsOf(ticketTypeDraftFrom(form({ price: "999999999", payWhatYouWish: "on" })))).toEqual({
      price: t.minimumRange,
    });
    for (const price of ["12.345", "£", "1e9", "-5"])
      expect(fieldsOf(ticketTypeDraftFrom(form({ price }))), price).toEqual({ price: t.priceFormat });
  });

  it("wants 'HH:MM' on the 24-hour clock and a real date", () => {
    expect(fieldsOf(ticketTypeDraftFrom(form({ salesEndDate: "2026-12-05", salesEndTime: "7:30" })))).toEqual({
      salesEnd: t.timeFormat,
    });
    expect(fieldsOf(ticketTypeDraftFrom(form({ salesEndDate: "2026-12-05", salesEndTime: "24:00" })))).toEqual({
      salesEnd: t.timeFormat,
    });
    expect(fieldsOf(ticketTypeDraftFrom(form({ salesEndDate: "2026-02-30", salesEndTime: "19:30" })))).toEqual({
      salesEnd: t.dateFormat,
    });
  });

  it("asks a scheduled ticket for its window", () => {
    expect(fieldsOf(ticketTypeDraftFrom(form({ kind: "scheduled_hidden" })))).toEqual({ salesStart: t.windowNeeded });
  });

  it("refuses a kind it does not know as a malformed form", () => {
    expect(TicketTypeForm.safeParse({ kind: "vip" }).success).toBe(false);
  });

  it("gives back what was typed, the tick as 'on'", () => {
    expect(typedTicketType(form({ payWhatYouWish: "on" }))).toMatchObject({ price: "12.50", payWhatYouWish: "on" });
  });

  it("reads whole numbers only", () => {
    expect([wholeNumber("12"), wholeNumber(" 7 "), wholeNumber("1.5"), wholeNumber(""), wholeNumber("1e3")]).toEqual([
      12,
      7,
      NaN,
      NaN,
      NaN,
    ]);
  });
});

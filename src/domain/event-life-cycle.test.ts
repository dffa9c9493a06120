import { describe, expect, it } from "vitest";
import { messages } from "~/texts/messages";
import { studioMessages } from "~/texts/studio-messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import {
  capacityAllowed,
  copyName,
  displayStatus,
  EVENT_NAME_MAX,
  eventMenu,
  mayCancelFreeOrders,
  mayDo,
  mayEdit,
  saleWindowProblem,
  TICKET_TYPES_MAX,
  ticketPriceAllowed,
  ticketTypeProblems,
  type TicketTypeDraft,
  onSale,
  statusAfter,
  ticketTypeCountAfter,
  type EventSales,
  type LifeCycleEvent,
} from "./event-life-cycle";

const draft = (e: Partial<LifeCycleEvent> = {}): LifeCycleEvent => ({
  status: "draft",
  isCancelled: false,
  isOnline: false,
  hasVenue: true,
  hasOnlineLink: false,
  ticketTypes: 1,
  hasEnded: false,
  ...e,
});
const none: EventSales = { paidTickets: 0, freeTickets: 0, revenuePence: 0 };
const refusal = (message: string) => ({ ok: false, message });
const s = studioMessages;

describe("publishing", () => {
  it("needs at least one ticket type and a venue, or for an online event its link", () => {
    expect(mayDo("publish", draft(), none)).toEqual({ ok: true });
    expect(mayDo("publish", draft({ ticketTypes: 0 }), none)).toEqual(refusal(s.publishNeedsTickets));
    expect(mayDo("publish", draft({ hasVenue: false }), none)).toEqual(refusal(s.publishNeedsVenue));
    expect(mayDo("publish", draft({ isOnline: true, hasVenue: false }), none)).toEqual(refusal(s.publishNeedsLink));
    expect(mayDo("publish", draft({ isOnline: true, hasVenue: false, hasOnlineLink: true }), none)).toEqual({
      ok: true,
    });
  });

  it("refuses an event whose date has passed, which nobody could go to", () => {
    expect(mayDo("publish", draft({ hasEnded: true }), none)).toEqual(refusal(s.publishEnded));
    expect(mayDo("publish", draft({ status: "unpublished", hasEnded: true }), none)).toEqual(refusal(s.publishEnded));
  });

  it("brings an unpublished event back, and publishing twice changes nothing", () => {
    expect(mayDo("publish", draft({ status: "unpublished" }), none)).toEqual({ ok: true });
    expect(mayDo("publish", draft({ status: "published" }), none)).toEqual({ ok: true });
    expect(statusAfter("publish", "unpublished")).toBe("published");
  });
});

describe("unpublishing", () => {
  it("is refused once a single ticket is sold, paid or free", () => {
    const published = draft({ status: "published" });
    expect(mayDo("unpublish", published, none)).toEqual({ ok: true });
    expect(mayDo("unpublish", published, { ...none, freeTickets: 1 })).toEqual(refusal(s.cannotUnpublishSold));
    expect(mayDo("unpublish", published, { ...none, paidTickets: 1, revenuePence: 1 })).toEqual(
      refusal(s.cannotUnpublishSold),
    );
  });

  it("only applies to a published event", () => {
    expect(mayDo("unpublish", draft(), none)).toEqual(refusal(messages.generic.operationFailed));
  });
});

describe("deleting", () => {
  it("a paid event that took money can only be archived, down to a penny", () => {
    const sold = { paidTickets: 1, freeTickets: 0, revenuePence: 1 };
    expect(mayDo("delete", draft({ status: "published" }), sold)).toEqual(refusal(s.cannotDeleteRevenue));
    expect(mayDo("archive", draft({ status: "published" }), sold)).toEqual({ ok: true });
  });

  it("is blocked while free tickets stand, until they are cancelled", () => {
    const published = draft({ status: "published" });
    expect(mayDo("delete", published, { ...none, freeTickets: 1 })).toEqual(refusal(s.cannotDeleteFreeSold));
    expect(mayDo("delete", published, none)).toEqual({ ok: true });
  });

  it("a paid order refunded in full leaves no revenue, but its tickets still stand until cancelled", () => {
    expect(mayDo("delete", draft(), { paidTickets: 2, freeTickets: 0, revenuePence: 0 })).toEqual(
      refusal(s.cannotDeleteSold),
    );
  });

  it("a deleted event can do nothing more", () => {
    for (const action of ["publish", "unpublish", "archive", "delete", "cancel", "duplicate", "edit"] as const)
      expect(mayDo(action, draft({ status: "deleted" }), none)).toEqual(refusal(s.deleted));
    expect(statusAfter("delete", "draft")).toBe("deleted");
  });
});

describe("archiving and cancelling", () => {
  it("archiving takes the event off sale, and an archived event is copied, not reopened", () => {
    const archived = draft({ status: "archived" });
    expect(statusAfter("archive", "published")).toBe("archived");
    expect(onSale(archived)).toBe(false);
    expect(mayDo("archive", archived, none)).toEqual(refusal(messages.generic.operationFailed));
    for (const action of ["publish", "unpublish", "edit"] as const)
      expect(mayDo(action, archived, none)).toEqual(refusal(s.archivedNoChange));
    expect(mayDo("duplicate", archived, none)).toEqual({ ok: true });
  });

  it("a cancelled event may be archived or copied, and nothing else", () => {
    const cancelled = draft({ status: "published", isCancelled: true });
    expect(onSale(cancelled)).toBe(false);
    expect(mayDo("cancel", cancelled, none)).toEqual(refusal(s.alreadyCancelled));
    expect(mayDo("publish", cancelled, none)).toEqual(refusal(s.notWhileCancelled));
    expect(mayDo("edit", cancelled, none)).toEqual(refusal(s.notWhileCancelled));
    expect(mayDo("archive", cancelled, none)).toEqual({ ok: true });
    expect(mayDo("duplicate", cancelled, none)).toEqual({ ok: true });
  });

  it("only a published, uncancelled event is on sale", () => {
    expect(onSale(draft({ status: "published" }))).toBe(true);
    for (const status of ["draft", "unpublished", "archived", "deleted"] as const)
      expect(onSale(draft({ status }))).toBe(false);
  });
});

describe("ticket types", () => {
  it("stay between 1 and 10", () => {
    expect(ticketTypeCountAfter(0, "add")).toEqual({ ok: true });
    expect(ticketTypeCountAfter(9, "add")).toEqual({ ok: true });
    expect(ticketTypeCountAfter(10, "add")).toEqual(refusal(s.ticketTypesMaximum));
    expect(ticketTypeCountAfter(2, "remove")).toEqual({ ok: true });
    expect(ticketTypeCountAfter(1, "remove")).toEqual(refusal(s.ticketTypesMinimum));
  });

  it("never hold fewer places than they have sold", () => {
    expect(capacityAllowed(5, 5)).toEqual({ ok: true });
    expect(capacityAllowed(4, 5)).toEqual(refusal("Capacity can't be less than the 5 tickets already sold."));
    expect(capacityAllowed(0, 1)).toEqual(refusal("Capacity can't be less than the 1 ticket already sold."));
    expect(capacityAllowed(0, 0)).toEqual({ ok: true });
  });
});

describe("what a host sees and may choose", () => {
  it("shows cancelled over any status, and a deleted event as deleted", () => {
    expect(displayStatus(draft({ status: "published", isCancelled: true }))).toBe("cancelled");
    expect(displayStatus(draft({ status: "archived", isCancelled: true }))).toBe("cancelled");
    expect(displayStatus(draft({ status: "unpublished" }))).toBe("unpublished");
    expect(displayStatus(draft({ status: "deleted", isCancelled: true }))).toBe("deleted");
  });

  it("cancels free bookings only when there is one, and never on a deleted event", () => {
    expect(mayCancelFreeOrders(draft(), none)).toEqual(refusal(lifeCycleMessages.noFreeBookings));
    expect(mayCancelFreeOrders(draft(), { ...none, freeTickets: 1 })).toEqual({ ok: true });
    expect(mayCancelFreeOrders(draft({ status: "deleted" }), { ...none, freeTickets: 1 })).toEqual(refusal(s.deleted));
  });

  const menuOf = (e: LifeCycleEvent, sales: EventSales) =>
    eventMenu(e, sales).map((i) => (i.verdict.ok ? i.action : `${i.action}: ${i.verdict.message}`));

  it("offers a draft publishing, copying, archiving, cancelling and deleting", () => {
    expect(menuOf(draft(), none)).toEqual(["publish", "duplicate", "archive", "cancel", "delete"]);
    // Refused actions stay, with the reason.
    expect(menuOf(draft({ hasVenue: false }), none)[0]).toBe(`publish: ${s.publishNeedsVenue}`);
  });

  it("offers a published event unpublishing until the first ticket sells", () => {
    const published = draft({ status: "published" });
    expect(menuOf(published, none)).toEqual(["unpublish", "duplicate", "archive", "cancel", "delete"]);
    expect(menuOf(published, { ...none, paidTickets: 1, revenuePence: 1000 })).toEqual([
      `unpublish: ${s.cannotUnpublishSold}`,
      "duplicate",
      "archive",
      "cancel",
      `delete: ${s.cannotDeleteRevenue}`,
    ]);
  });

  it("offers to cancel free bookings when they alone stand in the way of deleting", () => {
    const published = draft({ status: "published" });
    expect(menuOf(published, { ...none, freeTickets: 2 })).toEqual([
      `unpublish: ${s.cannotUnpublishSold}`,
      "duplicate",
      "archive",
      "cancel",
      "cancel_free_orders",
      `delete: ${s.cannotDeleteFreeSold}`,
    ]);
    // With paid tickets too, cancelling the free ones would not let it be deleted: not offered.
    expect(menuOf(published, { paidTickets: 1, freeTickets: 2, revenuePence: 500 })).not.toContain(
      "cancel_free_orders",
    );
  });

  it("offers an archived event copying, a cancelled one archiving and copying, a deleted one nothing", () => {
    expect(menuOf(draft({ status: "archived" }), none)).toEqual(["duplicate", "cancel", "delete"]);
    expect(menuOf(draft({ status: "published", isCancelled: true }), none)).toEqual([
      "duplicate",
      "archive",
      `delete: ${s.notWhileCancelled}`,
    ]);
    expect(eventMenu(draft({ status: "deleted" }), none)).toEqual([]);
  });

  it("names a copy after the original, never past the longest name", () => {
    expect(copyName("Open Mic Night")).toBe("Open Mic Night (copy)");
    const long = "x".repeat(EVENT_NAME_MAX);
    expect(copyName(long)).toHaveLength(EVENT_NAME_MAX);
    expect(copyName(long).endsWith(" (copy)")).toBe(true);
    // Cut at a space: no double space before the mark.
    expect(copyName(`${"y".repeat(EVENT_NAME_MAX - 8)} tail`)).toBe(`${"y".repeat(EVENT_NAME_MAX - 8)} (copy)`);
  });
});

describe("ticket type bounds at every edge (spec §5: 1 to 10)", () => {
  it.each([
    [0, "add", true],
    [1, "add", true],
    [9, "add", true],
    [10, "add", false],
    [11, "add", false],
    [0, "remove", false],
    [1, "remove", false],
    [2, "remove", true],
    [10, "remove", true],
    [11, "remove", true],
  ] as const)("%i ticket types, %s: allowed %s", (count, change, allowed) => {
    const verdict = ticketTypeCountAfter(count, change);
    expect(verdict.ok).toBe(allowed);
    if (!verdict.ok) expect(verdict.message).toBe(change === "add" ? s.ticketTypesMaximum : s.ticketTypesMinimum);
  });

  it("the maximum is ten", () => expect(TICKET_TYPES_MAX).toBe(10));
});

describe("capacity against what is sold and held", () => {
  it("may equal sold plus held, never less", () => {
    expect(capacityAllowed(5, 5, 0)).toEqual({ ok: true });
    expect(capacityAllowed(4, 5, 0)).toEqual(refusal(s.capacityBelowSold(5)));
    expect(capacityAllowed(8, 5, 3)).toEqual({ ok: true });
    expect(capacityAllowed(7, 5, 3)).toEqual(
      refusal("8 places are sold or held at checkout, so capacity can't go below that."),
    );
    expect(capacityAllowed(2, 0, 3)).toEqual(refusal(studioTicketMessages.tickets.capacityBelowTaken(0, 3)));
  });
});

const ticket = (d: Partial<TicketTypeDraft> = {}): TicketTypeDraft => ({
  name: "General admission",
  description: null,
  kind: "general",
  pricePence: 1000,
  payWhatYouWish: false,
  capacity: 100,
  maxPerOrder: 10,
  salesStartAt: null,
  salesEndAt: null,
  ...d,
});
const t = studioTicketMessages.tickets;

describe("a ticket type's fields", () => {
  it("a sound ticket type has no problems", () => {
    expect(ticketTypeProblems(ticket())).toEqual({});
  });

  it("needs a name of at most 80 characters", () => {
    expect(ticketTypeProblems(ticket({ name: "  " }))).toEqual({ name: t.nameRequired });
    expect(ticketTypeProblems(ticket({ name: "x".repeat(80) }))).toEqual({});
    expect(ticketTypeProblems(ticket({ name: "x".repeat(81) }))).toEqual({ name: t.nameTooLong(80) });
    expect(ticketTypeProblems(ticket({ description: "x".repeat(301) }))).toEqual({
      description: t.descriptionTooLong(300),
    });
  });

  it("is free or from £1.00 to £10,000", () => {
    expect([0, 1, 99, 100, 1_000_000, 1_000_001, -1, 12.5].map(ticketPriceAllowed)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(ticketTypeProblems(ticket({ pricePence: 50 }))).toEqual({ price: t.priceRange });
    expect(ticketTypeProblems(ticket({ pricePence: 50, payWhatYouWish: true }))).toEqual({ price: t.minimumRange });
    expect(ticketTypeProblems(ticket({ pricePence: 0, payWhatYouWish: true }))).toEqual({});
  });

  it("has 0 to 100,000 places and 1 to 50 per order", () => {
    expect(ticketTypeProblems(ticket({ capacity: 0 }))).toEqual({});
    expect(ticketTypeProblems(ticket({ capacity: 100_000 }))).toEqual({});
    expect(ticketTypeProblems(ticket({ capacity: 100_001 }))).toEqual({ capacity: t.capacityRange });
    expect(ticketTypeProblems(ticket({ capacity: -1 }))).toEqual({ capacity: t.capacityRange });
    expect(ticketTypeProblems(ticket({ capacity: NaN }))).toEqual({ capacity: t.capacityRange });
    expect(ticketTypeProblems(ticket({ maxPerOrder: 0 }))).toEqual({ maxPerOrder: t.maxPerOrderRange(50) });
    expect(ticketTypeProblems(ticket({ maxPerOrder: 1 }))).toEqual({});
    expect(ticketTypeProblems(ticket({ maxPerOrder: 50 }))).toEqual({});
    expect(ticketTypeProblems(ticket({ maxPerOrder: 51 }))).toEqual({ maxPerOrder: t.maxPerOrderRange(50) });
  });
});

describe("sale windows", () => {
  const at = (iso: string) => new Date(iso);
  it("scheduled tickets need both ends; any window ends after it starts", () => {
    for (const kind of ["scheduled_visible", "scheduled_hidden"] as const) {
      expect(saleWindowProblem(kind, null, null)).toEqual({ field: "salesStart", message: t.windowNeeded });
      expect(saleWindowProblem(kind, at("2026-12-01T10:00Z"), null)).toEqual({
        field: "salesEnd",
        message: t.windowNeeded,
      });
      expect(saleWindowProblem(kind, at("2026-12-01T10:00Z"), at("2026-12-01T10:01Z"))).toBeNull();
    }
    expect(saleWindowProblem("general", null, null)).toBeNull();
    expect(saleWindowProblem("private", at("2026-12-01T10:00Z"), null)).toBeNull();
    expect(saleWindowProblem("general", null, at("2026-12-01T10:00Z"))).toBeNull();
    expect(saleWindowProblem("general", at("2026-12-01T10:00Z"), at("2026-12-01T10:00Z"))).toEqual({
      field: "salesEnd",
      message: t.windowOrder,
    });
    expect(saleWindowProblem("general", at("2026-12-01T10:00Z"), at("2026-12-01T09:59Z"))).toEqual({
      field: "salesEnd",
      message: t.windowOrder,
    });
  });
});

describe("editing an event's tickets, survey and discounts", () => {
  it("is for events not cancelled, archived or deleted", () => {
    expect(mayEdit({ status: "draft", isCancelled: false })).toEqual({ ok: true });
    expect(mayEdit({ status: "published", isCancelled: false })).toEqual({ ok: true });
    expect(mayEdit({ status: "unpublished", isCancelled: false })).toEqual({ ok: true });
    expect(mayEdit({ status: "archived", isCancelled: false })).toEqual(refusal(s.archivedNoChange));
    expect(mayEdit({ status: "published", isCancelled: true })).toEqual(refusal(s.notWhileCancelled));
    expect(mayEdit({ status: "deleted", isCancelled: false })).toEqual(refusal(s.deleted));
  });
});

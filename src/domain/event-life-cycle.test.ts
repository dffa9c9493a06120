import { describe, expect, it } from "vitest";
import { messages } from "~/texts/messages";
import {
  capacityAllowed,
  mayDo,
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
  ...e,
});
const none: EventSales = { paidTickets: 0, freeTickets: 0, revenuePence: 0 };
const refusal = (message: string) => ({ ok: false, message });
const s = messages.studio;

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

import { describe, expect, it } from "vitest";
import { recipientProblem, transferProblem } from "./ticket-transfer";

const now = new Date("2026-11-24T12:00:00Z");
const event = { startsAt: new Date("2026-12-01T19:00:00Z"), endsAt: null, isCancelled: false };
const opts = { holderId: "bea", now, cancellationPending: false };

describe("passing a ticket on", () => {
  it("is allowed for the holder of a valid ticket before the event ends", () => {
    expect(transferProblem({ status: "valid", holderUserId: "bea" }, event, opts)).toBeNull();
  });

  it("is blocked once checked in, cancelled, ended, pending cancellation, or not theirs", () => {
    expect(transferProblem({ status: "checked_in", holderUserId: "bea" }, event, opts)).toBe("checked_in");
    expect(transferProblem({ status: "void", holderUserId: "bea" }, event, opts)).toBe("void");
    expect(transferProblem({ status: "valid", holderUserId: "friend" }, event, opts)).toBe("not_yours");
    // No end time: the event is over at the end of its London day.
    expect(
      transferProblem({ status: "valid", holderUserId: "bea" }, event, {
        ...opts,
        now: new Date("2026-12-02T00:00:00Z"),
      }),
    ).toBe("ended");
    expect(transferProblem({ status: "valid", holderUserId: "bea" }, { ...event, isCancelled: true }, opts)).toBe(
      "cancelled_event",
    );
    expect(
      transferProblem({ status: "valid", holderUserId: "bea" }, event, { ...opts, cancellationPending: true }),
    ).toBe("cancellation_pending");
  });

  it("needs a friend's valid address, not the sender's own", () => {
    expect(recipientProblem("sam@example.com", "bea@example.com")).toBeNull();
    expect(recipientProblem("", "bea@example.com")).toMatch(/Enter/);
    expect(recipientProblem("not-an-email", "bea@example.com")).toMatch(/Invalid email/);
    expect(recipientProblem(" BEA@example.com ", "bea@example.com")).toMatch(/your own/);
  });
});

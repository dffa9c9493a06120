import { describe, expect, it } from "vitest";
import { isSoldTicketState, soldTicketState } from "./sales-desk";

describe("a sold ticket's state on the desk", () => {
  it("reads the order first: refunded and cancelled orders' tickets are that, even if scanned before", () => {
    expect(soldTicketState("refunded", "void")).toBe("refunded");
    expect(soldTicketState("refunded", "checked_in")).toBe("refunded");
    expect(soldTicketState("cancelled", "void")).toBe("cancelled");
    expect(soldTicketState("cancelled", "checked_in")).toBe("cancelled");
  });

  it("then the ticket: void on its own is cancelled; otherwise checked in or valid", () => {
    expect(soldTicketState("paid", "void")).toBe("cancelled");
    expect(soldTicketState("paid", "checked_in")).toBe("checked_in");
    expect(soldTicketState("free", "valid")).toBe("valid");
  });

  it("knows its four states by name and nothing else", () => {
    expect(["valid", "checked_in", "cancelled", "refunded"].every(isSoldTicketState)).toBe(true);
    expect(isSoldTicketState("void")).toBe(false);
    expect(isSoldTicketState("")).toBe(false);
  });
});

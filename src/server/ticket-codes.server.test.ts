import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTicketCodes, EVENT_KEYS_KEPT } from "./ticket-codes.server";

describe("ticket codes", () => {
  it("keeps a bounded number of keys, however many event ids it is asked for, and still checks codes", async () => {
    const codes = createTicketCodes("a test ticket secret that is long enough");
    const eventId = randomUUID();
    const code = await codes.sign(eventId, randomUUID());
    // A stranger at the door names a new event each time: every answer is no, and nothing piles up.
    for (let i = 0; i < EVENT_KEYS_KEPT + 500; i++) expect((await codes.verify(randomUUID(), code)).ok).toBe(false);
    expect(codes.keysKept()).toBe(EVENT_KEYS_KEPT);
    // The first event's key was let go, and is made again: its code still checks.
    expect((await codes.verify(eventId, code)).ok).toBe(true);
    expect(codes.keysKept()).toBe(EVENT_KEYS_KEPT);
  });
});

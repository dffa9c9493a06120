import { createHmac, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base32, eventKey, signTicketCode, verifyTicketCode, type Hmac } from "./ticket-codes";

const hmac: Hmac = (key, message) => new Uint8Array(createHmac("sha256", key).update(message).digest());
const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes");

describe("ticket codes", () => {
  it("signs a ticket so its event's key verifies it and names the ticket back", async () => {
    const key = await eventKey(secret, "event-1", hmac);
    const ticketId = "0b9f7e7c-2f7a-4c1e-9a55-6d5c1f4b2a10";
    const code = await signTicketCode(key, ticketId, hmac);
    expect(code).toMatch(/^TB1\.[0-9A-Z]{26}\.[0-9A-Z]{16}$/);
    expect(await verifyTicketCode(key, code, hmac)).toEqual({ ok: true, ticketId, version: 0 });
    // Typed by hand at the door: case and spaces do not matter.
    expect(await verifyTicketCode(key, ` ${code.toLowerCase()} `, hmac)).toEqual({ ok: true, ticketId, version: 0 });
  });

  it("refuses another event's key, a changed character, and junk", async () => {
    const key = await eventKey(secret, "event-1", hmac);
    const other = await eventKey(secret, "event-2", hmac);
    const code = await signTicketCode(key, randomUUID(), hmac);
    expect(await verifyTicketCode(other, code, hmac)).toEqual({ ok: false, reason: "forged" });
    const last = code.at(-1) === "0" ? "1" : "0";
    expect(await verifyTicketCode(key, code.slice(0, -1) + last, hmac)).toEqual({ ok: false, reason: "forged" });
    for (const junk of [
      "",
      "TB1",
      "TB1..",
      "TB2.AAAA.BBBB",
      "https://example.com",
      "TB1.ILOU0000000000000000000000.0000000000000000",
    ]) {
      expect((await verifyTicketCode(key, junk, hmac)).ok, junk).toBe(false);
    }
  });

  it("round-trips any ticket id", async () => {
    const key = await eventKey(secret, "e", hmac);
    await fc.assert(
      fc.asyncProperty(fc.uuid(), async (id) => {
        const result = await verifyTicketCode(key, await signTicketCode(key, id, hmac), hmac);
        expect(result).toEqual({ ok: true, ticketId: id.toLowerCase(), version: 0 });
      }),
    );
  });

  it("re-issues a code at each new version, and tells every version apart", async () => {
    const key = await eventKey(secret, "event-1", hmac);
    const ticketId = randomUUID();
    const first = await signTicketCode(key, ticketId, hmac);
    const second = await signTicketCode(key, ticketId, hmac, 1);
    const third = await signTicketCode(key, ticketId, hmac, 2);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(second).toMatch(/^TB1\.[0-9A-Z]{26}\.1\.[0-9A-Z]{16}$/);
    expect(await verifyTicketCode(key, second, hmac)).toEqual({ ok: true, ticketId, version: 1 });
    expect(await verifyTicketCode(key, third, hmac)).toEqual({ ok: true, ticketId, version: 2 });
    // A version can't be changed or added to an old code: the signature covers it.
    const [p, id, v, sig] = second.split(".");
    expect((await verifyTicketCode(key, [p, id, "2", sig].join("."), hmac)).ok).toBe(false);
    expect((await verifyTicketCode(key, [p, id, "1", first.split(".")[2]].join("."), hmac)).ok).toBe(false);
    for (const junk of [
      [p, id, "0", sig],
      [p, id, "01", sig],
      [p, id, "-1", sig],
      [p, id, v, v, sig],
    ]) {
      expect((await verifyTicketCode(key, junk.join("."), hmac)).ok, junk.join(".")).toBe(false);
    }
  });

  it("round-trips any ticket id at any version", async () => {
    const key = await eventKey(secret, "e", hmac);
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.integer({ min: 0, max: 1_000_000 }), async (id, version) => {
        expect(await verifyTicketCode(key, await signTicketCode(key, id, hmac, version), hmac)).toEqual({
          ok: true,
          ticketId: id.toLowerCase(),
          version,
        });
      }),
    );
  });

  it("encodes base32 without ambiguous letters", () => {
    expect(base32(new Uint8Array([0xff, 0xff]))).toBe("ZZZG");
    expect(base32(new Uint8Array(10))).not.toMatch(/[ILOU]/);
  });
});

import { createHmac } from "node:crypto";
import { eventKey, signTicketCode, verifyTicketCode, type Hmac } from "~/domain/ticket-codes";

const hmac: Hmac = (key, message) => new Uint8Array(createHmac("sha256", key).update(message).digest());

/** Signs and checks ticket codes with the app's ticket secret (generated once, kept in the database). */
export function createTicketCodes(secret: string) {
  const master = new TextEncoder().encode(secret);
  const keys = new Map<string, Promise<Uint8Array>>();
  const keyFor = (eventId: string) => {
    let key = keys.get(eventId);
    if (!key) {
      key = eventKey(master, eventId, hmac);
      keys.set(eventId, key);
    }
    return key;
  };
  return {
    sign: async (eventId: string, ticketId: string) => signTicketCode(await keyFor(eventId), ticketId, hmac),
    verify: async (eventId: string, code: string) => verifyTicketCode(await keyFor(eventId), code, hmac),
    /** The key a door device needs for one event's tickets. */
    eventKey: keyFor,
  };
}

export type TicketCodes = ReturnType<typeof createTicketCodes>;

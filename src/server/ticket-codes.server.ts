import { createHash, createHmac } from "node:crypto";
import type { Db } from "~/db/client.server";
import {
  base32,
  codeFingerprint,
  eventKey,
  type Hmac,
  type Sha256,
  signTicketCode,
  verifyTicketCode,
} from "~/domain/ticket-codes";
import { getOrCreateSecret } from "~/services/app-secrets";

const hmac: Hmac = (key, message) => new Uint8Array(createHmac("sha256", key).update(message).digest());
const sha256: Sha256 = (data) => new Uint8Array(createHash("sha256").update(data).digest());

/**
 * Events' keys kept at once. A key is one HMAC away, so the kept ones are only a saving for the events being scanned
 * and sold now; the bound matters because the door asks for the key of whatever event id a request names, before it
 * knows whether the request may scan there, and a stranger can name a new one each time.
 */
export const EVENT_KEYS_KEPT = 2_000;

/** Signs and checks ticket codes with the app's ticket secret (generated once, kept in the database). */
export function createTicketCodes(secret: string) {
  const master = new TextEncoder().encode(secret);
  const keys = new Map<string, Promise<Uint8Array>>();
  const keyFor = (eventId: string) => {
    let key = keys.get(eventId);
    if (key) {
      // Most recently used last, so the least recently used goes first when the map is full.
      keys.delete(eventId);
    } else {
      key = eventKey(master, eventId, hmac);
      if (keys.size >= EVENT_KEYS_KEPT) keys.delete(keys.keys().next().value!);
    }
    keys.set(eventId, key);
    return key;
  };
  const sign = async (eventId: string, ticketId: string, version = 0) =>
    signTicketCode(await keyFor(eventId), ticketId, hmac, version);
  return {
    sign,
    verify: async (eventId: string, code: string) => verifyTicketCode(await keyFor(eventId), code, hmac),
    /** What a door device's offline list holds of a ticket's current code: enough to know it, not to make it. */
    fingerprint: async (eventId: string, ticketId: string, version: number) =>
      codeFingerprint(await sign(eventId, ticketId, version), sha256),
    /** The `?key=` a host shares to unlock a private ticket type: unguessable, and checkable without storing it. */
    unlockKey: (ticketTypeId: string) => base32(hmac(master, `unlock:${ticketTypeId}`) as Uint8Array).slice(0, 16),
    /** How many events' keys are kept now (never more than EVENT_KEYS_KEPT). */
    keysKept: () => keys.size,
  };
}

export type TicketCodes = ReturnType<typeof createTicketCodes>;

/** The ticket codes of this installation: its secret is made once and kept in the database. */
export async function loadTicketCodes(db: Db): Promise<TicketCodes> {
  return createTicketCodes(await getOrCreateSecret(db, "tickets"));
}

/**
 * Ticket codes the door can check without a connection. A code names its ticket and carries a
 * signature made with the event's own key (an HMAC of the event id under the app's secret), so a
 * door device given that one event's key can tell a real ticket from a made-up one offline, and a
 * key for one event says nothing about another.
 *
 * Format: `TB1.<ticket id, 26 Crockford base32>.<signature, 16 base32>`, and for a ticket re-issued
 * (passed to a friend) `TB1.<id>.<version>.<signature>`: the version is signed with the id, so each
 * re-issue makes a new code and the door can tell the current one from an old one. Pure: the caller
 * passes an HMAC function (node:crypto on the server, WebCrypto in the browser).
 */
export type Hmac = (key: Uint8Array, message: string) => Uint8Array | Promise<Uint8Array>;
export type Sha256 = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PREFIX = "TB1";

export function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError(`Not a UUID: ${uuid}`);
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function uuidFromBase32(text: string): string | null {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(text)) return null;
  let buffer = 0n;
  for (const ch of text) buffer = (buffer << 5n) | BigInt(ALPHABET.indexOf(ch));
  // 26 × 5 = 130 bits: the last two are padding.
  buffer >>= 2n;
  const hex = buffer.toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key for one event's tickets, derived from the app's secret. */
export async function eventKey(secret: Uint8Array, eventId: string, hmac: Hmac): Promise<Uint8Array> {
  return hmac(secret, `ticket-key:${eventId}`);
}

async function signature(key: Uint8Array, ticketId: string, version: number, hmac: Hmac): Promise<string> {
  return base32((await hmac(key, version === 0 ? `ticket:${ticketId}` : `ticket:${ticketId}:${version}`)).slice(0, 10));
}

/** The code for a ticket at a version (0 when first issued; one more each time it is re-issued). */
export async function signTicketCode(key: Uint8Array, ticketId: string, hmac: Hmac, version = 0): Promise<string> {
  if (!Number.isSafeInteger(version) || version < 0) throw new RangeError(`Not a code version: ${version}`);
  const id = base32(uuidBytes(ticketId));
  const sig = await signature(key, ticketId, version, hmac);
  return version === 0 ? `${PREFIX}.${id}.${sig}` : `${PREFIX}.${id}.${version}.${sig}`;
}

export type CodeCheck = { ok: true; ticketId: string; version: number } | { ok: false; reason: "malformed" | "forged" };

/**
 * The ticket a code names and its version, if it is shaped like one of our codes, signature unchecked:
 * the door uses it to tell another event's ticket from a made-up code.
 */
export function parseTicketCode(code: string): { ticketId: string; version: number } | null {
  const parts = code.trim().toUpperCase().split(".");
  const [prefix, id] = parts;
  const versionText = parts.length === 4 ? parts[2]! : "0";
  if (prefix !== PREFIX || !id || (parts.length !== 3 && parts.length !== 4) || !/^(0|[1-9]\d{0,8})$/.test(versionText))
    return null;
  const version = Number(versionText);
  if (parts.length === 4 && version === 0) return null;
  const ticketId = uuidFromBase32(id);
  return ticketId ? { ticketId, version } : null;
}

/** Checks a scanned code against an event's key; the ticket's own state (used, void, re-issued) is the caller's. */
export async function verifyTicketCode(key: Uint8Array, code: string, hmac: Hmac): Promise<CodeCheck> {
  const parsed = parseTicketCode(code);
  const sig = code.trim().toUpperCase().split(".").at(-1) ?? "";
  if (!parsed) return { ok: false, reason: "malformed" };
  const expected = await signature(key, parsed.ticketId, parsed.version, hmac);
  // Compared in full, whatever differs first, so timing says nothing about the signature.
  let diff = expected.length ^ sig.length;
  for (let i = 0; i < Math.max(expected.length, sig.length); i++)
    diff |= (expected.charCodeAt(i) || 0) ^ (sig.charCodeAt(i) || 0);
  return diff === 0 ? { ok: true, ...parsed } : { ok: false, reason: "forged" };
}

/**
 * A code's fingerprint, as a door device's offline list carries it (decision 0058): the device
 * recognises a ticket's current code by it, and cannot work a code out from it (a one-way hash of a
 * code whose signature is 80 bits no one can guess), so the list signs nothing.
 */
export async function codeFingerprint(code: string, sha256: Sha256): Promise<string> {
  const digest = await sha256(new TextEncoder().encode(`tb-door:${code.trim().toUpperCase()}`));
  return base32(digest.slice(0, 12));
}

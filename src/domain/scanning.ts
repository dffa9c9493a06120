/**
 * What the door says when a code is scanned (spec §4 "Ticket scanning outcomes", spec §8's words),
 * each with a stable code, as pretix does. Pure: the server and the offline scan page decide alike.
 */
import { endOf, type EventTimes } from "./event-flags";
import { codeFingerprint, parseTicketCode, type Sha256 } from "./ticket-codes";

export type ScanOutcome =
  "checked_in" | "already_checked_in" | "already_cancelled" | "invalid_code" | "no_match" | "order_not_found";

export const scanOutcomeText: Record<ScanOutcome, string> = {
  checked_in: "Checked in",
  already_checked_in: "Already checked in",
  already_cancelled: "This ticket has been cancelled",
  invalid_code: "Invalid QR Code",
  no_match: "The QR does not match with any of your Event Tickets.",
  order_not_found: "Could not find the order in the database.",
};

/** An order reference as buyers and the guest list show it (`TB-7KQ2MX9P`), not a ticket's code. */
const ORDER_REFERENCE = /^TB-[23456789A-HJ-NP-Z]{8}$/i;

/**
 * What to tell the person at the door whose typed code was refused as invalid: the order reference from the guest
 * list, a code shaped like a ticket's that does not check out (most often one character typed wrong or missed), or
 * anything else.
 */
export function typedCodeHint(code: string): string {
  const typed = code.trim();
  if (ORDER_REFERENCE.test(typed))
    return (
      "That is an order reference, not a ticket code. Type the code under the QR code on the ticket, " +
      "or check the guest in from the guest list."
    );
  if (/^TB1\./i.test(typed))
    return (
      "Check it against the ticket character by character: one wrong or missing character makes a code invalid, " +
      "and so does the old code of a ticket passed on since. Or check the guest in from the guest list."
    );
  return "Ticket codes start TB1. and are printed under the QR code on the ticket.";
}

/** A door credential that is revoked, expired or for another event (spec §8). */
export const SCAN_NOT_ALLOWED = "Scan Not Allowed";

export interface ScannedTicket {
  status: "valid" | "void" | "checked_in";
  codeVersion: number;
  eventId: string;
}

/**
 * The outcome for a code checked against `eventId`'s key and the ticket it names (null when there
 * is none). `signed`: the signature held (`version` is the code's), or did not, with whether the
 * code was at least shaped like ours. A well-formed code that fails this event's key belongs to
 * another event (or was made up); a good signature with no ticket behind it is an order that is no
 * longer in the database. A code from before the ticket was re-issued is invalid: it was passed on,
 * and only the new holder's code gets in.
 */
export function scanOutcome(
  signed: { ok: true; version: number } | { ok: false; wellFormed?: boolean },
  t: ScannedTicket | null,
  eventId: string,
): ScanOutcome {
  if (!signed.ok) return signed.wellFormed && t && t.eventId !== eventId ? "no_match" : "invalid_code";
  if (!t) return "order_not_found";
  if (t.eventId !== eventId) return "no_match";
  if (signed.version !== t.codeVersion) return "invalid_code";
  if (t.status === "void") return "already_cancelled";
  if (t.status === "checked_in") return "already_checked_in";
  return "checked_in";
}

/**
 * A ticket as the door's offline list has it: [id, code version, status, holder, type, checked in at
 * (ISO), gate, its current code's fingerprint (`codeFingerprint`)].
 */
export type PackedTicket = [
  id: string,
  codeVersion: number,
  status: ScannedTicket["status"],
  holder: string,
  type: string,
  checkedInAt: string | null,
  gate: string | null,
  fingerprint: string,
];

/** What a device that is offline knows of one ticket: the downloaded list, then its own scans since. */
export interface OfflineTicket {
  status: ScannedTicket["status"];
  codeVersion: number;
}

/** What the offline door answers a code it cannot judge: not on its list (sold since, or not ours). */
export const NOT_ON_LIST = {
  message: "Not on this phone's ticket list",
  hint: "Bought after the list was downloaded? Scan it again when the phone has signal, or check the buyer in by hand.",
} as const;

/**
 * The offline door's decision (decision 0058, which replaced 0034's event key on the device): a code
 * is judged against the downloaded list (and this device's own admissions since) by its fingerprint.
 * A code shaped like ours that names a ticket not on the list cannot be judged offline: it was sold
 * since the list was fetched, or it is made up, and only the server can tell which.
 */
export function offlineScanOutcome(
  code: { version: number; matches: boolean } | "malformed",
  known: OfflineTicket | undefined,
): ScanOutcome | "not_on_list" {
  if (code === "malformed") return "invalid_code";
  if (!known) return "not_on_list";
  // An earlier version's code is a ticket passed on since (as online); the current version's, a forgery.
  if (!code.matches) return code.version !== known.codeVersion ? "invalid_code" : "no_match";
  if (known.status === "void") return "already_cancelled";
  if (known.status === "checked_in") return "already_checked_in";
  return "checked_in";
}

/** A scanned code judged on a device without the server: its outcome, and the ticket it names. */
export async function judgeOffline(
  code: string,
  /** What the device knows of a ticket: its own admission since, else the downloaded list's entry. */
  knownOf: (ticketId: string) => (OfflineTicket & { fingerprint: string }) | undefined,
  sha256: Sha256,
): Promise<{ outcome: ScanOutcome | "not_on_list"; ticketId: string | null; version: number; matches: boolean }> {
  const parsed = parseTicketCode(code);
  if (!parsed) return { outcome: "invalid_code", ticketId: null, version: 0, matches: false };
  const known = knownOf(parsed.ticketId);
  const matches = known !== undefined && (await codeFingerprint(code, sha256)) === known.fingerprint;
  const outcome = offlineScanOutcome({ version: parsed.version, matches }, known);
  return { outcome, ticketId: parsed.ticketId, version: parsed.version, matches };
}

/** How far back a device's clock is believed for a scan it kept offline. */
export const OFFLINE_SCAN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When an offline scan happened, by the device's clock, kept within the last week and not in the
 * future (a wrong clock can reorder a device's own scans, never place one outside that window).
 */
export function offlineScanTime(claimed: Date, now: Date): Date {
  const t = claimed.getTime();
  if (!Number.isFinite(t) || t > now.getTime()) return now;
  return t < now.getTime() - OFFLINE_SCAN_MAX_AGE_MS ? new Date(now.getTime() - OFFLINE_SCAN_MAX_AGE_MS) : claimed;
}

/** Most scans a device sends in one sync request; a longer queue goes in several. */
export const SYNC_BATCH_MAX = 500;

/** Hours a scanner link may stay open: 1 to 72, 12 unless the host says otherwise. */
export const SCANNER_LINK_HOURS = { min: 1, max: 72, default: 12 } as const;

/**
 * The hours to offer for a new scanner link made `now`: enough to last until the event is over (`endOf`: its end, or
 * the end of its day) and an hour more, when a link can last that long ("close"); else the usual 12, said to fall
 * short ("too_far"), or, for an event already over, just the usual ("over").
 */
export function scannerLinkHoursFor(
  event: EventTimes,
  now: Date,
): { hours: number; reaches: "close" | "too_far" | "over"; closesAt: Date } {
  const { min, max, default: usual } = SCANNER_LINK_HOURS;
  const closesAt = endOf(event);
  const toClose = Math.ceil((closesAt.getTime() - now.getTime()) / 3_600_000);
  if (toClose <= 0) return { hours: usual, reaches: "over", closesAt };
  if (toClose > max) return { hours: usual, reaches: "too_far", closesAt };
  return { hours: Math.min(max, Math.max(min, usual, toClose + 1)), reaches: "close", closesAt };
}

/**
 * How long a door device keeps an event's downloaded ticket list (holders' names among it) after it
 * last refreshed it: as long as the longest scanner link lasts. A list of an event the device no
 * longer scans goes once that time has passed, unless scans of that event still wait to sync.
 */
export const PACK_KEPT_MS = SCANNER_LINK_HOURS.max * 60 * 60 * 1000;

/** The kept lists a device should forget now: stale, not the event it is scanning, with nothing waiting to sync. */
export function stalePacks(
  packs: { eventId: string; at: string }[],
  input: { now: number; scanning: string; waiting: ReadonlySet<string> },
): string[] {
  return packs
    .filter((p) => {
      if (p.eventId === input.scanning || input.waiting.has(p.eventId)) return false;
      const at = Date.parse(p.at);
      return !Number.isFinite(at) || at < input.now - PACK_KEPT_MS;
    })
    .map((p) => p.eventId);
}

/**
 * What the door says when a code is scanned (spec §4 "Ticket scanning outcomes"), each with a
 * stable code, as pretix does. Pure: the caller has checked the signature and found the ticket.
 */
export type ScanOutcome = "checked_in" | "already_checked_in" | "already_cancelled" | "invalid_code" | "no_match";

export const scanOutcomeText: Record<ScanOutcome, string> = {
  checked_in: "Checked in",
  already_checked_in: "Already checked in",
  already_cancelled: "This ticket has been cancelled",
  invalid_code: "Invalid QR Code",
  no_match: "The QR does not match with any of your Event Tickets.",
};

export interface ScannedTicket {
  status: "valid" | "void" | "checked_in";
  codeVersion: number;
  eventId: string;
}

/**
 * The outcome for a code whose signature checked out for `eventId` (`version` is the code's), and
 * the ticket it names (null when there is none). A code from before the ticket was re-issued is
 * invalid: it was passed on, and only the new holder's code gets in.
 */
export function scanOutcome(
  signed: { ok: true; version: number } | { ok: false },
  t: ScannedTicket | null,
  eventId: string,
): ScanOutcome {
  if (!signed.ok) return "invalid_code";
  if (!t || t.eventId !== eventId) return "no_match";
  if (signed.version !== t.codeVersion) return "invalid_code";
  if (t.status === "void") return "already_cancelled";
  if (t.status === "checked_in") return "already_checked_in";
  return "checked_in";
}

import { isValidEmail, normaliseEmail } from "./account-rules";
import { hasEnded, type EventTimes } from "./event-flags";
import { looksLikeALink, personNameProblem } from "./profile-rules";
import { messages } from "~/texts/messages";

/**
 * Passing a ticket to a friend (issue 7): the holder sends it by email, the friend claims it into
 * their account, and the ticket gets a new code so the old one stops working at the door. Pure:
 * callers pass `now`.
 */

/** Spec §8: an unknown ticket, or anyone else's (the same answer, so ids can't be probed). */
export const TICKET_NOT_FOUND = messages.informational.ticketNotFound;

export interface TransferableTicket {
  status: "valid" | "void" | "checked_in";
  holderUserId: string | null;
}

export type TransferProblem =
  "not_yours" | "checked_in" | "void" | "ended" | "cancelled_event" | "cancellation_pending";

export const transferProblemText: Record<TransferProblem, string> = {
  not_yours: "This ticket isn't yours to pass on.",
  checked_in: "This ticket has been used at the door, so it can't be passed on.",
  void: "This ticket has been cancelled.",
  ended: "This event has ended, so its tickets can't be passed on.",
  cancelled_event: "This event has been cancelled.",
  cancellation_pending:
    "This order has a cancellation request waiting for the host, so its tickets can't be passed on.",
};

/** Why this person can't send (or a friend can't claim) this ticket now, or null when they can. */
export function transferProblem(
  t: TransferableTicket,
  e: EventTimes & { isCancelled: boolean },
  opts: { holderId: string; now: Date; cancellationPending: boolean },
): TransferProblem | null {
  if (t.holderUserId !== opts.holderId) return "not_yours";
  if (t.status === "checked_in") return "checked_in";
  if (t.status === "void") return "void";
  if (e.isCancelled) return "cancelled_event";
  if (hasEnded(e, opts.now)) return "ended";
  if (opts.cancellationPending) return "cancellation_pending";
  return null;
}

export function recipientProblem(toEmail: string, fromEmail: string): string | null {
  const email = toEmail.trim();
  if (!email) return "Enter your friend's email address.";
  // Spec §5's email rule, as sign-up checks it.
  if (!isValidEmail(email)) return "Invalid email: check your friend's address.";
  if (normaliseEmail(email) === normaliseEmail(fromEmail)) return "That's your own email address: enter your friend's.";
  return null;
}

/**
 * How many tickets one person may send in an hour, and one address receive in a day, counting those
 * taken back: each is an email Ticketyboo sends on someone's word (decision 0055).
 */
export const TRANSFERS_PER_SENDER_HOUR = 10;
export const TRANSFERS_PER_ADDRESS_DAY = 5;

export const transferLimitText = {
  sender: "That's a lot of tickets sent in an hour: try again later.",
  address: "That address has been sent several tickets today: try again tomorrow, or ask your friend for another.",
  confirmFirst:
    "Confirm your email address first: then you can send tickets to friends. " +
    "The link is in the email we sent you when you signed up.",
  name: "Enter your friend's name as it is: just their name, without links.",
};

/** Why the friend's name (the email's greeting, optional; normalised) would be refused, or null. */
export function greetingNameProblem(name: string): string | null {
  if (name === "") return null;
  return personNameProblem(name) || looksLikeALink(name) ? transferLimitText.name : null;
}

/** Why a signed-in person may not claim a transfer sent to `toEmail`, or null when they may. */
export function claimantProblem(
  person: { email: string; emailVerified: boolean },
  toEmail: string,
): "wrong_account" | "unverified" | null {
  if (normaliseEmail(person.email) !== normaliseEmail(toEmail)) return "wrong_account";
  if (!person.emailVerified) return "unverified";
  return null;
}

export const claimantProblemText = {
  wrong_account: (toEmail: string) => `This ticket was sent to ${toEmail}. Log in with that address to claim it.`,
  unverified: (toEmail: string) =>
    `Please verify your email address first: open the link we sent to ${toEmail}, then come back to this page to ` +
    `claim your ticket.`,
} as const;

import { teamMessages } from "~/texts/studio-messages";
import { isValidEmail, normaliseEmail } from "./account-rules";

/**
 * A host's team in Partner Studio (issue 19, decision 0028): who may be invited, what each role may
 * do, and when an invitation is still open. Pure: callers pass `now`.
 */

/** The roles on a host's team, most trusted first (the database's `host_member.role`). */
export const TEAM_ROLES = ["owner", "manager", "scanner"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_TEXT: Record<TeamRole, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including the team and payouts." },
  manager: { label: "Manager", description: "Events, tickets, orders and reports. Sees the team, can't change it." },
  scanner: {
    label: "Scanner",
    description: "Checks tickets in at the door of the events the host chooses, each given on its Scanners tab.",
  },
};

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** Invitations waiting for an answer at once, per host: enough for any crew, too few to spam with. */
export const OPEN_INVITATIONS_MAX = 50;

/** Invitations a host may send in an hour (each is an email to someone who did not ask for it). */
export const INVITATIONS_PER_HOUR = 20;

/** People shown per page of the team list. */
export const TEAM_PAGE_SIZE = 25;

/** Only owners change the team: invite, change roles, remove, revoke. Managers see it. */
export function mayChangeTeam(role: TeamRole): boolean {
  return role === "owner";
}

/** Managers and owners see the team page; scanners do not. */
export function maySeeTeam(role: TeamRole): boolean {
  return role === "owner" || role === "manager";
}

export function invitationExpiresAt(now: Date): Date {
  return new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
}

export type InvitationState = "open" | "expired" | "revoked" | "accepted";

/** Where an invitation stands at `now`: an answer or a revocation is final; otherwise it lapses at its expiry. */
export function invitationState(
  invitation: { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null },
  now: Date,
): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() > now.getTime() ? "open" : "expired";
}

/**
 * The address to invite, lower-cased, or the words for the email field: blank, not an address
 * (spec §5's rule, as sign-up checks it), or the host's own address (the host is the owner already).
 */
export function inviteeEmail(
  typed: string,
  hostEmail: string,
): { ok: true; email: string } | { ok: false; message: string } {
  const email = normaliseEmail(typed);
  if (!email) return { ok: false, message: teamMessages.emailRequired };
  if (!isValidEmail(email)) return { ok: false, message: teamMessages.emailInvalid };
  if (email === normaliseEmail(hostEmail)) return { ok: false, message: teamMessages.emailIsHost };
  return { ok: true, email };
}

/** Why this signed-in person may not accept an invitation sent to `invitedEmail`, or null when they may. */
export function accepterProblem(
  person: { email: string; emailVerified: boolean },
  invitedEmail: string,
): "wrong_account" | "unverified" | null {
  if (normaliseEmail(person.email) !== normaliseEmail(invitedEmail)) return "wrong_account";
  if (!person.emailVerified) return "unverified";
  return null;
}

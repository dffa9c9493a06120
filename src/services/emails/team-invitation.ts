import { TEAM_ROLE_TEXT } from "~/domain/host-team";
import { formatLondonTime, formatLongDate } from "~/lib/format";
import { invitationForEmail } from "../host-team";
import type { EmailDeps } from "./after-sale";

/**
 * To the address a host invited to their team: who invites them, as what, and the link to accept,
 * which carries the token (kept only as a hash in the database). Read when sent: an invitation
 * revoked or expired since is not sent.
 */
export async function sendTeamInvitation(
  deps: EmailDeps,
  input: { invitationId: string; token: string },
  now: Date,
): Promise<void> {
  const invitation = await invitationForEmail(deps.db, { invitationId: input.invitationId, now });
  if (!invitation) return;
  const role = TEAM_ROLE_TEXT[invitation.role];
  await deps.mailer.send({
    to: invitation.email,
    template: {
      name: "team-invitation",
      props: {
        hostTitle: invitation.hostTitle,
        inviterName: invitation.inviterName,
        role: role.label,
        roleDescription: role.description,
        until: `${formatLongDate(invitation.expiresAt)}, ${formatLondonTime(invitation.expiresAt)}`,
        acceptUrl: `${deps.publicUrl.replace(/\/$/, "")}/h/invitations/${encodeURIComponent(input.token)}`,
      },
    },
  });
}

import { EmailLayout, Fact, Facts, P } from "./layout";
import type { TeamInvitationProps } from "~/services/emails/templates";

export const teamInvitationSubject = ({ hostTitle }: Pick<TeamInvitationProps, "hostTitle">) =>
  `Join ${hostTitle}'s team on Ticketyboo`;

/** An invitation to a host's team in Partner Studio: who, as what, and the link that works once, for seven days. */
export function TeamInvitation(props: TeamInvitationProps) {
  const who = props.inviterName ? `${props.inviterName} has invited you` : "You've been invited";
  return (
    <EmailLayout
      preview={`${who} to join ${props.hostTitle}'s team (${props.role.toLowerCase()}).`}
      heading={`Join ${props.hostTitle}'s team`}
      action={{ label: "Accept the invitation", url: props.acceptUrl }}
      afterAction={
        `The link works once, until ${props.until}. Log in or sign up with this email address to accept it. ` +
        "If you weren't expecting it, you can ignore this email."
      }
      reason={`${props.hostTitle} invited this address to their team on Ticketyboo.`}
    >
      <P>Hello,</P>
      <P>
        {who} to help run <strong>{props.hostTitle}</strong>&apos;s events in Partner Studio, Ticketyboo&apos;s place
        for hosts.
      </P>
      <Facts>
        <Fact label="Role">{props.role}</Fact>
        <Fact label="What you can do">{props.roleDescription}</Fact>
      </Facts>
    </EmailLayout>
  );
}

import { EmailLayout, Fact, Facts, P } from "./layout";
import { greeting } from "./greeting";
import type { TicketSharedProps } from "~/services/emails/templates";

export const ticketSharedSubject = ({ fromName, eventName }: Pick<TicketSharedProps, "fromName" | "eventName">) =>
  `${fromName} sent you a ticket to ${eventName}`;

/** A ticket passed on by a friend: claim it into your account, and it's yours with a code of its own. */
export function TicketShared(props: TicketSharedProps) {
  return (
    <EmailLayout
      preview={`${props.fromName} sent you a ticket: ${props.eventName}, ${props.when}.`}
      heading="You've been sent a ticket"
      action={{ label: "Claim my ticket", url: props.claimUrl }}
      afterAction={
        `Log in or sign up as ${props.toEmail} to claim it: only that address can. Once you do, the ticket is ` +
        "yours, with a QR code of its own, and the one your friend had stops working."
      }
      reason={`${props.fromName} sent you a ticket on Ticketyboo.`}
    >
      <P>{greeting(props.toName)}</P>
      <P>
        {props.fromName} has sent you a ticket for <strong>{props.eventName}</strong>.
      </P>
      <Facts>
        <Fact label="When">{props.when}</Fact>
        <Fact label="Where">{props.where}</Fact>
        <Fact label="Ticket">{props.ticketName}</Fact>
      </Facts>
    </EmailLayout>
  );
}

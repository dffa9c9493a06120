import { EmailLayout, Fact, Facts, P } from "./layout";
import { greeting } from "./greeting";
import { eventLinkTitle, type EventLinkProps } from "~/services/emails/templates";

export const eventLinkSubject = eventLinkTitle;

/** To everyone holding a ticket for an online event whose host added the link to join, or changed it. */
export function EventLink(props: EventLinkProps) {
  return (
    <EmailLayout
      preview={`${props.eventName}, ${props.when}: the link to join is here.`}
      heading={props.added ? "Your link to join" : "A new link to join"}
      action={{ label: "Join the event", url: props.joinUrl }}
      afterAction={`The link is on your ${props.isBuyer ? "order and tickets" : "tickets"} too: ${props.url}`}
      reason={`you have tickets for ${props.eventName} on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        The host has {props.added ? "added" : "changed"} the link to join <strong>{props.eventName}</strong>
        {props.added ? "." : ": use this one, not one sent before."}
      </P>
      <Facts>
        <Fact label="When">{props.when}</Fact>
      </Facts>
    </EmailLayout>
  );
}

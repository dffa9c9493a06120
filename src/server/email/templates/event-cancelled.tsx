import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { EventCancelledProps } from "~/services/emails/templates";

export const eventCancelledSubject = ({ eventName }: Pick<EventCancelledProps, "eventName">) =>
  `Cancelled: ${eventName}`;

/** To everyone holding a ticket for an event its host cancelled, and to each buyer with what comes back to them. */
export function EventCancelled(props: EventCancelledProps) {
  return (
    <EmailLayout
      preview={`${props.eventName} will not go ahead. Your tickets no longer work.`}
      heading="This event is cancelled"
      action={{ label: props.isBuyer ? "See my order" : "See my tickets", url: props.url }}
      afterAction={
        props.refund
          ? "Refunds usually reach your account within 5 to 10 working days, to the card you paid with."
          : undefined
      }
      reason={`you have tickets for ${props.eventName} on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        The host has cancelled <strong>{props.eventName}</strong> ({props.when}). It will not go ahead, and your tickets
        no longer work.
      </P>
      {props.refund ? (
        <P>You'll get back everything you paid, {props.refund}: we'll email you again once it is refunded.</P>
      ) : props.isBuyer ? (
        <P>Your booking was free, so there is nothing to refund.</P>
      ) : (
        <P>Whoever bought the ticket for you gets any money back.</P>
      )}
    </EmailLayout>
  );
}

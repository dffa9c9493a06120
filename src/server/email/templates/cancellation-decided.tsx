import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { CancellationDecidedProps } from "~/services/emails/templates";

export const cancellationDecidedSubject = ({
  outcome,
  eventName,
}: Pick<CancellationDecidedProps, "outcome" | "eventName">) =>
  outcome === "declined" ? `Your cancellation request for ${eventName}` : `Your booking for ${eventName} is cancelled`;

/** To the buyer: what happened to their cancellation. */
export function CancellationDecided(props: CancellationDecidedProps) {
  const heading = props.outcome === "declined" ? "Your booking still stands" : "Your booking is cancelled";
  return (
    <EmailLayout
      preview={
        props.outcome === "declined"
          ? `The host couldn't cancel order ${props.reference}.`
          : `Order ${props.reference} is cancelled.`
      }
      heading={heading}
      action={{ label: "See my order", url: props.orderUrl }}
      reason={`you booked tickets on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      {props.outcome === "declined" ? (
        <P>
          The host of <strong>{props.eventName}</strong> has declined your request to cancel order {props.reference}.
          Your tickets are still valid.
        </P>
      ) : props.outcome === "approved" ? (
        <P>
          The host of <strong>{props.eventName}</strong> has cancelled order {props.reference} as you asked. Your
          tickets no longer work
          {props.refund ? `, and ${props.refund} is on its way back to you.` : "."}
        </P>
      ) : props.outcome === "cancelled_by_host" ? (
        <P>
          The host of <strong>{props.eventName}</strong> has cancelled your free booking (order {props.reference}). Your
          tickets no longer work.
        </P>
      ) : (
        <P>
          You've cancelled order {props.reference} for <strong>{props.eventName}</strong>. Your places have gone back on
          sale for someone else to enjoy.
        </P>
      )}
      {props.hostMessage ? <P>The host says: “{props.hostMessage}”</P> : null}
    </EmailLayout>
  );
}

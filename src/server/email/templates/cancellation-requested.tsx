import { EmailLayout, Fact, Facts, P } from "./layout";
import { greeting } from "./greeting";
import type { CancellationRequestedProps } from "~/services/emails/templates";

export const cancellationRequestedSubject = ({
  reference,
  eventName,
}: Pick<CancellationRequestedProps, "reference" | "eventName">) =>
  `Cancellation requested: ${eventName} (${reference})`;

/** To the host: a buyer asks to cancel a paid order, with their reason. */
export function CancellationRequested(props: CancellationRequestedProps) {
  return (
    <EmailLayout
      preview={`${props.buyerName} asks to cancel ${props.tickets} for ${props.eventName}.`}
      heading="A buyer asks to cancel"
      action={{ label: "Review the request", url: props.manageUrl }}
      afterAction={
        "Approve to refund them (in full or in part) and put the places back on sale, or decline with a " +
        "note. Your waitlist is offered freed places first."
      }
      reason={`you host ${props.eventName} on Ticketyboo.`}
    >
      <P>{greeting(props.hostName)}</P>
      <P>
        {props.buyerName} has asked to cancel order {props.reference} for <strong>{props.eventName}</strong>.
      </P>
      <Facts>
        <Fact label="Tickets">
          {props.tickets} · {props.total}
        </Fact>
        <Fact label="Their reason">{props.reason}</Fact>
      </Facts>
    </EmailLayout>
  );
}

import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { RefundIssuedProps } from "~/services/emails/templates";

export const refundIssuedSubject = ({ amount, reference }: Pick<RefundIssuedProps, "amount" | "reference">) =>
  `Refund of ${amount} for order ${reference}`;

/** The receipt for money sent back to the buyer's card. */
export function RefundIssued(props: RefundIssuedProps) {
  return (
    <EmailLayout
      preview={`${props.amount} is on its way back to your card.`}
      heading="Your refund is on its way"
      action={{ label: "See my order", url: props.orderUrl }}
      afterAction="Refunds usually reach your account within 5 to 10 working days, to the card you paid with."
      reason={`you booked tickets on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        We've refunded {props.amount}
        {props.paid ? ` of the ${props.paid} you paid` : ""} for order {props.reference} (
        <strong>{props.eventName}</strong>).
      </P>
    </EmailLayout>
  );
}

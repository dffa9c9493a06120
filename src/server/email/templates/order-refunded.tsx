import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface OrderRefundedProps {
  firstName: string;
  reference: string;
  eventName: string;
  /** '£20.20' */
  amount: string;
  eventUrl: string;
}

export const orderRefundedSubject = ({ eventName }: Pick<OrderRefundedProps, "eventName">) => `We couldn't book your tickets for ${eventName}: you've been refunded`;

/** A payment arrived after its hold ran out and the last places had gone: refunded in full. */
export function OrderRefunded(props: OrderRefundedProps) {
  return (
    <EmailLayout
      preview={`Your payment of ${props.amount} is on its way back to you.`}
      heading="Sorry: those tickets had gone"
      action={{ label: "See the event", url: props.eventUrl }}
      afterAction="Refunds usually reach your account within 5 to 10 working days."
      reason={`you tried to book tickets on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        Your payment for <strong>{props.eventName}</strong> arrived after your 10-minute hold had ended, and by then the last places had been sold.
      </P>
      <P>We've refunded the full {props.amount}. Nothing more to do on your side.</P>
    </EmailLayout>
  );
}

import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { OrderRefundedProps } from "~/services/emails/templates";

export const orderRefundedSubject = ({ eventName, reason }: Pick<OrderRefundedProps, "eventName" | "reason">) =>
  reason === "already_paid"
    ? `You paid twice for ${eventName}: we've refunded the second payment`
    : `We couldn't book your tickets for ${eventName}: you've been refunded`;

const HEADINGS: Record<OrderRefundedProps["reason"], string> = {
  sold_out: "Sorry: those tickets had gone",
  already_paid: "You paid twice: one payment is on its way back",
  amount_changed: "The total changed: your payment is on its way back",
  event_closed: "Sorry: that event is no longer on sale",
};

/** A captured payment that could not become an order, refunded in full. */
export function OrderRefunded(props: OrderRefundedProps) {
  return (
    <EmailLayout
      preview={`Your payment of ${props.amount} is on its way back to you.`}
      heading={HEADINGS[props.reason]}
      action={
        props.reason === "already_paid"
          ? { label: "See your tickets", url: props.url }
          : { label: "See the event", url: props.url }
      }
      afterAction="Refunds usually reach your account within 5 to 10 working days."
      reason={
        props.reference
          ? `you tried to book tickets on Ticketyboo (order ${props.reference}).`
          : "you tried to book tickets on Ticketyboo."
      }
    >
      <P>{greeting(props.firstName)}</P>
      {props.reason === "sold_out" ? (
        <P>
          Your payment for <strong>{props.eventName}</strong> arrived after your 10-minute hold had ended, and by then
          the last places had been sold.
        </P>
      ) : props.reason === "already_paid" ? (
        <P>
          Your tickets for <strong>{props.eventName}</strong> were already paid for when a second payment for the same
          booking came through. Your tickets stand (order {props.reference}); the second payment was not needed.
        </P>
      ) : props.reason === "event_closed" ? (
        <P>
          The host took <strong>{props.eventName}</strong> off sale while you were paying, so we couldn't book your
          tickets.
        </P>
      ) : (
        <P>
          The total for your tickets to <strong>{props.eventName}</strong> changed while you were paying, so the amount
          you paid no longer matched it and we couldn't book the tickets with it.
        </P>
      )}
      <P>We've refunded the full {props.amount}. Nothing more to do on your side.</P>
    </EmailLayout>
  );
}

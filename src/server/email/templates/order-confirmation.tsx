import { Text } from "@react-email/components";
import { EmailLayout, Fact, Facts, JoinFact, P } from "./layout";
import { greeting } from "./greeting";
import type { OrderConfirmationProps } from "~/services/emails/templates";

export const orderConfirmationSubject = ({
  eventName,
  reference,
}: Pick<OrderConfirmationProps, "eventName" | "reference">) => `Your tickets for ${eventName} (${reference})`;

export function OrderConfirmation(props: OrderConfirmationProps) {
  const count = props.tickets.length;
  return (
    <EmailLayout
      preview={`${count} ${count === 1 ? "ticket" : "tickets"} for ${props.eventName}, ${props.when}.`}
      heading="You're going!"
      action={{ label: count === 1 ? "Show my ticket" : "Show my tickets", url: props.orderUrl }}
      afterAction={
        "Show the QR code on your phone at the door, or print the tickets attached to this email: each " +
        "ticket's code works on its own."
      }
      reason={`you booked tickets on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        Your booking for <strong>{props.eventName}</strong> is confirmed.
      </P>
      <Facts>
        <Fact label="When">{props.when}</Fact>
        <Fact label="Where">{props.where}</Fact>
        {props.joinUrl ? <JoinFact url={props.joinUrl} /> : null}
        <Fact label="Order">
          {props.reference} · {props.total}
        </Fact>
      </Facts>
      {props.tickets.map((t, i) => (
        <Text key={t.code} style={{ margin: "0 0 8px", fontSize: "14px", lineHeight: "22px" }}>
          Ticket {i + 1}: {t.name}
          {t.seat ? `, seat ${t.seat}` : ""}
          <br />
          <span style={{ fontFamily: "ui-monospace, Menlo, monospace", fontSize: "13px" }}>{t.code}</span>
        </Text>
      ))}
    </EmailLayout>
  );
}

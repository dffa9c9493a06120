import { EmailLayout, Fact, Facts, JoinFact, P } from "./layout";
import { greeting } from "./greeting";
import type { EventReminderProps } from "~/services/emails/templates";

export const eventReminderSubject = ({ eventName }: Pick<EventReminderProps, "eventName">) => `Tomorrow: ${eventName}`;

/** The day before: when, where, and the tickets ready to show (even offline). */
export function EventReminder(props: EventReminderProps) {
  const tickets = props.tickets === 1 ? "your ticket is ready" : `your ${props.tickets} tickets are ready`;
  return (
    <EmailLayout
      preview={`${props.eventName}: ${props.when}, ${props.where}.`}
      heading="See you there!"
      action={{ label: props.tickets === 1 ? "Show my ticket" : "Show my tickets", url: props.ticketsUrl }}
      afterAction="Open your tickets once before you set off: they stay on your phone, even without signal at the door."
      reason="you have tickets for an event starting soon."
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        <strong>{props.eventName}</strong> is coming up, and {tickets}.
      </P>
      <Facts>
        <Fact label="When">{props.when}</Fact>
        <Fact label="Where">
          {props.where}
          {props.directionsUrl ? (
            <>
              {" "}
              (<a href={props.directionsUrl}>directions</a>)
            </>
          ) : null}
        </Fact>
        {props.joinUrl ? <JoinFact url={props.joinUrl} /> : null}
      </Facts>
    </EmailLayout>
  );
}

import { EmailLayout, Fact, Facts, JoinFact, P } from "./layout";
import { greeting } from "./greeting";
import { eventChangedTitle, whatMoved, type EventChangedProps } from "~/services/emails/templates";

export const eventChangedSubject = eventChangedTitle;

/** To everyone holding a ticket for an event its host moved: when and where it is now, and what it was. */
export function EventChanged(props: EventChangedProps) {
  const moved = whatMoved(props);
  return (
    <EmailLayout
      preview={`${props.eventName} is now ${props.when}, ${props.where}. Your tickets still work.`}
      heading={`The ${moved} ${moved.endsWith(" and place") ? "have" : "has"} changed`}
      action={{ label: props.isBuyer ? "See my order" : "See my tickets", url: props.url }}
      afterAction={
        props.isBuyer
          ? "If you can no longer go, your order shows what you can do, such as asking the host to cancel it."
          : "If you can no longer go, let whoever gave you the ticket know, or pass it on to a friend."
      }
      reason={`you have tickets for ${props.eventName} on Ticketyboo (order ${props.reference}).`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        The host has changed the {moved} of <strong>{props.eventName}</strong>. Your tickets still work: there is
        nothing you need to do to keep them.
      </P>
      <Facts>
        <Fact label="When">{props.when}</Fact>
        {props.wasWhen ? <Fact label="Previously">{props.wasWhen}</Fact> : null}
        <Fact label="Where">{props.where}</Fact>
        {props.wasWhere ? <Fact label="Previously">{props.wasWhere}</Fact> : null}
        {props.joinUrl ? <JoinFact url={props.joinUrl} /> : null}
      </Facts>
    </EmailLayout>
  );
}

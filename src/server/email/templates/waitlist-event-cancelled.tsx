import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { WaitlistEventCancelledProps } from "~/services/emails/templates";

export const waitlistEventCancelledSubject = ({ eventName }: Pick<WaitlistEventCancelledProps, "eventName">) =>
  `Cancelled: ${eventName} (you were on its waitlist)`;

/** To everyone still waiting for places at an event its host cancelled: nothing will come up now. */
export function WaitlistEventCancelled(props: WaitlistEventCancelledProps) {
  return (
    <EmailLayout
      preview={`${props.eventName} will not go ahead, so no places will come up.`}
      heading="This event is cancelled"
      action={{ label: "Find something else to do", url: props.url }}
      reason={`you joined the waitlist for ${props.eventName} on Ticketyboo.`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        The host has cancelled <strong>{props.eventName}</strong> ({props.when}). It will not go ahead, so no places
        will come up and you're no longer on its waitlist. You hadn't paid anything, so there is nothing to refund.
      </P>
    </EmailLayout>
  );
}

import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface WaitlistOfferProps {
  firstName: string;
  eventName: string;
  when: string;
  quantity: number;
  /** 'Wednesday 25 November, 12:00 am' */
  until: string;
  checkoutUrl: string;
}

export const waitlistOfferSubject = ({ eventName }: Pick<WaitlistOfferProps, "eventName">) => `Places have come up for ${eventName}`;

/** To the first person waiting: places freed up and are held for them until a deadline. */
export function WaitlistOffer(props: WaitlistOfferProps) {
  const places = props.quantity === 1 ? "a place" : `${props.quantity} places`;
  return (
    <EmailLayout
      preview={`We're holding ${places} for you until ${props.until}.`}
      heading="Good news: places came up"
      action={{ label: "Book my places", url: props.checkoutUrl }}
      afterAction={`If you don't book by ${props.until}, they go to the next person waiting.`}
      reason={`you joined the waitlist for ${props.eventName} on Ticketyboo.`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        Someone's plans changed, and you're first in line for <strong>{props.eventName}</strong> ({props.when}). We're holding {places} for you until{" "}
        <strong>{props.until}</strong>.
      </P>
    </EmailLayout>
  );
}

import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { WaitlistOfferProps } from "~/services/emails/templates";

export const waitlistOfferSubject = ({ eventName, quantity }: Pick<WaitlistOfferProps, "eventName" | "quantity">) =>
  `${quantity === 1 ? "A place has" : "Places have"} come up for ${eventName}`;

/** To the first person waiting: places freed up and are held for them until a deadline. */
export function WaitlistOffer(props: WaitlistOfferProps) {
  const asked = props.asked ?? props.quantity;
  const some = asked > props.quantity;
  const places = some
    ? `${props.quantity} of the ${asked} places you asked for`
    : props.quantity === 1
      ? "a place"
      : `${props.quantity} places`;
  return (
    <EmailLayout
      preview={`We're holding ${places} for you until ${props.until}.`}
      heading={props.quantity === 1 ? "Good news: a place came up" : "Good news: places came up"}
      action={{ label: props.quantity === 1 ? "Book my place" : "Book my places", url: props.checkoutUrl }}
      afterAction={`If you don't book by ${props.until}, they go to the next person waiting.`}
      reason={`you joined the waitlist for ${props.eventName} on Ticketyboo.`}
    >
      <P>{greeting(props.firstName)}</P>
      <P>
        {props.quantity === 1 ? "A place has" : "Places have"} come up for <strong>{props.eventName}</strong> (
        {props.when}), and you're first in line. We're holding {places} for you until <strong>{props.until}</strong>.
      </P>
      {some ? (
        <P>
          Book {props.quantity === 1 ? "it" : "them"} and you stay first in line for the other{" "}
          {asked - props.quantity === 1 ? "place" : `${asked - props.quantity}`}.
        </P>
      ) : null}
    </EmailLayout>
  );
}

import { BellRing, Clock, LogIn, Users } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/web/components/ui/toast";
import { formatLongDate, formatLondonTime } from "~/lib/format";
import type { WaitlistPlace } from "~/services/waitlist-places";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { FormMessage } from "~/web/components/ui/field";

export interface WaitlistCardProps {
  eventName: string;
  slug: string;
  place: WaitlistPlace | null;
  canJoin: boolean;
  signedIn: boolean;
  offerHours: number;
  waiting: number;
  error: string | null;
  /** Set by the action when the person has just left (spec §4: a warning notice). */
  justLeft: boolean;
}

/**
 * Beside a sold-out event's tickets: join the waitlist (signed in), see your place in line, book
 * places held for you, or leave.
 */
export function WaitlistCard(props: WaitlistCardProps) {
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  useEffect(() => {
    if (props.justLeft) toast.warning(`You've left the waitlist for ${props.eventName}.`);
  }, [props.justLeft, props.eventName]);
  const { place } = props;
  if (!place && !props.canJoin) return null;

  return (
    <section aria-labelledby="waitlist-heading" className="card mt-4 p-5">
      <h2 id="waitlist-heading" className="flex items-center gap-2 text-lg font-bold">
        <Users aria-hidden className="size-5 text-brand" /> Waitlist
      </h2>
      <FormMessage className="mt-3">{props.error}</FormMessage>
      {place?.offer ? (
        <div className="mt-3 space-y-3">
          <p className="flex items-start gap-2 rounded-xl bg-success/10 px-3 py-2 text-sm font-medium text-success">
            <BellRing aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {place.offer.quantity < place.quantity
                ? `${place.offer.quantity} of the ${place.quantity} places you asked for came up, held`
                : place.offer.quantity === 1
                  ? "A place came up and is held"
                  : "Places came up and are held"}{" "}
              for you until {formatLondonTime(place.offer.expiresAt)} on {formatLongDate(place.offer.expiresAt)}.
              {place.offer.quantity < place.quantity ? " Book and you stay first in line for the rest." : ""}
            </span>
          </p>
          <Link to={`/checkout/${place.offer.holdId}`} className="btn-primary w-full">
            Book my {place.offer.quantity === 1 ? "place" : "places"}
          </Link>
        </div>
      ) : place ? (
        <div className="mt-3 space-y-3 text-sm">
          <p>
            You're <strong>number {place.position}</strong> in line
            {place.quantity > 1 ? ` for ${place.quantity} places` : ""}. We'll email you as soon as places free up, and
            hold them for you for {props.offerHours} hours.
          </p>
        </div>
      ) : (
        <div className="mt-2 space-y-3 text-sm">
          <p className="text-fg-muted">
            {props.waiting > 0 ? `${props.waiting} ${props.waiting === 1 ? "person is" : "people are"} waiting. ` : ""}
            Join, and if places free up we'll email you and hold them for you for {props.offerHours} hours.
          </p>
          {props.signedIn ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="waitlist-join" />
              <div>
                <label htmlFor="waitlist-quantity" className="block text-sm font-medium">
                  Places
                </label>
                <select
                  id="waitlist-quantity"
                  name="quantity"
                  defaultValue="1"
                  className="mt-1 h-11 rounded-xl border border-border bg-surface px-3"
                >
                  {Array.from({ length: 10 }, (_, i) => (
                    <option key={i + 1}>{i + 1}</option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-primary flex-1" disabled={busy}>
                <Clock aria-hidden className="size-4" /> Join the waitlist
              </button>
            </Form>
          ) : (
            <Link
              to={`/log-in?redirect=${encodeURIComponent(`/events/${props.slug}#waitlist-heading`)}`}
              className="btn-primary w-full"
            >
              <LogIn aria-hidden className="size-4" /> Log in to join the waitlist
            </Link>
          )}
        </div>
      )}
      {place ? (
        <Form
          method="post"
          className="mt-3"
          onSubmit={askFirst({
            title: "Leave the waitlist?",
            description: place.offer
              ? "The places held for you will go to the next person waiting."
              : "You'll lose your place in line.",
            confirmLabel: "Leave",
            tone: "danger",
          })}
        >
          <input type="hidden" name="intent" value="waitlist-leave" />
          <button type="submit" className="btn-ghost w-full text-sm" disabled={busy}>
            Leave the waitlist
          </button>
        </Form>
      ) : null}
    </section>
  );
}

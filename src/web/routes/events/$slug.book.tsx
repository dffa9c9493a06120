import { ArrowLeft, Ticket } from "lucide-react";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { sanitiseBasket, type BasketLine } from "~/domain/basket";
import { CheckoutForm } from "~/domain/checkout-form";
import { hasEnded } from "~/domain/event-flags";
import { poundsForInput } from "~/domain/money";
import { field, parseForm, readForm } from "~/lib/read-form";
import { formatEventDateTime, formatMoney } from "~/lib/format";
import { getEventPage } from "~/services/get-event-page";
import { priceBasket } from "~/web/components/booking/basket-price";
import { InlineLogIn } from "~/web/components/booking/inline-log-in";
import { OrderBreakdown, OrderLines } from "~/web/components/booking/order-summary";
import { actionError } from "~/web/lib/action-error";
import { pressCheckout } from "~/web/lib/checkout-press.server";
import type { Route } from "./+types/$slug.book";

/**
 * The booking page the widget opens in a new tab (decision 0046): the tickets chosen in the frame
 * arrive in the address, as the booking panel names them (`qty:{id}`, `amount:{id}`), and are
 * shown here, on our own page, where the visitor is signed in (or signs in right here, or signs
 * up and comes back). Continue holds them through the event page's own checkout press and goes on
 * to the normal checkout. Opening this page holds nothing: a link anyone can send must not hold
 * tickets for whoever follows it.
 */
export const handle = { title: "Your tickets" };

/** This page's address for a basket: where a person who must log in or sign up first comes back to. */
function bookPath(slug: string, lines: readonly BasketLine[]): string {
  const query = new URLSearchParams();
  for (const line of lines) {
    query.set(`qty:${line.ticketTypeId}`, String(line.quantity));
    if (line.amountPence !== undefined) query.set(`amount:${line.ticketTypeId}`, poundsForInput(line.amountPence));
  }
  const search = query.toString();
  return `/events/${encodeURIComponent(slug)}/book${search ? `?${search}` : ""}`;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const event = await getEventPage(context.database.db, { slug: params.slug, viewerId: context.user?.id ?? null });
  if (!event) throw data(null, { status: 404 });
  const now = new Date();
  const asked = parseForm(new URL(request.url).searchParams, CheckoutForm);
  // Never trusted: only tickets anyone may buy now, within what is left and the per-order limit.
  const { basket } = sanitiseBasket({ lines: asked.ok ? asked.data.lines : [], coupon: null }, event.tickets, now);
  const ticketOf = (id: string) => event.tickets.find((t) => t.id === id)!;
  const { lines, breakdown, count } = priceBasket(basket.lines, ticketOf, event.priceTerms);
  return {
    event: {
      slug: event.slug,
      name: event.name,
      startsAt: event.startsAt,
      where: event.venue
        ? `${event.venue.name}, ${event.venue.city}`
        : event.isOnline
          ? "Online"
          : "Venue to be announced",
      hostName: event.host.title || event.host.name,
      currency: event.currency,
    },
    closed: event.isCancelled
      ? "This event has been cancelled."
      : hasEnded(event, now)
        ? "Sorry, this event has ended!"
        : null,
    seated: Boolean(event.venue?.seatRows && event.venue.seatColumns),
    basket: basket.lines,
    lines: basket.lines.map((l, i) => ({
      ticketTypeId: l.ticketTypeId,
      name: ticketOf(l.ticketTypeId).name,
      quantity: l.quantity,
      unitPricePence: lines[i]!.unitPricePence,
    })),
    breakdown,
    count,
    // A press retried (a double click, a reload of the answer) finds the hold the first one made.
    key: crypto.randomUUID(),
  };
}

const BookForm = z.preprocess(
  (values) => ({ ...(values as object), checkout: values }),
  z.object({ email: field.text(), password: field.text(), checkout: CheckoutForm }),
);

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, BookForm);
  if (!read.ok) return actionError(read.error);
  return pressCheckout(request, context, {
    slug: params.slug,
    back: bookPath(params.slug, read.data.checkout.lines),
    form: read.data,
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Event not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  return [
    { title: `Your tickets · ${loaded.event.name} · Ticketyboo` },
    {
      name: "description",
      content:
        `Your tickets for ${loaded.event.name}, ${formatEventDateTime(loaded.event.startsAt)}: ` +
        "log in and pay on Ticketyboo.",
    },
    { name: "robots", content: "noindex" },
  ];
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, lines, breakdown, count, basket } = loaderData;
  const signedIn = Boolean((useRouteLoaderData("root") as { user?: unknown } | undefined)?.user);
  const busy = useNavigation().state !== "idle";
  const money = (pence: number) => formatMoney(pence, event.currency);
  const eventPage = `/events/${encodeURIComponent(event.slug)}`;
  const error =
    actionData && "checkoutError" in actionData
      ? actionData.checkoutError
      : actionData && "error" in actionData
        ? actionData.error
        : null;
  const blocked =
    loaderData.closed ?? (loaderData.seated ? "This event has a seating plan: choose your seats on its page." : null);

  return (
    <div className="container-page max-w-2xl py-8 laptop:py-10">
      <Link to={eventPage} className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> About this event
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">Your tickets</h1>
      <p className="mt-1 text-fg-muted">
        {event.name} · {formatEventDateTime(event.startsAt)} · {event.where}
      </p>
      <p className="mt-1 text-sm text-fg-muted">From {event.hostName}</p>

      {blocked || count === 0 ? (
        <div className="card mt-6 p-6">
          <p className="font-semibold">
            {blocked ?? "You haven't chosen any tickets yet, or they are no longer on sale."}
          </p>
          {loaderData.closed ? null : (
            <Link to={`${eventPage}#tickets`} className="btn-primary mt-4">
              Choose tickets
            </Link>
          )}
        </div>
      ) : (
        <Form method="post" className="card mt-6 p-5" aria-labelledby="basket-heading">
          <h2 id="basket-heading" className="flex items-center gap-2 text-lg font-bold">
            <Ticket aria-hidden className="size-5 text-brand" /> {count === 1 ? "1 ticket" : `${count} tickets`}
          </h2>
          {basket.map((l) => (
            <span key={l.ticketTypeId}>
              <input type="hidden" name={`qty:${l.ticketTypeId}`} value={l.quantity} />
              {l.amountPence !== undefined ? (
                <input type="hidden" name={`amount:${l.ticketTypeId}`} value={poundsForInput(l.amountPence)} />
              ) : null}
            </span>
          ))}
          <input type="hidden" name="key" value={loaderData.key} />
          {error ? (
            <p role="alert" className="mt-3 rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <OrderLines lines={lines} money={money} />
          <OrderBreakdown
            subtotalPence={breakdown.subtotalPence}
            discountPence={breakdown.discountPence}
            discountCode={null}
            bookingFeePence={breakdown.bookingFeePence}
            totalPence={breakdown.totalPence}
            totalLabel="Total"
            money={money}
          />
          {signedIn ? null : (
            <InlineLogIn
              slug={event.slug}
              back={bookPath(event.slug, basket)}
              error={actionData && "signInError" in actionData ? actionData.signInError : null}
            />
          )}
          <button type="submit" className="btn-primary mt-4 w-full" disabled={busy}>
            {busy ? "Holding your tickets…" : signedIn ? "Continue to payment" : "Log in and continue to payment"}
          </button>
          <p className="mt-3 text-xs text-fg-muted">
            We hold your tickets for 10 minutes while you pay. Have a discount code?{" "}
            <Link to={`${eventPage}#tickets`} className="link">
              Book on the event's page
            </Link>{" "}
            to use it.
          </p>
        </Form>
      )}
    </div>
  );
}

import { lazy, Suspense } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { badgeLabel, cardBadges, hasEnded, isSoldOut } from "~/domain/event-flags";
import { cardPriceLabel, isVisible } from "~/domain/ticket-availability";
import { soldOutFor } from "~/domain/waitlist";
import { type SeatMark, sellableSeatCount } from "~/domain/seat-plan";
import { isAppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { formatEventDateTime } from "~/lib/format";
import { eventPageExtras } from "~/services/event-page-extras";
import { eventIdBySlug, getEventPage } from "~/services/get-event-page";
import { countCodeTry } from "~/services/booking-limits";
import { discountProblemText, findDiscount } from "~/services/find-discount";
import { joinWaitlist, leaveWaitlist } from "~/services/join-waitlist";
import { setShownAsGoing } from "~/services/whos-going";
import { unlockPrivateTickets } from "~/services/unlock-private-tickets";
import { BookingPanel } from "~/web/components/booking/booking-panel";
import { EventAbout } from "~/web/components/event-page/event-about";
import { BookingBar } from "~/web/components/event-page/booking-bar";
import { EventBreadcrumb } from "~/web/components/event-page/event-breadcrumb";
import { EventFacts } from "~/web/components/event-page/event-facts";
import { EventGallery } from "~/web/components/event-page/event-gallery";
import { EventStatusNotices } from "~/web/components/event-page/event-status-notices";
import { GettingThere } from "~/web/components/event-page/getting-there";
import { HostCard } from "~/web/components/event-page/host-card";
import { MoreEvents } from "~/web/components/event-page/more-events";
import { EventActions } from "~/web/components/events/event-actions";
import { CheckoutForm } from "~/domain/checkout-form";
import { answerError } from "~/lib/error-table";
import { field, readForm } from "~/lib/read-form";
import { actionError } from "~/web/lib/action-error";
import { pressCheckout } from "~/web/lib/checkout-press.server";
import { eventJsonLd } from "~/web/lib/event-json-ld";
import { imageUrl } from "~/web/lib/images";
import { describe, publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/$slug";
import { optionalPart } from "~/web/lib/optional-part";

export const handle = { title: "Event" };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const viewerId = context.user?.id ?? null;
  const db = context.database.db;
  const event = await getEventPage(db, { slug: params.slug, viewerId });
  if (!event) throw data(null, { status: 404 });
  const now = new Date();
  const { takenSeats, waitlist, whosGoing } = await eventPageExtras(db, { event, viewerId, now });
  const unlockedIds = await unlockPrivateTickets(context.throttle, {
    key: new URL(request.url).searchParams.get("key") ?? "",
    ip: context.clientIp,
    tickets: event.tickets,
    unlockKey: context.ticketCodes.unlockKey,
    now,
  });
  const shareUrl = `${context.publicUrl.replace(/\/$/, "")}/events/${event.slug}`;
  // Built here, for search engines: the browser only puts it back in the head.
  const jsonLd = event.status === "published" && !event.isPrivate ? eventJsonLd(event, context.publicUrl, now) : null;
  return {
    // Only the ticket types this visitor may see: a private one without its key, or a hidden one before
    // its window, is not even named here (its price and sales are the host's business). A private
    // code's tickets come with the code's answer.
    event: { ...event, tickets: event.tickets.filter((t) => isVisible(t, now, unlockedIds.includes(t.id))) },
    now,
    viewerId,
    isOwner: viewerId === event.host.id,
    takenSeats,
    unlockedIds,
    shareUrl,
    tileUrl: context.mapTileUrl,
    waitlist,
    whosGoing,
    jsonLd,
  };
}

/**
 * The page's one form: the waitlist's and the code's fields, signing in on the way, and the booking
 * panel's Checkout, read as `POST /api/events/{slug}/holds` reads it (`checkout`).
 */
const EventPageForm = z.preprocess(
  (values) => ({ ...(values as object), checkout: values }),
  z.object({
    intent: field.text(),
    quantity: field.number(z.number().int().default(1)),
    coupon: field.text(),
    email: field.text(),
    password: field.text(),
    checkout: CheckoutForm,
  }),
);

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.database.db;
  const read = await readForm(request, EventPageForm);
  if (!read.ok) return actionError(read.error);
  const form = read.data;
  const intent = form.intent;
  const now = new Date();

  if (intent === "waitlist-join" || intent === "waitlist-leave") {
    const eventId = await eventIdBySlug(db, params.slug);
    try {
      if (intent === "waitlist-leave") {
        if (!eventId || !context.user) return { waitlistError: messages.buyer.missingWaitlistData };
        // Places it held go to the next person, who is told once this commits.
        await leaveWaitlist(db, { eventId, userId: context.user.id, now });
        return { waitlistLeft: true };
      }
      await joinWaitlist(db, { eventId, userId: context.user?.id ?? null, quantity: form.quantity, now });
      return { waitlistJoined: true };
    } catch (error) {
      if (isAppError(error)) return { waitlistError: error.message };
      throw error;
    }
  }

  if (intent === "going-show" || intent === "going-hide") {
    // A ticket holder's own choice to appear in "Who's going" (decision 0037); nobody else can make it.
    const eventId = await eventIdBySlug(db, params.slug);
    if (!eventId) throw data(null, { status: 404 });
    if (!context.user) throw redirect(`/log-in?redirect=${encodeURIComponent(`/events/${params.slug}`)}`);
    try {
      await setShownAsGoing(db, { eventId, userId: context.user.id, show: intent === "going-show", now });
      return { goingSaved: true };
    } catch (error) {
      if (isAppError(error)) return data({ goingError: error.message }, { status: answerError(error).status });
      throw error;
    }
  }

  if (intent === "coupon") {
    const event = await getEventPage(db, { slug: params.slug, viewerId: context.user?.id ?? null });
    if (!event) throw data(null, { status: 404 });
    const code = form.coupon.trim();
    if (!code) return { couponError: "Enter a code first." };
    // Counted before it is looked up, right or wrong: past the limit no answer says whether a code exists.
    try {
      await countCodeTry(context.throttle, { ip: context.clientIp, userId: context.user?.id ?? null }, now);
    } catch (error) {
      if (isAppError(error) && error.code === "rate_limited")
        return data({ couponError: error.message }, { status: 429 });
      throw error;
    }
    const found = await findDiscount(db, { hostId: event.host.id, eventId: event.id, code, now });
    if (!found?.discount || found.problem) return { couponError: discountProblemText[found?.problem ?? "unknown"] };
    const d = found.discount;
    return {
      coupon: {
        code: d.code,
        rule:
          d.kind === "percent"
            ? ({ kind: "percent", basisPoints: d.value } as const)
            : ({ kind: "fixed", pence: d.value } as const),
        unlocks: d.isPrivate ? event.tickets.filter((t) => t.kind === "private") : [],
      },
    };
  }

  // Checkout needs a signed-in person. Signed out, the panel asks for email and password inline
  // and they come with the basket: one step signs in and holds the tickets (spec §5 messages).
  return pressCheckout(request, context, { slug: params.slug, back: `/events/${params.slug}`, form });
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: "Event not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { event } = loaded;
  const publicUrl = publicUrlFrom(matches);
  const where = event.venue ? `${event.venue.name}, ${event.venue.city}` : "Online";
  return seo({
    title: `${event.name} · ${formatEventDateTime(event.startsAt)} · ${where} · Ticketyboo`,
    description: describe(
      `${formatEventDateTime(event.startsAt)} at ${where}. ${event.summary ?? ""} ${event.description}`,
    ),
    path: `/events/${event.slug}`,
    publicUrl,
    image: event.images[0] ? imageUrl(event.images[0], 1200) : null,
    type: "article",
    // Private events are for people with the link; published public ones are for everyone.
    noindex: event.isPrivate || event.status !== "published",
    jsonLd: loaded.jsonLd ?? undefined,
  });
};

export default function EventPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { event, now, viewerId, isOwner } = loaderData;
  const ended = hasEnded(event, now);
  const stock = {
    capacity: event.tickets.reduce((n, t) => n + t.capacity, 0),
    sold: event.tickets.reduce((n, t) => n + t.sold, 0),
    seatCount: seatCount(event.venue),
  };
  // Nothing left for this buyer, even if the last places are only held (for someone on the waitlist, say).
  const soldOut = isSoldOut(stock) || soldOutFor(event.tickets, loaderData.unlockedIds);
  const badges = cardBadges({ ...event, ...stock }, now);
  const closed = event.isCancelled ? "cancelled" : ended ? "ended" : soldOut ? "sold_out" : null;

  return (
    <article className="container-page py-6 laptop:py-10">
      <EventBreadcrumb category={event.category} eventType={event.eventType} />
      <EventStatusNotices status={event.status} isCancelled={event.isCancelled} isOwner={isOwner} />

      <div
        className="mt-4 grid grid-cols-1 gap-8 laptop:grid-cols-[minmax(0,1fr)_22rem] laptop:gap-10
        desktop:grid-cols-[minmax(0,1fr)_24rem]"
      >
        <div className="min-w-0">
          <EventGallery images={event.images} name={event.name} badges={badges.map(badgeLabel)} />

          <header className="mt-6">
            <h1 className="text-3xl font-extrabold tracking-tight text-balance tablet:text-4xl">{event.name}</h1>
            {event.summary ? <p className="mt-2 text-lg text-fg-muted">{event.summary}</p> : null}
            <EventActions slug={event.slug} name={event.name} url={loaderData.shareUrl} />
          </header>

          <EventFacts event={event} />
          <EventAbout html={event.descriptionHtml} />
          {event.venue ? (
            <GettingThere
              venue={event.venue}
              when={formatEventDateTime(event.startsAt)}
              slug={event.slug}
              name={event.name}
              tileUrl={loaderData.tileUrl}
            />
          ) : null}
          {event.venue?.access ? (
            <Suspense fallback={null}>
              <AccessBlock access={event.venue.access} />
            </Suspense>
          ) : null}
          {loaderData.whosGoing ? (
            <Suspense fallback={null}>
              <WhosGoing
                data={loaderData.whosGoing}
                ended={ended}
                error={actionData && "goingError" in actionData ? actionData.goingError : null}
              />
            </Suspense>
          ) : null}
          <HostCard host={event.host} />
        </div>

        <aside
          id="tickets"
          aria-labelledby="tickets-heading"
          className="min-w-0 scroll-mt-20 laptop:sticky laptop:top-24 laptop:self-start"
        >
          <BookingPanel
            eventId={event.id}
            now={now}
            currency={event.currency}
            feeMode={event.priceTerms.feeMode}
            tickets={event.tickets.filter((t) => isVisible(t, now, loaderData.unlockedIds.includes(t.id)))}
            unlockedIds={loaderData.unlockedIds}
            seatPlan={
              event.venue?.seatRows && event.venue.seatColumns
                ? {
                    rows: event.venue.seatRows,
                    columns: event.venue.seatColumns,
                    rowNames: event.venue.seatRowNames,
                    taken: loaderData.takenSeats,
                    sections: event.venue.seatSections,
                    marks: event.venue.seatMarks,
                  }
                : null
            }
            closed={closed}
            error={actionData && "checkoutError" in actionData ? actionData.checkoutError : null}
            signInError={actionData && "signInError" in actionData ? actionData.signInError : null}
            slug={event.slug}
            correctedBasket={actionData && "correctedBasket" in actionData ? actionData.correctedBasket : null}
          />
          {loaderData.waitlist.place || loaderData.waitlist.canJoin || (actionData && "waitlistLeft" in actionData) ? (
            <Suspense fallback={null}>
              <WaitlistCard
                eventName={event.name}
                slug={event.slug}
                place={loaderData.waitlist.place}
                canJoin={loaderData.waitlist.canJoin}
                signedIn={Boolean(viewerId)}
                offerHours={loaderData.waitlist.offerHours}
                waiting={loaderData.waitlist.waiting}
                error={actionData && "waitlistError" in actionData ? (actionData.waitlistError ?? null) : null}
                justLeft={Boolean(actionData && "waitlistLeft" in actionData)}
              />
            </Suspense>
          ) : null}
        </aside>
      </div>

      <MoreEvents slug={event.slug} now={now} viewerId={viewerId} />
      {closed ? null : (
        <>
          {/* Room for the booking bar, so it never covers the end of the page. */}
          <div aria-hidden className="h-20 laptop:hidden" />
          <BookingBar
            price={cardPriceLabel(event.tickets, now, event.priceTerms)}
            panelId="tickets"
            signedIn={Boolean(viewerId)}
          />
        </>
      )}
    </article>
  );
}

function seatCount(
  venue: { seatRows: number | null; seatColumns: number | null; seatMarks: SeatMark[] } | null,
): number | null {
  return venue?.seatRows && venue.seatColumns
    ? sellableSeatCount({ rows: venue.seatRows, columns: venue.seatColumns }, venue.seatMarks)
    : null;
}

// Only sold-out events (and people already in line) show the waitlist: its code loads with them.
const WaitlistCard = lazy(() =>
  import("~/web/components/booking/waitlist-card").then((m) => ({ default: m.WaitlistCard })),
);

// Only hosts who show their guests have Who's going: its code loads with their events.
// Left out if its code cannot be fetched (optionalPart): the page does without it.
const WhosGoing = optionalPart(() => import("~/web/components/event-page/whos-going").then((m) => m.WhosGoing));

// Only venues whose host said something about access show the block: its code (and icons) load with them.
const AccessBlock = lazy(() => import("~/web/components/venues/access-info").then((m) => ({ default: m.AccessBlock })));

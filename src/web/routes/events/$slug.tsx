import { BadgeCheck, CalendarDays, Clock, Lock, MapPin, MonitorPlay, Navigation } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Basket } from "~/domain/basket";
import { eventTypeLabel, findCategory } from "~/domain/categories";
import { badgeLabel, cardBadges, hasEnded, isSoldOut } from "~/domain/event-flags";
import { isVisible } from "~/domain/ticket-availability";
import { isAppError } from "~/lib/app-error";
import { normaliseEmail } from "~/domain/account-rules";
import { authFailure, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { messages } from "~/texts/messages";
import { formatEventDateTime, formatLongDate, formatTimeRange } from "~/lib/format";
import { directionsUrl } from "~/lib/maps";
import { bookingExtras } from "~/services/booking-page";
import { eventIdBySlug, getEventPage } from "~/services/get-event-page";
import { countCodeTry, countWrongUnlockKey, HOLD_LIMITS, unlockKeysBlocked } from "~/services/booking-limits";
import { discountProblemText, findDiscount, holdTickets } from "~/services/hold-tickets";
import { recommendForEvent } from "~/services/recommend-events";
import { joinWaitlist, leaveWaitlist, waitingCounts, waitlistPlace } from "~/services/join-waitlist";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- emails move into services and the jobs queue (issue 16, item 3)
import { sendWaitlistOffers } from "~/server/email/after-sale-emails.server";
import { nothingToBuy } from "~/domain/waitlist";
import { BookingPanel } from "~/web/components/booking/booking-panel";
import { EventActions } from "~/web/components/events/event-actions";
import { EventGrid } from "~/web/components/events/event-card";
import { CheckoutForm, checkoutRequest } from "~/domain/checkout-form";
import { answerError } from "~/lib/error-table";
import { field, readForm } from "~/lib/read-form";
import { actionError } from "~/web/lib/action-error";
import { eventJsonLd } from "~/web/lib/event-json-ld";
import { HERO_WIDTHS, imageSrcSet, imageUrl, mediaPath } from "~/web/lib/images";
import { describe, publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/$slug";

export const handle = { title: "Event" };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const viewerId = context.user?.id ?? null;
  const db = context.database.db;
  const event = await getEventPage(db, { slug: params.slug, viewerId });
  if (!event) throw data(null, { status: 404 });
  const now = new Date();
  // What the page adds to the event, all at once: recommendations, the booking panel's extras, and
  // the waitlist (for a person on it, their place; for anyone, how many wait).
  const [recommendations, extras, place, waiting] = await Promise.all([
    recommendForEvent(db, {
      now,
      event: { id: event.id, category: event.category, hostId: event.host.id, venue: event.venue ? { lat: event.venue.lat, lng: event.venue.lng } : null },
    }),
    bookingExtras(db, { eventId: event.id, now }),
    viewerId ? waitlistPlace(db, { eventId: event.id, userId: viewerId }) : null,
    waitingCounts(db, [event.id]).then((m) => m.get(event.id) ?? 0),
  ]);
  // A host's private link (?key=) unlocks its private ticket type; a private discount code does too, at checkout.
  // Wrong keys count against the address, and once it has tried too many no key unlocks anything.
  const key = new URL(request.url).searchParams.get("key") ?? "";
  let unlockedIds: string[] = [];
  if (key && !(await unlockKeysBlocked(context.throttle, context.clientIp, now))) {
    unlockedIds = event.tickets.filter((t) => t.kind === "private" && context.ticketCodes.unlockKey(t.id) === key).map((t) => t.id);
    if (unlockedIds.length === 0) await countWrongUnlockKey(context.throttle, context.clientIp, now);
  }
  const shareUrl = `${context.publicUrl.replace(/\/$/, "")}/events/${event.slug}`;
  const waitlist = {
    place,
    waiting,
    canJoin: !event.isCancelled && !hasEnded(event, now) && nothingToBuy(event.tickets),
    offerHours: extras.waitlistOfferHours,
  };
  // Built here, for search engines: the browser only puts it back in the head.
  const jsonLd = event.status === "published" && !event.isPrivate ? eventJsonLd(event, context.publicUrl, now) : null;
  return { event, now, recommendations, viewerId, isOwner: viewerId === event.host.id, takenSeats: extras.takenSeats, unlockedIds, shareUrl, tileUrl: context.mapTileUrl, waitlist, jsonLd };
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
        await leaveWaitlist(db, { eventId, userId: context.user.id, now });
        // Places it held go to the next person: tell them now rather than at the next sweep.
        await sendWaitlistOffers({ db, mailer: context.mailer, publicUrl: context.publicUrl }, now);
        return { waitlistLeft: true };
      }
      await joinWaitlist(db, { eventId, userId: context.user?.id ?? null, quantity: form.quantity, now });
      return { waitlistJoined: true };
    } catch (error) {
      if (isAppError(error)) return { waitlistError: error.message };
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
      if (isAppError(error) && error.code === "rate_limited") return data({ couponError: error.message }, { status: 429 });
      throw error;
    }
    const found = await findDiscount(db, event.host.id, code, now);
    if (!found?.discount || found.problem) return { couponError: discountProblemText[found?.problem ?? "unknown"] };
    const d = found.discount;
    return {
      coupon: {
        code: d.code,
        rule: d.kind === "percent" ? ({ kind: "percent", basisPoints: d.value } as const) : ({ kind: "fixed", pence: d.value } as const),
        unlocks: d.isPrivate ? event.tickets.filter((t) => t.kind === "private") : [],
      },
    };
  }

  // Checkout needs a signed-in person. Signed out, the panel asks for email and password inline
  // and they come with the basket: one step signs in and holds the tickets (spec §5 messages).
  let buyerId = context.user?.id ?? null;
  const cookies = new Headers();
  if (!buyerId) {
    const email = normaliseEmail(form.email);
    const password = form.password;
    if (!email || !password) throw redirect(`/log-in?redirect=${encodeURIComponent(`/events/${params.slug}`)}`);
    try {
      const result = await context.auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: authHeaders(request, context), returnHeaders: true });
      for (const cookie of cookiesFrom(result.headers).getSetCookie()) cookies.append("Set-Cookie", cookie);
      buyerId = result.response.user.id;
    } catch (error) {
      const failure = authFailure(error, messages.auth.invalidCredentials);
      // The log-in page can show the robot check this account now needs, then come back here.
      if (failure.code === "ROBOT_CHECK_REQUIRED") throw redirect(`/log-in?check=robot&redirect=${encodeURIComponent(`/events/${params.slug}`)}`);
      return data({ signInError: failure.status === 429 || failure.status >= 500 ? failure.message : messages.auth.invalidCredentials, email }, { status: failure.status === 429 ? 429 : 401 });
    }
  }
  const checkout = checkoutRequest(form.checkout, new URL(request.url).searchParams.get("key"), context.ticketCodes.unlockKey);
  try {
    // The same press as `POST /api/events/{slug}/holds`, which the panel uses when JavaScript runs:
    // this form is the way in without it, and for signing in on the way.
    if (checkout.coupon) await countCodeTry(context.throttle, { ip: context.clientIp, userId: buyerId }, now);
    const held = await holdTickets(db, { slug: params.slug, userId: buyerId, ...checkout, now, ip: context.clientIp, limits: HOLD_LIMITS });
    throw redirect(`/checkout/${held.holdId}`, { headers: cookies });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isAppError(error)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    const basket = (error.details?.basket as Basket | undefined) ?? null;
    // Signed in just now, the person stays signed in even though the tickets could not be held.
    const { status, message } = answerError(error);
    return data({ checkoutError: message, correctedBasket: basket }, { status, headers: cookies });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: "Event not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { event } = loaded;
  const publicUrl = publicUrlFrom(matches);
  const where = event.venue ? `${event.venue.name}, ${event.venue.city}` : "Online";
  return seo({
    title: `${event.name} · ${formatEventDateTime(event.startsAt)} · ${where} · Ticketyboo`,
    description: describe(`${formatEventDateTime(event.startsAt)} at ${where}. ${event.summary ?? ""} ${event.description}`),
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
  const { event, now, recommendations, viewerId, isOwner } = loaderData;
  const category = findCategory(event.category);
  const ended = hasEnded(event, now);
  const stock = { capacity: event.tickets.reduce((n, t) => n + t.capacity, 0), sold: event.tickets.reduce((n, t) => n + t.sold, 0), seatCount: seatCount(event.venue) };
  const soldOut = isSoldOut(stock);
  const badges = cardBadges({ ...event, ...stock }, now);
  const paragraphs = event.description.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);

  return (
    <article className="container-page py-6 laptop:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-fg-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          {category ? (
            <>
              <li aria-hidden>/</li>
              <li>
                <Link to={`/events/category/${category.slug}`} className="hover:underline">
                  {category.label}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden>/</li>
          <li>
            <Link to={`/events/type/${event.eventType}`} className="hover:underline">
              {eventTypeLabel(event.eventType)}
            </Link>
          </li>
        </ol>
      </nav>

      {isOwner && event.status !== "published" ? (
        <p role="status" className="mt-4 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning">
          Only you can see this page: the event is {event.status}. Publish it in Partner Studio to start selling.
        </p>
      ) : null}
      {event.isCancelled ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger">
          This event has been cancelled by its host. Anyone with tickets will hear from them about refunds.
        </p>
      ) : null}

      <div className="mt-4 grid gap-8 laptop:grid-cols-[minmax(0,1fr)_22rem] laptop:gap-10 desktop:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <Gallery images={event.images} name={event.name} badges={badges.map(badgeLabel)} />

          <header className="mt-6">
            <h1 className="text-3xl font-extrabold tracking-tight text-balance tablet:text-4xl">{event.name}</h1>
            {event.summary ? <p className="mt-2 text-lg text-fg-muted">{event.summary}</p> : null}
            <EventActions slug={event.slug} name={event.name} url={loaderData.shareUrl} />
          </header>

          <dl className="mt-6 grid gap-4 tablet:grid-cols-2">
            <Fact icon={<CalendarDays aria-hidden className="size-5" />} label="Date">
              <time dateTime={event.startsAt.toISOString()}>{formatLongDate(event.startsAt)}</time>
            </Fact>
            <Fact icon={<Clock aria-hidden className="size-5" />} label="Time">
              {formatTimeRange(event.startsAt, event.endsAt)} <span className="text-fg-muted">(UK time)</span>
            </Fact>
            {event.venue ? (
              <Fact icon={<MapPin aria-hidden className="size-5" />} label="Venue">
                <span className="font-medium">{event.venue.name}</span>
                <br />
                <span className="text-fg-muted">{event.venue.formattedAddress}</span>
              </Fact>
            ) : (
              <Fact icon={<MonitorPlay aria-hidden className="size-5" />} label="Where">
                Online: the joining link comes with your ticket.
              </Fact>
            )}
            {event.isPrivate ? (
              <Fact icon={<Lock aria-hidden className="size-5" />} label="Private event">
                Only people with the link can find this page.
              </Fact>
            ) : null}
          </dl>

          <section aria-labelledby="about-heading" className="mt-8">
            <h2 id="about-heading" className="text-xl font-bold">
              About this event
            </h2>
            <div className="mt-3 max-w-prose space-y-4 leading-7">
              {paragraphs.length > 0 ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="text-fg-muted">The host hasn't written a description yet.</p>}
            </div>
          </section>

          {event.venue ? (
            <section aria-labelledby="venue-heading" className="mt-8">
              <h2 id="venue-heading" className="text-xl font-bold">
                Getting there
              </h2>
              <VenueMap venue={event.venue} when={formatEventDateTime(event.startsAt)} slug={event.slug} name={event.name} tileUrl={loaderData.tileUrl} />
              <div className="card mt-3 flex flex-col gap-3 p-5 tablet:flex-row tablet:items-center tablet:justify-between">
                <address className="not-italic">
                  <span className="font-semibold">{event.venue.name}</span>
                  <br />
                  {event.venue.addressLine1}, {event.venue.city} {event.venue.postcode}
                </address>
                <a
                  href={directionsUrl(event.venue.lat, event.venue.lng)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-secondary shrink-0">
                  <Navigation aria-hidden className="size-4" /> Directions
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </section>
          ) : null}

          <HostCard host={event.host} />
        </div>

        <aside aria-labelledby="tickets-heading" className="laptop:sticky laptop:top-24 laptop:self-start">
          <BookingPanel
            eventId={event.id}
            now={now}
            currency={event.currency}
            feeMode={event.priceTerms.feeMode}
            tickets={event.tickets.filter((t) => isVisible(t, now, loaderData.unlockedIds.includes(t.id)))}
            unlockedIds={loaderData.unlockedIds}
            seatPlan={event.venue?.seatRows && event.venue.seatColumns ? { rows: event.venue.seatRows, columns: event.venue.seatColumns, taken: loaderData.takenSeats } : null}
            closed={event.isCancelled ? "cancelled" : ended ? "ended" : soldOut ? "sold_out" : null}
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

      {recommendations.length > 0 ? (
        <section aria-labelledby="more-heading" className="mt-14">
          <h2 id="more-heading" className="text-2xl font-bold tracking-tight">
            You might also like
          </h2>
          <div className="mt-6">
            <EventGrid events={recommendations} now={now} viewerId={viewerId} />
          </div>
        </section>
      ) : null}
    </article>
  );
}

function seatCount(venue: { seatRows: number | null; seatColumns: number | null } | null): number | null {
  return venue?.seatRows && venue.seatColumns ? venue.seatRows * venue.seatColumns : null;
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  // dt and dd sit directly in their group (a <dl> rule); the icon lives inside the dt.
  return (
    <div className="relative min-h-10 pl-13 text-sm">
      <dt className="font-semibold">
        <span className="absolute top-0 left-0 grid size-10 place-items-center rounded-xl bg-brand-soft text-brand">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function Gallery({ images, name, badges }: { images: string[]; name: string; badges: string[] }) {
  const [cover, ...rest] = images;
  return (
    <div>
      <div className="relative aspect-[16/9] overflow-hidden rounded-2xl bg-surface-2">
        {cover ? (
          <img
            src={imageUrl(cover, 1200)}
            srcSet={imageSrcSet(cover, HERO_WIDTHS)}
            sizes="(min-width: 1280px) 800px, (min-width: 1024px) 60vw, 100vw"
            alt={`${name}: event image`}
            width={1200}
            height={675}
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : null}
        {badges.length > 0 ? (
          <ul aria-label="Status" className="absolute top-4 left-4 flex flex-wrap gap-2">
            {badges.map((b) => (
              <li key={b} className="rounded-full bg-neutral-900/85 px-3 py-1 text-sm font-semibold text-white">
                {b}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {rest.length > 0 ? (
        <ul className="mt-3 grid grid-cols-4 gap-3">
          {rest.slice(0, 4).map((key, i) => (
            <li key={key}>
              <img src={imageUrl(key, 640)} alt={`${name}: image ${i + 2}`} loading="lazy" width={640} height={360} className="aspect-[16/9] w-full rounded-xl object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function HostCard({ host }: { host: { id: string; name: string; title: string | null; image: string | null; username: string | null; isVerified: boolean; bio: string | null } }) {
  const shown = host.title ?? host.name;
  return (
    <section aria-labelledby="host-heading" className="mt-8">
      <h2 id="host-heading" className="text-xl font-bold">
        Your host
      </h2>
      <div className="card mt-3 flex gap-4 p-5">
        {host.image ? (
          <img src={mediaPath(host.image)} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-soft text-lg font-bold text-brand">
            {shown.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            <Link to={`/user/${host.id}`} className="hover:underline">
              {shown}
            </Link>
            {host.isVerified ? <BadgeCheck aria-label="Verified host" className="size-4 text-brand" /> : null}
          </p>
          {host.title ? <p className="text-sm text-fg-muted">Run by {host.name}</p> : null}
          {host.bio ? <p className="mt-2 line-clamp-3 text-sm">{host.bio}</p> : null}
          <Link to={`/user/${host.id}`} className="link mt-2 inline-block text-sm">
            More from {shown}
          </Link>
        </div>
      </div>
    </section>
  );
}

// Only sold-out events (and people already in line) show the waitlist: its code loads with them.
const WaitlistCard = lazy(() => import("~/web/components/booking/waitlist-card").then((m) => ({ default: m.WaitlistCard })));

const EventMap = lazy(() => import("~/web/components/explore/event-map").then((m) => ({ default: m.EventMap })));

/**
 * A small map of the venue, fetched (Leaflet and its tiles) only when the section scrolls near:
 * most visits never reach it, and the page's own JavaScript stays small.
 */
function VenueMap(props: { venue: { name: string; lat: number; lng: number; formattedAddress: string }; when: string; slug: string; name: string; tileUrl: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = slot.current;
    if (!el || typeof IntersectionObserver === "undefined") return setNear(true);
    const watcher = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        watcher.disconnect();
      }
    }, { rootMargin: "300px" });
    watcher.observe(el);
    return () => watcher.disconnect();
  }, []);
  const { venue } = props;
  // One pins array for the life of the page: a new one would make the map tear itself down and start again.
  const pins = useMemo(
    () => [{ slug: props.slug, name: props.name, lat: venue.lat, lng: venue.lng, when: props.when, where: `${venue.name}, ${venue.formattedAddress}`, price: null }],
    [props.slug, props.name, props.when, venue.lat, venue.lng, venue.name, venue.formattedAddress],
  );
  const centre = useMemo(() => ({ lat: venue.lat, lng: venue.lng }), [venue.lat, venue.lng]);
  const placeholder = <div className="grid size-full place-items-center rounded-2xl bg-surface-2 text-sm text-fg-muted">Map of {venue.name}</div>;
  return (
    <div ref={slot} className="mt-3 h-56 overflow-hidden rounded-2xl tablet:h-64">
      {near ? (
        <Suspense fallback={placeholder}>
          <EventMap
            pins={pins}
            centre={centre}
            zoom={15}
            tileUrl={props.tileUrl}
            label={`Map of ${venue.name}`}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

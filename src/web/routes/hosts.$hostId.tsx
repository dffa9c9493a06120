import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { field, parseQuery } from "~/lib/read-form";
import { formatEventDateTime, formatShortDate } from "~/lib/format";
import { getBookingWidget, type WidgetEvent, type WidgetEventSummary } from "~/services/host-widget";
import { messages } from "~/texts/messages";
import { TicketPrices } from "~/web/components/booking/ticket-prices";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { HostAvatar, hostBrandStyle, HostName } from "~/web/components/widget/host-brand";
import { WidgetTickets } from "~/web/components/widget/widget-tickets";
import type { Route } from "./+types/hosts.$hostId";

/**
 * The host's booking widget (spec §2 "Widgets"): compact, made to sit in an iframe on the host's
 * own website, and the only page any site may frame (src/server/framing.ts, decision 0046). No
 * header, footer or cookie card; links that leave it open a new tab.
 */
export const handle = { title: "Booking widget", bare: true, framed: true };

const WidgetQuery = z.object({
  event: field.text(200),
  page: z
    .string()
    .default("")
    .transform((value) => pageParam(value)),
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const read = parseQuery(request.url, WidgetQuery);
  const query = read.ok ? read.data : { event: "", page: 1 };
  const now = new Date();
  const widget = await getBookingWidget(context.database.db, {
    hostId: params.hostId,
    now,
    page: query.page,
    eventSlug: query.event.trim() || null,
  });
  if (!widget) throw data(null, { status: 404 });
  return { ...widget, now, asked: query.event.trim() !== "" };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Page not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { host, chosen } = loaded;
  return [
    { title: chosen ? `${chosen.name} · ${host.name} · Ticketyboo` : `Book tickets · ${host.name} · Ticketyboo` },
    {
      name: "description",
      content: chosen
        ? `Book tickets for ${chosen.name}, ${formatEventDateTime(chosen.startsAt)}, from ${host.name} on Ticketyboo.`
        : `Book tickets for ${host.name}'s upcoming events on Ticketyboo, at all-in prices.`,
    },
    // Made for other sites' pages: the host's own page is the one for search engines.
    { name: "robots", content: "noindex" },
  ];
};

const outLink = "link inline-flex items-center gap-1";

/** Opens in a new tab, so the visitor keeps the host's site. */
function NewTab({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className ?? outLink}>
      {children}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export default function BookingWidget({ loaderData }: Route.ComponentProps) {
  const { host, events, page, pages, chosen, now, asked } = loaderData;
  const home = `/hosts/${encodeURIComponent(host.id)}`;
  return (
    <div style={hostBrandStyle(host.colors)} className="flex min-h-dvh flex-col bg-bg text-fg">
      <header
        className="border-b-4 border-brand-strong bg-brand-strong text-on-brand"
        style={host.colors.accentColor ? { borderBottomColor: host.colors.accentColor } : undefined}
      >
        <div className="mx-auto flex w-full max-w-xl items-center gap-3 px-4 py-3">
          <HostAvatar host={host} className="size-10 text-sm" />
          <div className="min-w-0">
            <h1 className="flex items-center gap-1.5 text-lg leading-tight font-bold">
              <HostName host={host} badgeClassName="size-5" />
            </h1>
            <p className="text-sm">Book tickets</p>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-4">
        {chosen ? (
          <ChosenEvent event={chosen} now={now} home={home} />
        ) : (
          <>
            {asked ? (
              <p role="status" className="mb-3 rounded-xl bg-surface-2 px-3 py-2 text-sm">
                That event isn't on sale here. Here is what is coming up.
              </p>
            ) : null}
            <EventList events={events} home={home} />
            <Pagination
              page={page}
              pageCount={pages}
              hrefFor={(p) => (p > 1 ? `${home}?page=${p}` : home)}
              label="Pages of events"
            />
          </>
        )}
      </main>

      <footer className="border-t border-border px-4 py-3 text-center text-xs text-fg-muted">
        <NewTab href="/" className="inline-flex items-center gap-1 hover:underline">
          Powered by <strong className="font-bold text-fg">Ticketyboo</strong>
        </NewTab>
      </footer>
    </div>
  );
}

function EventList({ events, home }: { events: WidgetEventSummary[]; home: string }) {
  if (events.length === 0)
    return (
      <div className="rounded-2xl bg-surface-2 px-4 py-8 text-center">
        <h2 className="text-lg font-bold">No upcoming events — check back soon</h2>
        <p className="mt-1 text-sm text-fg-muted">New dates show here as soon as they go on sale.</p>
      </div>
    );
  return (
    <>
      <h2 className="text-base font-bold">Upcoming events</h2>
      <ul className="mt-1 divide-y divide-border">
        {events.map((e) => (
          <li key={e.id} className="flex items-center gap-3 py-3">
            <DateChip date={e.startsAt} />
            <div className="min-w-0 flex-1">
              <p className="leading-snug font-semibold break-words">{e.name}</p>
              <p className="text-sm text-fg-muted">
                {formatEventDateTime(e.startsAt)} · {e.where}
              </p>
              <p className="text-sm font-semibold">{e.soldOut ? "Sold out" : (e.price ?? "Not on sale yet")}</p>
            </div>
            <Link
              to={`${home}?event=${encodeURIComponent(e.slug)}`}
              className="btn shrink-0 bg-brand-strong px-4 text-on-brand hover:brightness-95"
              aria-label={`Tickets for ${e.name}`}
            >
              Tickets
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function DateChip({ date }: { date: Date }) {
  const [weekday, day, month] = formatShortDate(date).split(" ");
  return (
    <span
      aria-hidden
      className="grid w-12 shrink-0 place-items-center rounded-xl bg-surface-2 py-1 text-center leading-tight"
    >
      <span className="text-[0.6875rem] font-semibold text-fg-muted uppercase">{weekday}</span>
      <span className="text-lg font-extrabold">{day}</span>
      <span className="text-[0.6875rem] font-semibold text-fg-muted uppercase">{month}</span>
    </span>
  );
}

function ChosenEvent({ event, now, home }: { event: WidgetEvent; now: Date; home: string }) {
  const eventPage = `/events/${encodeURIComponent(event.slug)}`;
  return (
    <article aria-labelledby="event-heading">
      <Link to={home} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> All events
      </Link>
      <h2 id="event-heading" className="mt-2 text-xl leading-tight font-extrabold break-words">
        {event.name}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        {formatEventDateTime(event.startsAt)} · {event.where}
      </p>
      <p className="mt-1 text-sm">
        <NewTab href={eventPage}>About this event</NewTab>
      </p>
      {event.closed ? (
        <div className="mt-4 rounded-2xl bg-surface-2 p-4">
          <p className="font-semibold">
            {event.closed === "ended"
              ? messages.buyer.ended
              : event.closed === "sold_out"
                ? messages.buyer.soldOut
                : "This event has been cancelled."}
          </p>
          {event.closed === "sold_out" ? (
            <p className="mt-2 text-sm">
              <NewTab href={eventPage}>Join the waitlist on Ticketyboo</NewTab>
            </p>
          ) : null}
          <TicketPrices tickets={event.tickets} now={now} terms={event.priceTerms} />
        </div>
      ) : event.seated ? (
        <div className="mt-4 rounded-2xl bg-surface-2 p-4">
          <p className="text-sm">This event has a seating plan: choose your seats on its page.</p>
          <TicketPrices tickets={event.tickets} now={now} terms={event.priceTerms} />
          <NewTab
            href={`${eventPage}#tickets`}
            className="btn mt-3 w-full bg-brand-strong text-on-brand hover:brightness-95"
          >
            Choose seats
          </NewTab>
        </div>
      ) : (
        <WidgetTickets event={event} now={now} />
      )}
    </article>
  );
}

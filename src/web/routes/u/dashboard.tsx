import { BellRing, Clock, Compass, Heart, Settings, Ticket, Users } from "lucide-react";
import { Link } from "react-router";
import { formatEventDateTime, formatLondonTime, formatShortDate } from "~/lib/format";
import { readLocation } from "~/web/lib/location-cookie";
import { myWaitlists } from "~/services/waitlist-places";
import { upcomingTicketGroups } from "~/services/list-my-tickets";
import { recommendForPerson } from "~/services/recommend-events";
import { followingOnDashboard } from "~/services/host-follows";
import { EventGrid } from "../../components/events/event-card";
import { displayName } from "../../components/shell/profile-menu";
import { TicketGroups } from "../../components/tickets/ticket-groups";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/dashboard";

export const handle = { title: "Dashboard" };
export const meta: Route.MetaFunction = () => [
  { title: "Your dashboard · Ticketyboo" },
  { name: "description", content: "Your Ticketyboo dashboard: your next tickets and events picked for you." },
];

/** How many events' tickets the dashboard shows before "All my tickets". */
const TICKET_EVENTS = 3;
/** How many of the followed hosts' next events the dashboard shows (a row or two of cards). */
const FOLLOWED_EVENTS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The signed-in layout has already sent anyone without a session away.
  const user = requireUser(context, request);
  const db = context.database.db;
  const now = new Date();
  const location = readLocation(request.headers.get("Cookie") ?? "");
  const [events, tickets, waitlists, following] = await Promise.all([
    recommendForPerson(db, { now, location }),
    upcomingTicketGroups(db, { userId: user.id, now, limit: TICKET_EVENTS + 1 }),
    myWaitlists(db, { userId: user.id }),
    followingOnDashboard(db, { userId: user.id, now, limit: FOLLOWED_EVENTS }),
  ]);
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { hour: "numeric", hour12: false, timeZone: "Europe/London" }).format(now),
  );
  return {
    user,
    events,
    tickets: tickets.slice(0, TICKET_EVENTS),
    moreTickets: tickets.length > TICKET_EVENTS,
    waitlists,
    following,
    now,
    nearby: Boolean(location),
    greeting: greeting(hour),
  };
}

function greeting(hour: number): string {
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, events, now, nearby, tickets, waitlists, following } = loaderData;
  return (
    <div className="container-page py-8 laptop:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">
            {loaderData.greeting}, {user.firstName ?? displayName(user)}
          </h1>
          <p className="mt-1 text-fg-muted">Here's what's coming up for you.</p>
        </div>
        <Link to="/u/settings/profile" className="btn-secondary">
          <Settings aria-hidden className="size-4" /> Settings
        </Link>
      </div>

      <section aria-labelledby="your-tickets" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="your-tickets" className="text-xl font-bold">
            Your upcoming tickets
          </h2>
          {tickets.length > 0 ? (
            <Link to="/u/tickets" className="link text-sm font-semibold">
              {loaderData.moreTickets ? "All my tickets" : "My tickets, past and upcoming"}
            </Link>
          ) : null}
        </div>
        {tickets.length > 0 ? (
          <div className="mt-4">
            <TicketGroups groups={tickets} now={now} />
          </div>
        ) : (
          <div className="card mt-4 p-8 text-center">
            <Ticket aria-hidden className="mx-auto size-8 text-fg-muted" />
            <p className="mt-3 font-semibold">No upcoming tickets yet</p>
            <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
              When you book, your tickets live here and work at the door even offline.
            </p>
            <Link to="/" className="btn-primary mt-5">
              <Compass aria-hidden className="size-4" /> Find something to do
            </Link>
          </div>
        )}
      </section>

      {waitlists.length > 0 ? (
        <section aria-labelledby="waitlists" className="mt-10">
          <h2 id="waitlists" className="flex items-center gap-2 text-xl font-bold">
            <Users aria-hidden className="size-5 text-brand" /> Waitlists you've joined
          </h2>
          <ul className="mt-4 grid gap-3 tablet:grid-cols-2">
            {waitlists.map((w) => (
              <li key={w.entryId} className="card flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <Link to={`/events/${w.event.slug}`} className="font-semibold hover:underline">
                    {w.event.name}
                  </Link>
                  <p className="text-sm text-fg-muted">
                    {formatEventDateTime(w.event.startsAt)} · {w.event.place}
                  </p>
                  {w.offer ? (
                    <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-success">
                      <BellRing aria-hidden className="size-4" /> Places held for you until{" "}
                      {formatLondonTime(w.offer.expiresAt)}, {formatShortDate(w.offer.expiresAt)}
                    </p>
                  ) : (
                    <p className="mt-1 flex items-center gap-1.5 text-sm">
                      <Clock aria-hidden className="size-4 text-brand" /> Waiting for{" "}
                      {w.quantity === 1 ? "a place" : `${w.quantity} places`}
                    </p>
                  )}
                </div>
                {w.offer ? (
                  <Link to={`/checkout/${w.offer.holdId}`} className="btn-primary min-h-10 text-sm">
                    Book now
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="from-hosts" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="from-hosts" className="flex items-center gap-2 text-xl font-bold">
            <Heart aria-hidden className="size-5 text-brand" /> From hosts you follow
          </h2>
          {following.hostCount > 0 ? (
            <Link to="/u/settings/following" className="link text-sm font-semibold">
              Hosts you follow ({following.hostCount})
            </Link>
          ) : null}
        </div>
        {following.events.length > 0 ? (
          <div className="mt-4">
            <EventGrid events={following.events} now={now} viewerId={user.id} />
          </div>
        ) : (
          <div className="card mt-4 p-6 text-center">
            <p className="font-semibold">
              {following.hostCount > 0
                ? "Nothing coming up from the hosts you follow just now"
                : "Follow the hosts you like to see their next events here"}
            </p>
            <p className="mx-auto mt-1 max-w-md text-sm text-fg-muted">
              {following.hostCount > 0
                ? "When they announce something new, it shows here first."
                : "Every event names its host: open their page and press Follow."}
            </p>
            <Link to="/explore" className="btn-secondary mt-4">
              <Compass aria-hidden className="size-4" /> Explore events
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="coming-up" className="mt-10">
        <h2 id="coming-up" className="text-xl font-bold">
          Picked for you
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {nearby
            ? "What's on near you, then what everyone's booking."
            : "What everyone's booking right now. Share your location on the map for nights near you."}
        </p>
        <div className="mt-4">
          {events.length > 0 ? (
            <EventGrid events={events} now={now} viewerId={user.id} />
          ) : (
            <p className="card p-6 text-center text-sm text-fg-muted">
              Nothing is on sale just now. New events appear here as hosts publish them.
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

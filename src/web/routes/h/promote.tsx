import { CalendarDays, Megaphone } from "lucide-react";
import { Link } from "react-router";
import { formatEventDateTime } from "~/lib/format";
import { promotableEvents, type PromotableEvent } from "~/services/share-kit";
import { shareKitHref } from "~/web/lib/share-kit.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/promote";
import { eventStatusWord } from "~/web/lib/event-status-word";
import { hasEnded } from "~/domain/event-flags";

export const handle = { title: "Promote" };
export const meta: Route.MetaFunction = () => [
  { title: "Promote · Partner Studio · Ticketyboo" },
  { name: "description", content: "Ways to promote your events: share kits, tracking links and email." },
  { name: "robots", content: "noindex" },
];

/** How many events to come the page lists. */
const SHOWN = 30;

/** Promote (issue 21): each event's share kit and tracking links, soonest events first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const now = new Date();
  const { upcoming, past } = await promotableEvents(context.database.db, { hostId, now });
  // "Past" lists what has started: one still going is not "Ended" yet.
  const withHref = (e: PromotableEvent) => ({ ...e, ended: hasEnded(e, now), href: shareKitHref(hostId, e.id) });
  // The page lists the next few; the share kit's own event picker reaches every one.
  return {
    upcoming: upcoming.slice(0, SHOWN).map(withHref),
    more: Math.max(0, upcoming.length - SHOWN),
    past: past.slice(0, 10).map(withHref),
  };
}

function EventRow({ e }: { e: Route.ComponentProps["loaderData"]["upcoming"][number] }) {
  return (
    <li className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <span className="min-w-0">
        <span className="block font-semibold">{e.name}</span>
        <span className="block text-sm text-fg-muted">
          {formatEventDateTime(new Date(e.startsAt))} · {eventStatusWord(e, e.ended)}
        </span>
      </span>
      <Link to={e.href} className="btn-secondary" aria-label={`Share kit and tracking links: ${e.name}`}>
        <Megaphone aria-hidden className="size-4" /> Share kit and links
      </Link>
    </li>
  );
}

export default function Promote({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, more } = loaderData;
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Partner Studio</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Promote</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Posters, pictures for social media, words to paste and your booking widget for each event, and tracking links
        that show which promoter or channel sells your tickets.
      </p>
      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="flex items-center gap-2 text-xl font-bold">
          <CalendarDays aria-hidden className="size-5 text-brand" /> Coming up
        </h2>
        {upcoming.length === 0 ? (
          <div className="card mt-4 p-6 text-center text-sm text-fg-muted">
            <p>No events coming up. Make one, then come back here to spread the word.</p>
            <Link to="/h/events/new" className="btn-secondary mt-4">
              New event
            </Link>
          </div>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {upcoming.map((e) => (
              <EventRow key={e.id} e={e} />
            ))}
          </ul>
        )}
        {more > 0 ? (
          <p className="mt-3 text-sm text-fg-muted">
            And {more} more later on: choose them from the event list on any share kit, or find them in{" "}
            <Link to="/h/events" className="font-semibold text-brand underline">
              Events
            </Link>
            .
          </p>
        ) : null}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-heading" className="mt-10">
          <h2 id="past-heading" className="text-xl font-bold">
            Past events
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {past.map((e) => (
              <EventRow key={e.id} e={e} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

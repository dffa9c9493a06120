import { ArrowRight, CalendarDays, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { listUpcomingEvents } from "~/services/list-upcoming-events";
import { DidYouKnow } from "../components/did-you-know";
import { UpcomingGrid } from "../components/upcoming-card";
import type { Route } from "./+types/home";

export const handle = { title: "Discover events" };

export const meta: Route.MetaFunction = () => [
  { title: "Ticketyboo · Find something to do tonight" },
  {
    name: "description",
    content:
      "Gigs, comedy, quiz nights, workshops and fundraisers across the UK, at honest all-in prices.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const events = await listUpcomingEvents(context.database.db, {
    now: new Date(),
    limit: 12,
  });
  return { events };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <>
      <section className="border-b border-border bg-[radial-gradient(ellipse_at_top_left,var(--brand-soft),transparent_60%)]">
        <div className="container-page grid items-center gap-10 py-14 tablet:py-20 laptop:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand">
              <Sparkles aria-hidden className="size-3.5" /> Honest all-in
              prices, always
            </p>
            <h1 className="mt-4 max-w-2xl text-4xl font-extrabold tracking-tight text-balance tablet:text-5xl">
              Find something brilliant to do tonight.
            </h1>
            <p className="mt-4 max-w-xl text-lg text-fg-muted">
              The pub quiz, the basement gig, the charity run, the pottery
              workshop. Book in seconds, with the price you see being the price
              you pay.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/explore" className="btn-primary px-6">
                Explore events near you{" "}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
              <Link to="/hosts" className="btn-secondary px-6">
                Host an event
              </Link>
            </div>
          </div>
          <HeroCovers events={events.slice(0, 3)} />
        </div>
      </section>

      <section
        aria-labelledby="upcoming-title"
        className="container-page py-12"
      >
        <div className="flex items-end justify-between gap-4">
          <h2 id="upcoming-title" className="text-2xl font-bold tracking-tight">
            Coming up
          </h2>
          <Link to="/explore" className="link text-sm">
            See everything
          </Link>
        </div>
        {events.length === 0 ? (
          <div className="card mt-6 p-10 text-center">
            <CalendarDays
              aria-hidden
              className="mx-auto size-8 text-fg-muted"
            />
            <p className="mt-3 font-semibold">No upcoming events yet</p>
            <p className="mt-1 text-sm text-fg-muted">
              When hosts publish events, they'll show up here first.
            </p>
          </div>
        ) : (
          <UpcomingGrid events={events} />
        )}
      </section>

      <section className="container-page grid gap-6 pb-4 laptop:grid-cols-2">
        <DidYouKnow />
        <div className="card flex flex-col justify-between gap-4 bg-brand-soft p-6">
          <div>
            <h2 className="text-lg font-bold">Running a night of your own?</h2>
            <p className="mt-1 text-sm text-fg-muted">
              Publish in minutes, sell without overselling, and scan at the door
              even when the signal drops.
            </p>
          </div>
          <Link to="/hosts" className="btn-primary self-start">
            Start hosting with Ticketyboo
          </Link>
        </div>
      </section>
    </>
  );
}

/** The next few events' covers, fanned out beside the headline on wide screens. */
function HeroCovers({
  events,
}: {
  events: {
    id: string;
    slug: string;
    name: string;
    coverImage: string | null;
  }[];
}) {
  const tilt = [
    "-rotate-6 translate-y-6",
    "rotate-2 -translate-y-2 z-10",
    "rotate-6 translate-y-8",
  ];
  return (
    <ul
      aria-label="Happening soon"
      className="relative hidden h-72 items-center justify-center laptop:flex"
    >
      {events.map((e, i) =>
        e.coverImage ? (
          <li key={e.id} className={`-mx-8 w-56 shrink-0 ${tilt[i] ?? ""}`}>
            <Link
              to={`/events/${e.slug}`}
              className="block overflow-hidden rounded-2xl border-4 border-surface shadow-xl transition-transform hover:scale-105"
            >
              <img
                src={`/media/${e.coverImage}`}
                alt={e.name}
                className="aspect-[16/9] w-full object-cover"
                width={1200}
                height={675}
              />
            </Link>
          </li>
        ) : null,
      )}
    </ul>
  );
}

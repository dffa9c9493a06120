import { ArrowRight, CalendarDays, LocateFixed, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { CATEGORIES } from "~/domain/categories";
import {
  DEFAULT_NEARBY_MILES,
  KM_PER_MILE,
  PAGE_SIZE,
  RECENTLY_PUBLISHED_DAYS,
  TRENDING_LIMIT,
} from "~/domain/discovery";
import { readLocation } from "~/web/lib/location-cookie";
import { countByCategory, listEvents, pageEvents, type EventCardData } from "~/services/discover-events";
import { CategoryStrip } from "../components/events/category-strip";
import { EventGrid } from "../components/events/event-card";
import { DidYouKnow } from "../components/did-you-know";
import { Pagination, pageParam } from "../components/ui/pagination";
import { HERO_WIDTHS, imageSrcSet, imageUrl } from "../lib/images";
import { publicUrlFrom, seo } from "../lib/seo";
import type { Route } from "./+types/home";

export const handle = { title: "Discover events" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seo({
    title: "Ticketyboo · Find something to do tonight",
    description:
      "Gigs, comedy, quiz nights, workshops and fundraisers across the UK, at honest all-in prices. Book in seconds; " +
      "the price you see is the price you pay.",
    path: "/",
    publicUrl,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Ticketyboo",
      url: publicUrl,
      logo: `${publicUrl.replace(/\/$/, "")}/favicon.svg`,
      description: "Tickets for the UK grassroots scene: pub quizzes, basement gigs, charity runs and workshops.",
      areaServed: "GB",
      sameAs: [
        "https://www.instagram.com/ticketyboo",
        "https://www.facebook.com/ticketyboo",
        "https://www.tiktok.com/@ticketyboo",
        "https://www.youtube.com/@ticketyboo",
      ],
    },
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const db = context.database.db;
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const location = readLocation(request.headers.get("Cookie") ?? "");
  const [trending, recent, upcoming, counts, nearby] = await Promise.all([
    listEvents(db, {
      now,
      scope: "upcoming",
      sort: "trending",
      hasRevenue: true,
      notSoldOut: true,
      limit: TRENDING_LIMIT,
    }),
    listEvents(db, {
      now,
      scope: "upcoming",
      sort: "recent",
      publishedSince: new Date(now.getTime() - RECENTLY_PUBLISHED_DAYS * 86_400_000),
      limit: 8,
    }),
    pageEvents(db, {
      now,
      scope: "upcoming",
      sort: "date",
      notSoldOut: true,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    countByCategory(db, now),
    location
      ? listEvents(db, {
          now,
          scope: "upcoming",
          sort: "distance",
          near: { centre: location, radiusKm: DEFAULT_NEARBY_MILES * KM_PER_MILE },
          limit: 8,
        })
      : Promise.resolve(null),
  ]);
  return {
    now,
    page,
    pageCount: Math.max(1, Math.ceil(upcoming.total / PAGE_SIZE)),
    trending,
    recent,
    upcoming,
    counts,
    nearby,
    locationLabel: location?.label ?? null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { now, page, pageCount, trending, recent, upcoming, counts, nearby, locationLabel } = loaderData;
  const heroEvents = (trending.length >= 3 ? trending : upcoming.events).slice(0, 3);
  const categories = CATEGORIES.map((c) => ({ slug: c.slug, label: c.label, count: counts[c.slug] ?? 0 }));

  return (
    <>
      <section
        className="border-b border-border
        bg-[radial-gradient(ellipse_at_top_left,var(--brand-soft),transparent_60%)]"
      >
        <div className="container-page grid items-center gap-10 py-12 tablet:py-16 laptop:grid-cols-[1.1fr_1fr]">
          <div>
            <p
              className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold
              text-brand"
            >
              <Sparkles aria-hidden className="size-3.5" /> Honest all-in prices, always
            </p>
            <h1 className="mt-4 max-w-2xl text-4xl font-extrabold tracking-tight text-balance tablet:text-5xl">
              Find something brilliant to do tonight.
            </h1>
            <p className="mt-4 max-w-xl text-lg text-fg-muted">
              The pub quiz, the basement gig, the charity run, the pottery workshop. Book in seconds, with the price you
              see being the price you pay.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/explore" className="btn-primary px-6">
                Explore events near you <ArrowRight aria-hidden className="size-4" />
              </Link>
              <Link to="/hosts" className="btn-secondary px-6">
                Host an event
              </Link>
            </div>
          </div>
          <HeroCovers events={heroEvents} />
        </div>
      </section>

      <section aria-labelledby="categories-title" className="container-page pt-8">
        <h2 id="categories-title" className="sr-only">
          Browse by category
        </h2>
        <CategoryStrip categories={categories} />
      </section>

      {trending.length > 0 ? (
        <Section
          id="trending"
          title="Trending now"
          subtitle="Selling fast: the most-booked events with places left."
          more={{ to: "/explore", label: "Explore all" }}
        >
          <EventGrid events={trending} now={now} priorityCount={4} rail />
        </Section>
      ) : null}

      {nearby ? (
        <Section
          id="near-you"
          title={locationLabel ? `Near ${locationLabel}` : "Near you"}
          subtitle={`Within ${DEFAULT_NEARBY_MILES} miles, nearest first.`}
          more={{ to: "/explore", label: "Open the map" }}
        >
          {nearby.length > 0 ? (
            <EventGrid events={nearby} now={now} compact rail />
          ) : (
            <EmptyState
              icon={<LocateFixed aria-hidden className="mx-auto size-8 text-fg-muted" />}
              title="Nothing near you yet"
            >
              We couldn't find upcoming events within {DEFAULT_NEARBY_MILES} miles. Try the map to look further afield.
            </EmptyState>
          )}
        </Section>
      ) : null}

      {recent.length > 0 ? (
        <Section id="just-announced" title="Just announced" subtitle="Newly published by hosts in the last few weeks.">
          <EventGrid events={recent} now={now} rail />
        </Section>
      ) : null}

      <section className="container-page grid gap-6 py-4 laptop:grid-cols-2">
        <DidYouKnow />
        <div className="card flex flex-col justify-between gap-4 bg-brand-soft p-6">
          <div>
            <h2 className="text-lg font-bold">Running a night of your own?</h2>
            <p className="mt-1 text-sm text-fg-muted">
              Publish in minutes, sell without overselling, and scan at the door even when the signal drops.
            </p>
          </div>
          <Link to="/hosts" className="btn-primary self-start">
            Start hosting with Ticketyboo
          </Link>
        </div>
      </section>

      <Section
        id="upcoming"
        title="Coming up"
        subtitle={
          upcoming.total === 0
            ? undefined
            : `${upcoming.total} upcoming ${upcoming.total === 1 ? "event" : "events"} with places left`
        }
        more={{ to: "/explore", label: "See them on a map" }}
      >
        {upcoming.events.length === 0 ? (
          <EmptyState
            icon={<CalendarDays aria-hidden className="mx-auto size-8 text-fg-muted" />}
            title={page > 1 ? "No more events on this page" : "No upcoming events yet"}
          >
            {page > 1 ? (
              <Link to="/#upcoming" className="link">
                Back to the first page
              </Link>
            ) : (
              "When hosts publish events, they'll show up here first."
            )}
          </EmptyState>
        ) : (
          <>
            <EventGrid events={upcoming.events} now={now} rows />
            <Pagination
              page={page}
              pageCount={pageCount}
              hrefFor={(p) => (p === 1 ? "/#upcoming" : `/?page=${p}#upcoming`)}
              label="Upcoming events pages"
            />
          </>
        )}
      </Section>
    </>
  );
}

function Section({
  id,
  title,
  subtitle,
  more,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="container-page scroll-mt-20 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-sm text-fg-muted">{subtitle}</p> : null}
        </div>
        {more ? (
          <Link to={more.to} className="link text-sm">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function EmptyState({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="card p-10 text-center">
      {icon}
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-fg-muted">{children}</p>
    </div>
  );
}

/**
 * The next few events' covers, fanned out beside the headline on wide screens. Lazy: phones hide
 * them, and eager images are preloaded ahead of the page's first card, the largest thing a phone shows.
 */
function HeroCovers({ events }: { events: Pick<EventCardData, "id" | "slug" | "name" | "coverImage">[] }) {
  const tilt = ["-rotate-6 translate-y-6", "rotate-2 -translate-y-2 z-10", "rotate-6 translate-y-8"];
  return (
    <ul aria-label="Happening soon" className="relative hidden h-72 items-center justify-center laptop:flex">
      {events.map((e, i) =>
        e.coverImage ? (
          <li key={e.id} className={`-mx-8 w-56 shrink-0 ${tilt[i] ?? ""}`}>
            <Link
              to={`/events/${e.slug}`}
              className="block overflow-hidden rounded-2xl border-4 border-surface shadow-xl transition-transform
                hover:scale-105"
            >
              <img
                src={imageUrl(e.coverImage, 640)}
                srcSet={imageSrcSet(e.coverImage, HERO_WIDTHS.slice(0, 2))}
                sizes="224px"
                loading="lazy"
                alt={e.name}
                className="aspect-[16/9] w-full object-cover"
                width={640}
                height={360}
              />
            </Link>
          </li>
        ) : null,
      )}
    </ul>
  );
}

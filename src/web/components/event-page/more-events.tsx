import { Suspense, useEffect, useRef, useState } from "react";
import type { EventCardData } from "~/services/discover-events";
import { optionalPart } from "~/web/lib/optional-part";

/** The cards' code comes with the cards, not with the page. */
// Left out if its code cannot be fetched (optionalPart): the page does without it.
const EventGrid = optionalPart(() => import("~/web/components/events/event-card").then((m) => m.EventGrid));

const DATES = new Set(["startsAt", "endsAt", "salesStartAt", "salesEndAt"]);

/**
 * "You might also like": the recommendations under the event, asked for (`GET /events/{slug}/more`)
 * when the place for them comes within a screen or so of view, with the cards' code, so the page's
 * own HTML and scripts stay small on a phone. Nothing shows when there are none, or when they could not be loaded.
 */
export function MoreEvents({ slug, now, viewerId }: { slug: string; now: Date; viewerId: string | null }) {
  const [events, setEvents] = useState<EventCardData[] | null>(null);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = place.current;
    if (!target) return;
    let gone = false;
    const load = () =>
      fetch(`/events/${encodeURIComponent(slug)}/more`)
        .then((res) => (res.ok ? res.text() : '{"events":[]}'))
        .then((text) => {
          const read = JSON.parse(text, (key, value) =>
            DATES.has(key) && typeof value === "string" ? new Date(value) : value,
          ) as { events: EventCardData[] };
          if (!gone) setEvents(read.events);
        })
        .catch(() => undefined);
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        watch.disconnect();
        void load();
      },
      { rootMargin: "800px 0px" },
    );
    watch.observe(target);
    return () => {
      gone = true;
      watch.disconnect();
    };
  }, [slug]);

  if (events && events.length === 0) return null;
  return (
    <div ref={place}>
      {events ? (
        <section aria-labelledby="more-heading" className="mt-14">
          <h2 id="more-heading" className="text-2xl font-bold tracking-tight">
            You might also like
          </h2>
          <div className="mt-6">
            <Suspense fallback={null}>
              <EventGrid events={events} now={now} viewerId={viewerId} distanceFrom="event" rail />
            </Suspense>
          </div>
        </section>
      ) : null}
    </div>
  );
}

import type { EventCardData } from "~/services/discover-events";
import { EventGrid } from "~/web/components/events/event-card";

/** "You might also like": the recommendations under the event, when there are any. */
export function MoreEvents({ events, now, viewerId }: { events: EventCardData[]; now: Date; viewerId: string | null }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="more-heading" className="mt-14">
      <h2 id="more-heading" className="text-2xl font-bold tracking-tight">
        You might also like
      </h2>
      <div className="mt-6">
        <EventGrid events={events} now={now} viewerId={viewerId} />
      </div>
    </section>
  );
}

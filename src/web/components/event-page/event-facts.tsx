import { CalendarDays, Clock, Lock, MapPin, MonitorPlay } from "lucide-react";
import { formatLongDate, formatTimeRange } from "~/lib/format";

/** The event's key facts under its name: the date, the time, where, and whether it is private. */
export function EventFacts({
  event,
}: {
  event: {
    startsAt: Date;
    endsAt: Date | null;
    isPrivate: boolean;
    venue: { name: string; formattedAddress: string } | null;
  };
}) {
  return (
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
  );
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  // dt and dd sit directly in their group (a <dl> rule); the icon lives inside the dt.
  return (
    <div className="relative min-h-10 pl-13 text-sm">
      <dt className="font-semibold">
        <span className="absolute top-0 left-0 grid size-10 place-items-center rounded-xl bg-brand-soft text-brand">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

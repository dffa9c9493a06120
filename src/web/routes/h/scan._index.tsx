import { CalendarX2, ScanLine } from "lucide-react";
import { Link } from "react-router";
import { formatEventDateTime } from "~/lib/format";
import { scannableEvents } from "~/services/event-scanners";
import { EVERY_ROLE, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/scan._index";

export const handle = { title: "Scan" };
export const meta: Route.MetaFunction = () => [
  { title: "Scan tickets · Partner Studio · Ticketyboo" },
  { name: "description", content: "Choose an event and scan its tickets at the door." },
  { name: "robots", content: "noindex" },
];

/** Choose the event at the door (spec §2 /h/scan): what this person may scan, soonest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role, user } = await requireStudio(context, request, { roles: EVERY_ROLE });
  const now = new Date();
  const events = await scannableEvents(context.database.db, { hostId, userId: user.id, role, now });
  // Doors open today: events under way or starting within the next day come first, on their own.
  const soon = now.getTime() + 24 * 3_600_000;
  return {
    today: events.filter((e) => new Date(e.startsAt).getTime() <= soon),
    later: events.filter((e) => new Date(e.startsAt).getTime() > soon).slice(0, 20),
    role,
  };
}

export default function ChooseScanEvent({ loaderData }: Route.ComponentProps) {
  const { today, later, role } = loaderData;
  return (
    <div className="flex flex-col gap-4 py-6 laptop:py-8">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Scan tickets</h1>
        <p className="mt-1 text-fg-muted">
          Choose the event at your door. The scanner works offline once it has opened.
        </p>
      </div>
      {today.length + later.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <CalendarX2 aria-hidden className="size-10 text-fg-muted" />
          <h2 className="text-lg font-bold">No events to scan</h2>
          <p className="max-w-md text-fg-muted">
            {role === "scanner"
              ? "You haven't been given an event to scan yet. Ask the host to add you as a scanner for their event."
              : "Published events that haven't ended show here, so you can check tickets in at the door."}
          </p>
          {role === "scanner" ? null : (
            <Link to="/h/events" className="btn-secondary">
              Go to your events
            </Link>
          )}
        </div>
      ) : (
        <>
          <EventList heading="Today" events={today} empty="Nothing on in the next 24 hours." />
          {later.length > 0 ? <EventList heading="Coming up" events={later} /> : null}
        </>
      )}
    </div>
  );
}

function EventList(props: {
  heading: string;
  events: { id: string; name: string; startsAt: Date | string }[];
  empty?: string;
}) {
  return (
    <section aria-label={props.heading} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">{props.heading}</h2>
      {props.events.length === 0 ? <p className="text-fg-muted">{props.empty}</p> : null}
      <ul className="flex flex-col gap-3">
        {props.events.map((e) => (
          <li key={e.id}>
            <a
              href={`/h/scan/${e.id}`}
              className="card flex min-h-16 items-center justify-between gap-3 p-4 hover:bg-surface-2"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold">{e.name}</span>
                <span className="block text-sm text-fg-muted">{formatEventDateTime(new Date(e.startsAt))}</span>
              </span>
              <span className="inline-flex shrink-0 items-center gap-2 font-semibold text-brand">
                <ScanLine aria-hidden className="size-5" /> Scan
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

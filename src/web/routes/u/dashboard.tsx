import { Compass, Settings, Ticket } from "lucide-react";
import { Link } from "react-router";
import { readLocation } from "~/lib/location-cookie";
import { recommendForPerson } from "~/services/recommend-events";
import { EventGrid } from "../../components/events/event-card";
import { displayName } from "../../components/shell/profile-menu";
import type { Route } from "./+types/dashboard";

export const handle = { title: "Dashboard" };
export const meta: Route.MetaFunction = () => [{ title: "Your dashboard · Ticketyboo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The signed-in layout has already sent anyone without a session away.
  const now = new Date();
  const location = readLocation(request.headers.get("Cookie") ?? "");
  const events = await recommendForPerson(context.database.db, { now, location });
  const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hour12: false, timeZone: "Europe/London" }).format(now));
  return { user: context.user!, events, now, nearby: Boolean(location), greeting: greeting(hour) };
}

function greeting(hour: number): string {
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, events, now, nearby } = loaderData;
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
        <h2 id="your-tickets" className="text-xl font-bold">
          Your upcoming tickets
        </h2>
        <div className="card mt-4 p-8 text-center">
          <Ticket aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">No upcoming tickets yet</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">When you book, your tickets live here and work at the door even offline.</p>
          <Link to="/" className="btn-primary mt-5">
            <Compass aria-hidden className="size-4" /> Find something to do
          </Link>
        </div>
      </section>

      <section aria-labelledby="coming-up" className="mt-10">
        <h2 id="coming-up" className="text-xl font-bold">
          Picked for you
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {nearby ? "What's on near you, then what everyone's booking." : "What everyone's booking right now. Share your location on the map for nights near you."}
        </p>
        <div className="mt-4">
          {events.length > 0 ? (
            <EventGrid events={events} now={now} viewerId={user.id} />
          ) : (
            <p className="card p-6 text-center text-sm text-fg-muted">Nothing is on sale just now. New events appear here as hosts publish them.</p>
          )}
        </div>
      </section>
    </div>
  );
}

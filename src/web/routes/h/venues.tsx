import { CalendarDays, MapPin, Plus, Users } from "lucide-react";
import { Link } from "react-router";
import { listHostVenues } from "~/services/list-host-venues";
import { Pagination } from "~/web/components/ui/pagination";
import { Armchair } from "~/web/components/venues/access-icons";
import { AccessIcons } from "~/web/components/venues/access-info";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/venues";

export const handle = { title: "Venues" };
export const meta: Route.MetaFunction = () => [
  { title: "Venues · Partner Studio · Ticketyboo" },
  { name: "description", content: "The venues where you hold events." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listHostVenues(context.database.db, { hostId, page: Number.isInteger(page) ? page : 1 });
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export default function HostVenues({ loaderData }: Route.ComponentProps) {
  const { venues, page, pages, total } = loaderData;
  return (
    <div className="py-8 laptop:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold text-brand">Partner Studio</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Venues</h1>
          <p className="mt-1 max-w-2xl text-fg-muted">
            {total > 0
              ? `${count(total, "venue", "venues")}. Where your events happen, with the access information buyers see.`
              : "Where your events happen, with the access information buyers see."}
          </p>
        </div>
        {total > 0 ? (
          <Link to="/h/venues/add" className="btn-primary">
            <Plus aria-hidden className="size-4" /> Add a venue
          </Link>
        ) : null}
      </div>

      {venues.length === 0 ? (
        <section aria-labelledby="no-venues-heading" className="card mt-8 flex flex-col items-center p-8 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-brand-soft text-brand">
            <MapPin aria-hidden className="size-7" />
          </span>
          <h2 id="no-venues-heading" className="mt-4 text-xl font-bold">
            No venues yet
          </h2>
          <p className="mt-2 max-w-md text-fg-muted">
            Add the pub, hall or park where your event happens: its address, capacity, a pin on the map and its access
            information. Every event needs a venue before it's published, unless it's online.
          </p>
          <Link to="/h/venues/add" className="btn-primary mt-6">
            <Plus aria-hidden className="size-4" /> Add your first venue
          </Link>
        </section>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4" aria-label="Your venues">
          {venues.map((v) => (
            <li key={v.id} className="card flex flex-col p-5">
              <h2 className="text-lg font-bold break-words">
                <Link to={`/h/venues/${v.id}/overview`} className="hover:underline">
                  {v.name}
                </Link>
              </h2>
              <p className="mt-1 text-sm break-words text-fg-muted">
                {v.addressLine1}, {v.city} {v.postcode}
              </p>
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm tablet:grid-cols-4">
                <div>
                  <dt className="text-xs font-semibold text-fg-muted uppercase">Capacity</dt>
                  <dd className="mt-0.5 flex items-center gap-1.5 font-medium">
                    <Users aria-hidden className="size-4 shrink-0 text-brand" />
                    {v.capacity === null ? "Not given" : v.capacity.toLocaleString("en-GB")}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold text-fg-muted uppercase">Seating</dt>
                  <dd className="mt-0.5 flex items-center gap-1.5 font-medium">
                    <Armchair aria-hidden className="size-4 shrink-0 text-brand" />
                    {v.seats === null ? "Not seated" : `Seated, ${count(v.seats, "seat", "seats")}`}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold text-fg-muted uppercase">Events</dt>
                  <dd className="mt-0.5 flex items-center gap-1.5 font-medium">
                    <CalendarDays aria-hidden className="size-4 shrink-0 text-brand" />
                    {v.eventCount === 0 ? "None yet" : count(v.eventCount, "event", "events")}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold text-fg-muted uppercase">Access</dt>
                  <dd className="mt-0.5">
                    <AccessIcons access={v.access} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pages}
        hrefFor={(p) => (p === 1 ? "/h/venues" : `/h/venues?page=${p}`)}
        label="Venue pages"
      />
    </div>
  );
}

import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { listUpcomingEvents } from "~/services/list-upcoming-events";
import { UpcomingGrid } from "../components/upcoming-card";
import type { Route } from "./+types/search";

export const handle = { title: "Search" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.q ? `“${data.q}” · Search · Ticketyboo` : "Search · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const results = q ? await listUpcomingEvents(context.database.db, { now: new Date(), limit: 48, text: q }) : [];
  return { q, results };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-extrabold tracking-tight">{q ? <>Results for “{q}”</> : "Search events"}</h1>
      {!q ? (
        <p className="mt-2 text-fg-muted">Type an event, artist or venue in the search box above.</p>
      ) : results.length === 0 ? (
        <div className="card mt-6 p-10 text-center">
          <SearchX aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">Nothing coming up matches “{q}”</p>
          <p className="mt-1 text-sm text-fg-muted">Try a shorter word, a town, or a kind of night out like “quiz”.</p>
          <Link to="/" className="btn-secondary mt-5">
            See what's on
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-fg-muted" aria-live="polite">
            {results.length === 1 ? "1 upcoming event" : `${results.length} upcoming events`}
          </p>
          <UpcomingGrid events={results} />
        </>
      )}
    </div>
  );
}

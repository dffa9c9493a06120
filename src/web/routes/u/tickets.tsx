import { CalendarClock, Compass, History, Ticket } from "lucide-react";
import { Link } from "react-router";
import { listMyTickets } from "~/services/list-my-tickets";
import { TicketGroups } from "~/web/components/tickets/ticket-groups";
import { Pagination } from "~/web/components/ui/pagination";
import { useKeepOffline } from "~/web/lib/offline-tickets";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/tickets";

export const handle = { title: "My Tickets" };
export const meta: Route.MetaFunction = () => [
  { title: "My tickets · Ticketyboo" },
  {
    name: "description",
    content: "Every ticket you hold on Ticketyboo, upcoming and past, ready to show at the door.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const now = new Date();
  const page = Number(new URL(request.url).searchParams.get("past") ?? "1");
  const tickets = await listMyTickets(context.database.db, {
    userId: user.id,
    now,
    pastPage: Number.isInteger(page) && page > 0 ? page : 1,
  });
  return { ...tickets, now, userId: user.id };
}

export default function MyTickets({ loaderData }: Route.ComponentProps) {
  useKeepOffline(loaderData.userId);
  const { upcoming, past, now, pastPage, pastPages, pastTotal } = loaderData;
  return (
    <div className="container-page py-8 laptop:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">My tickets</h1>
      <p className="mt-1 text-fg-muted">
        Open a ticket once and it stays on this device, ready for the door even without signal.
      </p>

      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="flex items-center gap-2 text-xl font-bold">
          <CalendarClock aria-hidden className="size-5 text-brand" /> Upcoming
        </h2>
        <div className="mt-4">
          {upcoming.length > 0 ? (
            <TicketGroups groups={upcoming} now={now} />
          ) : (
            <div className="card p-8 text-center">
              <Ticket aria-hidden className="mx-auto size-8 text-fg-muted" />
              <p className="mt-3 font-semibold">No upcoming tickets</p>
              <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
                When you book, or a friend sends you a ticket, it appears here.
              </p>
              <Link to="/" className="btn-primary mt-5">
                <Compass aria-hidden className="size-4" /> Find something to do
              </Link>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="past-heading" className="mt-12">
        <h2 id="past-heading" className="flex items-center gap-2 text-xl font-bold">
          <History aria-hidden className="size-5 text-brand" /> Past
          {pastTotal > 0 ? <span className="text-sm font-medium text-fg-muted">({pastTotal})</span> : null}
        </h2>
        <div className="mt-4">
          {past.length > 0 ? (
            <>
              <TicketGroups groups={past} now={now} />
              <Pagination
                page={pastPage}
                pageCount={pastPages}
                hrefFor={(p) => (p === 1 ? "/u/tickets#past-heading" : `/u/tickets?past=${p}#past-heading`)}
                label="Past tickets pages"
              />
            </>
          ) : (
            <p className="card p-6 text-center text-sm text-fg-muted">Events you've been to will be kept here.</p>
          )}
        </div>
      </section>
    </div>
  );
}

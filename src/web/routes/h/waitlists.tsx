import { Download, Hourglass } from "lucide-react";
import { data, Link } from "react-router";
import { formatEventDateTime, formatNumericDate } from "~/lib/format";
import { parseQuery } from "~/lib/read-form";
import { listHostWaitlist, WAITLIST_PAGE_SIZE, waitlistEvents } from "~/services/host-waitlists";
import { type SortParam, sortParam, TableToolbar } from "~/web/components/studio/data-table";
import {
  WAITLIST_FILTER_OPTIONS,
  WAITLIST_SORT_OPTIONS,
  WaitlistAnswer,
  WaitlistTable,
} from "~/web/components/studio/waitlist-table";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { waitlistAction } from "~/web/lib/waitlist-action.server";
import { serviceQuery, waitlistHref, waitlistListQuery } from "~/web/lib/waitlist-list";
import type { Route } from "./+types/waitlists";

export const handle = { title: "Waitlists" };
export const meta: Route.MetaFunction = () => [
  { title: "Waitlists · Partner Studio · Ticketyboo" },
  { name: "description", content: "Everyone waiting for tickets across your events." },
  { name: "robots", content: "noindex" },
];

const DEFAULT_SORT: SortParam = { id: "event", desc: false };
const ListQuery = waitlistListQuery(DEFAULT_SORT);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = parseQuery(request.url, ListQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const events = await waitlistEvents(db, { hostId });
  // An event that isn't the host's (or has no waitlist) shows every event's.
  const state = { ...read.data, event: events.some((e) => e.id === read.data.event) ? read.data.event : "" };
  const list = await listHostWaitlist(db, {
    hostId,
    query: serviceQuery(state, state.event || null),
    now: new Date(),
  });
  return { ...list, state, events, pageSize: WAITLIST_PAGE_SIZE };
}

export async function action({ context, request }: Route.ActionArgs) {
  return waitlistAction({ context, request });
}

export default function Waitlists({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages, state, events, pageSize } = loaderData;
  const filtered = state.q !== "" || state.event !== "" || state.status !== "open";
  const href = (over: Partial<typeof state>) =>
    waitlistHref("/h/waitlists", { ...state, page: 1, ...over }, DEFAULT_SORT);
  const chosen = events.find((e) => e.id === state.event);
  const exportHref = waitlistHref("/h/waitlists/export", { ...state, page: 1 }, DEFAULT_SORT);
  return (
    <div className="py-6 pb-24 laptop:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Waitlists</h1>
          <p className="mt-1 text-fg-muted">
            {events.length === 0
              ? "People waiting for places at your sold-out events."
              : `${total} ${total === 1 ? "person" : "people"}${chosen ? ` for ${chosen.name}` : ""}${
                  state.q ? ` matching “${state.q}”` : ""
                }.`}
          </p>
        </div>
        {total > 0 ? (
          <a href={exportHref} className="btn-secondary" download>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        ) : null}
      </div>
      {chosen ? (
        <p className="mt-2 text-sm">
          <Link to={`/h/events/${chosen.id}/edit/waitlist`} className="link">
            Open the waitlist of {chosen.name} ({formatEventDateTime(chosen.startsAt)})
          </Link>
        </p>
      ) : null}
      <div className="mt-4">
        <WaitlistAnswer answer={actionData} />
      </div>
      <div className="mt-4">
        <WaitlistTable
          caption="Your waitlists"
          rows={rows}
          withEvent
          sort={state.sort}
          sortHref={(sort) => href({ sort })}
          page={page}
          pages={pages}
          pageSize={pageSize}
          total={total}
          pageHref={(p) => href({ page: p })}
          toolbar={
            events.length > 0 ? (
              <TableToolbar
                search={{ label: "Search waitlists", value: state.q, placeholder: "Name or email" }}
                filters={[
                  {
                    name: "event",
                    label: "Event",
                    value: state.event,
                    options: [
                      { value: "", label: "All events" },
                      ...events.map((e) => ({ value: e.id, label: `${e.name} · ${formatNumericDate(e.startsAt)}` })),
                    ],
                  },
                  { name: "status", label: "Status", value: state.status, options: WAITLIST_FILTER_OPTIONS },
                ]}
                sort={{ name: "sort", label: "Sort by", value: sortParam(state.sort), options: WAITLIST_SORT_OPTIONS }}
              />
            ) : null
          }
          empty={
            filtered ? (
              <div className="card p-8 text-center">
                <p className="font-semibold">No one matches.</p>
                <p className="mt-1 text-sm text-fg-muted">Try another name or email, another status, or every event.</p>
                <Link to="/h/waitlists" className="btn-secondary mt-4">
                  Show everyone waiting
                </Link>
              </div>
            ) : (
              <div className="card p-8 text-center">
                <Hourglass aria-hidden className="mx-auto size-10 text-brand" />
                <p className="mt-3 text-lg font-bold">
                  {events.length === 0 ? "No waitlists yet" : "No one is waiting"}
                </p>
                <p className="mt-1 text-sm text-fg-muted">
                  When an event sells out, buyers can join its waitlist. Places that come free are offered to the first
                  in line automatically, and you can offer places to anyone here by hand.
                </p>
              </div>
            )
          }
        />
      </div>
    </div>
  );
}

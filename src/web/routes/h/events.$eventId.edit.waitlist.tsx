import { Download, Hourglass } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { parseQuery } from "~/lib/read-form";
import { eventWaitlistSummary, listHostWaitlist, WAITLIST_PAGE_SIZE } from "~/services/host-waitlists";
import { type SortParam, sortParam, TableToolbar } from "~/web/components/studio/data-table";
import {
  WAITLIST_FILTER_OPTIONS,
  WAITLIST_SORT_OPTIONS,
  WaitlistAnswer,
  WaitlistTable,
} from "~/web/components/studio/waitlist-table";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { waitlistAction } from "~/web/lib/waitlist-action.server";
import { serviceQuery, waitlistHref, waitlistListQuery } from "~/web/lib/waitlist-list";
import type { Route } from "./+types/events.$eventId.edit.waitlist";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Waitlist · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "The people waiting for tickets to this event, and the offers sent to them." },
  { name: "robots", content: "noindex" },
];

/** An event's own list is in the line's order: first to join, first offered. */
const DEFAULT_SORT: SortParam = { id: "joined", desc: false };
const ListQuery = waitlistListQuery(DEFAULT_SORT);
/** The export's own default order, so the file follows this tab's order whatever it is. */
const EXPORT_SORT: SortParam = { id: "event", desc: false };
const SORT_OPTIONS = WAITLIST_SORT_OPTIONS.filter((o) => o.value !== "event");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = parseQuery(request.url, ListQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const summary = await loaded(eventWaitlistSummary(db, { hostId, eventId: params.eventId }));
  const state = { ...read.data, event: "", sort: read.data.sort.id === "event" ? DEFAULT_SORT : read.data.sort };
  const list = await listHostWaitlist(db, { hostId, query: serviceQuery(state, summary.eventId), now: new Date() });
  return { ...list, state, summary, pageSize: WAITLIST_PAGE_SIZE };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return waitlistAction({ context, request, eventId: params.eventId });
}

export default function EventWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages, state, summary, pageSize } = loaderData;
  const busy = useNavigation().state !== "idle";
  const base = `/h/events/${summary.eventId}/edit/waitlist`;
  const href = (over: Partial<typeof state>) => waitlistHref(base, { ...state, page: 1, ...over }, DEFAULT_SORT);
  const filtered = state.q !== "" || state.status !== "open";
  const hoursRefused = actionData && "error" in actionData && actionData.intent === "offer-hours" ? actionData : null;
  return (
    <section aria-labelledby="waitlist-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="waitlist-heading" className="flex items-center gap-2 text-xl font-bold">
            <Hourglass aria-hidden className="size-5 text-brand" /> Waitlist
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            People waiting for places. Places that come free are offered to the first in line; you can offer places to
            anyone by hand.
          </p>
        </div>
        <dl className="card flex gap-6 px-4 py-2" aria-live="polite">
          <div>
            <dt className="text-xs font-medium text-fg-muted">Waiting</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{summary.waiting}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-fg-muted">Offers out</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{summary.offered}</dd>
          </div>
        </dl>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" className="flex items-end gap-2" aria-label="Offer window">
          <input type="hidden" name="intent" value="offer-hours" />
          <div>
            <label htmlFor="offer-hours" className="block text-xs font-semibold text-fg-muted">
              Hold offers for (hours, 1 to 168)
            </label>
            <input
              id="offer-hours"
              name="hours"
              type="number"
              inputMode="numeric"
              min={1}
              max={168}
              required
              defaultValue={summary.offerHours}
              key={summary.offerHours}
              aria-invalid={hoursRefused ? true : undefined}
              aria-describedby={hoursRefused ? "offer-hours-error" : undefined}
              className="mt-1 h-10 w-28 rounded-xl border border-border bg-surface px-3 text-sm"
            />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Save
          </button>
        </Form>
        {summary.everyone > 0 ? (
          <a
            href={waitlistHref("/h/waitlists/export", { ...state, event: summary.eventId, page: 1 }, EXPORT_SORT)}
            className="btn-secondary ml-auto"
            download
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        ) : null}
      </div>
      {hoursRefused ? (
        <p id="offer-hours-error" className="-mt-3 text-sm text-danger">
          {hoursRefused.error}
        </p>
      ) : (
        <WaitlistAnswer answer={actionData} />
      )}

      <WaitlistTable
        caption={`Waitlist of ${summary.name}`}
        rows={rows}
        withEvent={false}
        sort={state.sort}
        sortHref={(sort) => href({ sort })}
        page={page}
        pages={pages}
        pageSize={pageSize}
        total={total}
        pageHref={(p) => href({ page: p })}
        toolbar={
          summary.everyone > 0 ? (
            <TableToolbar
              search={{ label: "Search the waitlist", value: state.q, placeholder: "Name or email" }}
              filters={[{ name: "status", label: "Status", value: state.status, options: WAITLIST_FILTER_OPTIONS }]}
              sort={{ name: "sort", label: "Sort by", value: sortParam(state.sort), options: SORT_OPTIONS }}
            />
          ) : null
        }
        empty={
          <div className="card p-6 text-center text-sm text-fg-muted">
            {filtered ? (
              <p>
                No one matches.{" "}
                <Link to={base} className="link">
                  Show everyone waiting
                </Link>
              </p>
            ) : summary.everyone > 0 ? (
              <p>
                No one is waiting now.{" "}
                <Link to={href({ status: "all" })} className="link">
                  Show everyone who waited
                </Link>
              </p>
            ) : (
              <p>No one has joined this event's waitlist. Buyers can join once it sells out.</p>
            )}
          </div>
        }
      />
    </section>
  );
}

import { CalendarPlus, Plus } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { DISPLAY_STATUSES, type DisplayStatus } from "~/domain/event-life-cycle";
import { formatAmount, formatEventDateTime, formatNumericDate } from "~/lib/format";
import { field, parseQuery } from "~/lib/read-form";
import {
  EVENT_LIST_PAGE_SIZE,
  EVENT_LIST_SORTS,
  type EventListRow,
  type EventListSort,
  listHostEvents,
} from "~/services/list-host-events";
import {
  type DataColumn,
  dataColumnHelper,
  DataTable,
  type SortParam,
  sortParam,
  TableToolbar,
} from "~/web/components/studio/data-table";
import { EventActions } from "~/web/components/studio/event-actions";
import { EventStatusBadge, STATUS_LABELS } from "~/web/components/studio/event-status-badge";
import { pageParam } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events._index";

export const handle = { title: "Events" };
export const meta: Route.MetaFunction = () => [
  { title: "Events · Partner Studio · Ticketyboo" },
  { name: "description", content: "All your events in Partner Studio: drafts, on sale, past and archived." },
  { name: "robots", content: "noindex" },
];

const DEFAULT_SORT: SortParam = { id: "date", desc: true };

/** The list's state in the address: what was searched, the status shown, the order, the page. */
const ListQuery = z.object({
  q: field.text(200),
  // A filter or order this page doesn't know (an old link) shows the list as it starts.
  status: z.enum(["all", ...DISPLAY_STATUSES]).catch("all"),
  sort: z
    .string()
    .default("")
    .transform((value): SortParam => {
      const id = value.replace(/^-/, "");
      return (EVENT_LIST_SORTS as readonly string[]).includes(id) ? { id, desc: value.startsWith("-") } : DEFAULT_SORT;
    }),
  page: z
    .string()
    .default("")
    .transform((value) => pageParam(value)),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = parseQuery(request.url, ListQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const { q, status, sort, page } = read.data;
  const list = await listHostEvents(context.database.db, {
    hostId,
    query: { search: q.trim(), status, sort: sort.id as EventListSort, dir: sort.desc ? "desc" : "asc", page },
  });
  return { ...list, q: q.trim(), status, sort, pageSize: EVENT_LIST_PAGE_SIZE };
}

type Row = EventListRow;
const col = dataColumnHelper<Row>();

// At module scope: TanStack Table wants the same columns from one render to the next.
const columns: DataColumn<Row>[] = [
  col.accessor("name", {
    header: "Name",
    meta: { label: "Name", primary: true },
    enableHiding: false,
    cell: (c) => (
      <Link to={`/h/events/${c.row.original.id}/edit`} className="link font-semibold">
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    meta: { label: "Status" },
    cell: (c) => <EventStatusBadge status={c.getValue()} />,
  }),
  col.accessor("startsAt", {
    id: "date",
    header: "Date",
    meta: { label: "Date" },
    sortDescFirst: true,
    cell: (c) => (
      <time dateTime={c.getValue().toISOString()} className="block tablet:whitespace-nowrap">
        {formatEventDateTime(c.getValue())}
        <span className="block text-xs text-fg-muted">{formatNumericDate(c.getValue())}</span>
      </time>
    ),
  }),
  col.accessor("sold", {
    header: "Sold",
    meta: { label: "Sold", numeric: true },
    sortDescFirst: true,
    cell: (c) => (
      <span className="tablet:whitespace-nowrap">
        {c.getValue()} <span className="text-fg-muted">/ {c.row.original.capacity}</span>
      </span>
    ),
  }),
  col.accessor("revenuePence", {
    id: "revenue",
    header: "Revenue",
    meta: { label: "Revenue", numeric: true },
    sortDescFirst: true,
    cell: (c) => formatAmount(c.getValue(), c.row.original.currency),
  }),
  col.display({
    id: "actions",
    header: "Actions",
    meta: { label: "Actions", actions: true },
    enableHiding: false,
    enableSorting: false,
    cell: (c) => <EventActions event={c.row.original} />,
  }),
];

const STATUS_OPTIONS = [
  { value: "all", label: "All events" },
  ...DISPLAY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];
const SORT_OPTIONS = [
  { value: "-date", label: "Date, latest first" },
  { value: "date", label: "Date, earliest first" },
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "status", label: "Status" },
  { value: "-sold", label: "Most sold" },
  { value: "-revenue", label: "Most revenue" },
];

/** This page's address with the list in another state; the page goes back to 1 unless given. */
function listHref(state: { q: string; status: DisplayStatus | "all"; sort: SortParam; page?: number }) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.status !== "all") params.set("status", state.status);
  const sort = sortParam(state.sort);
  if (sort !== sortParam(DEFAULT_SORT)) params.set("sort", sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/h/events?${query}` : "/h/events";
}

export default function HostEvents({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, status, sort, pageSize } = loaderData;
  const filtered = q !== "" || status !== "all";
  return (
    <div className="py-6 laptop:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Events</h1>
          <p className="mt-1 text-fg-muted">
            {total === 0 && !filtered
              ? "Everything you run, from drafts to archived nights."
              : `${total} ${total === 1 ? "event" : "events"}${filtered ? " found" : ""}.`}
          </p>
        </div>
        <Link to="/h/events/new" className="btn-primary">
          <Plus aria-hidden className="size-4" /> New event
        </Link>
      </div>

      <div className="mt-6">
        <DataTable
          tableId="EventList"
          caption="Your events"
          columns={columns}
          data={rows}
          getRowId={(row) => row.id}
          sort={sort}
          sortHref={(next) => listHref({ q, status, sort: next })}
          page={page}
          pageCount={pages}
          pageSize={pageSize}
          rowCount={total}
          pageHref={(p) => listHref({ q, status, sort, page: p })}
          toolbar={
            total > 0 || filtered ? (
              <TableToolbar
                search={{ label: "Search events by name", value: q, placeholder: "Event name" }}
                filters={[{ name: "status", label: "Status", value: status, options: STATUS_OPTIONS }]}
                sort={{ name: "sort", label: "Sort by", value: sortParam(sort), options: SORT_OPTIONS }}
              />
            ) : null
          }
          empty={
            filtered ? (
              <div className="card p-8 text-center">
                <p className="font-semibold">No events match.</p>
                <p className="mt-1 text-sm text-fg-muted">Try another name, or show every status.</p>
                <Link to="/h/events" className="btn-secondary mt-4">
                  Show all events
                </Link>
              </div>
            ) : (
              <div className="card p-8 text-center">
                <CalendarPlus aria-hidden className="mx-auto size-10 text-brand" />
                <p className="mt-3 text-lg font-bold">No events yet</p>
                <p className="mt-1 text-sm text-fg-muted">
                  Set up your first event: tickets, a venue, and it is ready to publish.
                </p>
                <Link to="/h/events/new" className="btn-primary mt-4">
                  Create an event
                </Link>
              </div>
            )
          }
        />
      </div>
    </div>
  );
}

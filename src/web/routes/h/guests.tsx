import { Accessibility, Pencil, UserPlus, Users } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { formatEventDateTime, formatNumericDate, formatTimestamp } from "~/lib/format";
import { field, parseQuery } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { GUEST_LIST_PAGE_SIZE, type GuestListRow, guestListEvents, listGuests } from "~/services/guest-list";
import {
  type DataColumn,
  dataColumnHelper,
  DataTable,
  type SortParam,
  sortParam,
  TableToolbar,
} from "~/web/components/studio/data-table";
import { pageParam } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/guests";

export const handle = { title: "Guests" };
export const meta: Route.MetaFunction = () => [
  { title: "Guests · Partner Studio · Ticketyboo" },
  { name: "description", content: "Every guest across your events, and who has checked in." },
  { name: "robots", content: "noindex" },
];

const SORTS = ["name", "event", "checkedIn"] as const;
const DEFAULT_SORT: SortParam = { id: "name", desc: false };

/** The master list's state in the address: what was searched, which event, the order, the page. */
const ListQuery = z.object({
  q: field.text(200),
  event: z
    .string()
    .default("")
    .transform((v) => (isUuid(v) ? v : "")),
  sort: z
    .string()
    .default("")
    .transform((value): SortParam => {
      const id = value.replace(/^-/, "");
      return (SORTS as readonly string[]).includes(id) ? { id, desc: value.startsWith("-") } : DEFAULT_SORT;
    }),
  page: z
    .string()
    .default("")
    .transform((value) => pageParam(value)),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = parseQuery(request.url, ListQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const { q, sort, page } = read.data;
  const events = await guestListEvents(db, { hostId });
  // An event that isn't the host's (or no longer is) shows every event's list.
  const event = events.some((e) => e.id === read.data.event) ? read.data.event : "";
  const list = await listGuests(db, {
    hostId,
    query: {
      search: q.trim(),
      page,
      eventId: event || null,
      sort: sort.id as (typeof SORTS)[number],
      dir: sort.desc ? "desc" : "asc",
    },
  });
  return { ...list, q: q.trim(), event, sort, events, pageSize: GUEST_LIST_PAGE_SIZE };
}

const col = dataColumnHelper<GuestListRow>();

const columns: DataColumn<GuestListRow>[] = [
  col.accessor("name", {
    header: "Name",
    meta: { label: "Name", primary: true },
    enableHiding: false,
    cell: (c) => (
      <span>
        {c.getValue()}
        {c.row.original.plusOnes > 0 ? (
          <span className="ml-1 text-sm font-medium text-fg-muted">+{c.row.original.plusOnes}</span>
        ) : null}
        {c.row.original.email ? (
          <span className="block text-xs font-normal text-fg-muted">{c.row.original.email}</span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("eventName", {
    id: "event",
    header: "Event",
    meta: { label: "Event" },
    cell: (c) => (
      <Link to={`/h/events/${c.row.original.eventId}/edit/guests`} className="link">
        {c.getValue()}
        <span className="block text-xs text-fg-muted">{formatNumericDate(c.row.original.startsAt)}</span>
      </Link>
    ),
  }),
  col.accessor("ticketType", {
    header: "Ticket",
    meta: { label: "Ticket" },
    enableSorting: false,
    cell: (c) => {
      const r = c.row.original;
      return (
        <span>
          {[r.ticketType, r.companion ? "companion" : null].filter(Boolean).join(" · ") || "Guest"}
          <span className="block text-xs whitespace-nowrap text-fg-muted">
            {r.kind === "ticket" ? `Order ${r.reference}` : "Added by you"}
          </span>
        </span>
      );
    },
  }),
  col.display({
    id: "access",
    header: "Access needs",
    meta: { label: "Access needs" },
    enableSorting: false,
    cell: (c) => {
      const { accessNeeds, accessNotes } = c.row.original;
      if (!accessNeeds && !accessNotes) return "—";
      return (
        <span className="inline-flex items-start gap-1">
          <Accessibility aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
          {[accessNeeds, accessNotes].filter(Boolean).join(". ")}
        </span>
      );
    },
  }),
  col.accessor("notes", {
    header: "Notes",
    meta: { label: "Notes" },
    enableSorting: false,
    cell: (c) => c.getValue() || "—",
  }),
  col.accessor("checkedInAt", {
    id: "checkedIn",
    header: "Checked in",
    meta: { label: "Checked in" },
    sortDescFirst: true,
    cell: (c) => {
      const at = c.getValue();
      return at ? <span className="font-semibold text-success">{formatTimestamp(at)}</span> : "Not yet";
    },
  }),
  col.display({
    id: "actions",
    header: "Actions",
    meta: { label: "Actions", actions: true },
    enableHiding: false,
    enableSorting: false,
    cell: (c) =>
      c.row.original.kind === "guest" ? (
        <Link
          to={`/h/guests/edit/${c.row.original.id}`}
          className="btn-ghost min-h-10 px-3"
          aria-label={`Edit ${c.row.original.name}`}
        >
          <Pencil aria-hidden className="size-4" />
        </Link>
      ) : null,
  }),
];

const SORT_OPTIONS = [
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "-event", label: "Event, latest first" },
  { value: "event", label: "Event, earliest first" },
  { value: "-checkedIn", label: "Checked in, latest first" },
];

function listHref(state: { q: string; event: string; sort: SortParam; page?: number }) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.event) params.set("event", state.event);
  const sort = sortParam(state.sort);
  if (sort !== sortParam(DEFAULT_SORT)) params.set("sort", sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/h/guests?${query}` : "/h/guests";
}

export default function MasterGuestList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, event, sort, events, pageSize } = loaderData;
  const filtered = q !== "" || event !== "";
  const eventOptions = [
    { value: "", label: "All events" },
    ...events.map((e) => ({ value: e.id, label: `${e.name} · ${formatNumericDate(e.startsAt)}` })),
  ];
  const chosen = events.find((e) => e.id === event);
  const where = chosen ? `the list for ${chosen.name}` : "your lists";
  return (
    <div className="py-6 laptop:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Guests</h1>
          <p className="mt-1 text-fg-muted">
            {total === 0 && !filtered
              ? "Everyone coming to your events: ticket holders and the guests you add."
              : `${total} ${total === 1 ? "entry" : "entries"} on ${where}${q ? " found" : ""}.`}
          </p>
        </div>
        <Link to={event ? `/h/guests/addguest?event=${event}` : "/h/guests/addguest"} className="btn-primary">
          <UserPlus aria-hidden className="size-4" /> Add guest
        </Link>
      </div>
      {chosen ? (
        <p className="mt-2 text-sm">
          <Link to={`/h/events/${chosen.id}/edit/guests`} className="link">
            Open the door list for {chosen.name} ({formatEventDateTime(chosen.startsAt)})
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        <DataTable
          tableId="MasterGuestList"
          caption="Your guests"
          columns={columns}
          data={rows}
          getRowId={(row) => `${row.kind}-${row.id}`}
          sort={sort}
          sortHref={(next) => listHref({ q, event, sort: next })}
          page={page}
          pageCount={pages}
          pageSize={pageSize}
          rowCount={total}
          pageHref={(p) => listHref({ q, event, sort, page: p })}
          toolbar={
            total > 0 || filtered ? (
              <TableToolbar
                search={{ label: "Search guests", value: q, placeholder: "Name, email or order" }}
                filters={[{ name: "event", label: "Event", value: event, options: eventOptions }]}
                sort={{ name: "sort", label: "Sort by", value: sortParam(sort), options: SORT_OPTIONS }}
              />
            ) : null
          }
          empty={
            filtered ? (
              <div className="card p-8 text-center">
                <p className="font-semibold">No one matches.</p>
                <p className="mt-1 text-sm text-fg-muted">Try another name or email, or show every event.</p>
                <Link to="/h/guests" className="btn-secondary mt-4">
                  Show everyone
                </Link>
              </div>
            ) : (
              <div className="card p-8 text-center">
                <Users aria-hidden className="mx-auto size-10 text-brand" />
                <p className="mt-3 text-lg font-bold">No guests yet</p>
                <p className="mt-1 text-sm text-fg-muted">
                  Ticket holders appear here as they book. Add guests by hand, or import them on an event's Guests tab.
                </p>
              </div>
            )
          }
        />
      </div>
    </div>
  );
}

import { ChevronRight, Ticket } from "lucide-react";
import { Link } from "react-router";
import { SOLD_TICKET_STATES, type SoldTicketState } from "~/domain/sales-desk";
import { formatNumericDate, formatShortDate, formatTimestamp } from "~/lib/format";
import type { SoldTicketRow } from "~/services/sales-desk";
import { salesDeskMessages } from "~/texts/sales-desk-messages";
import { type DataColumn, dataColumnHelper, DataTable, type SortParam, sortParam, TableToolbar } from "./data-table";
import { SoldTicketStateBadge } from "./sold-ticket-state";

/*
 * The sales desk's list of every ticket sold (/h/tickets): search by name, email, order or code;
 * filter by event, ticket type and state; sorted and paged by the server through the address.
 */

export const SOLD_SORTS = ["sold", "name", "event"] as const;
export const SOLD_DEFAULT_SORT: SortParam = { id: "sold", desc: true };

export interface SoldListState {
  q: string;
  event: string;
  type: string;
  state: SoldTicketState | "";
  sort: SortParam;
  page?: number;
}

export const orderHref = (orderId: string) => `/h/tickets/orders/${orderId}`;

export function soldListHref(state: SoldListState) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.event) params.set("event", state.event);
  if (state.event && state.type) params.set("type", state.type);
  if (state.state) params.set("state", state.state);
  const sort = sortParam(state.sort);
  if (sort !== sortParam(SOLD_DEFAULT_SORT)) params.set("sort", sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/h/tickets?${query}` : "/h/tickets";
}

/** The middle of a code, as a person reads it off a phone: `TB1.0A1B2C3D…`. */
const shortCode = (code: string) => `${code.split(".").slice(0, 2).join(".").slice(0, 12)}…`;

const col = dataColumnHelper<SoldTicketRow>();

const columns: DataColumn<SoldTicketRow>[] = [
  col.accessor("holderName", {
    id: "name",
    header: "Holder",
    meta: { label: "Holder", primary: true },
    enableHiding: false,
    cell: (c) => {
      const r = c.row.original;
      return (
        <span>
          {r.holderName}
          <span className="block text-xs font-normal break-all text-fg-muted">{r.holderEmail}</span>
          {r.holderEmail !== r.buyerEmail ? (
            <span className="block text-xs font-normal text-fg-muted">Bought by {r.buyerName}</span>
          ) : null}
        </span>
      );
    },
  }),
  col.accessor("eventName", {
    id: "event",
    header: "Event",
    meta: { label: "Event" },
    cell: (c) => (
      <span>
        {c.getValue()}
        <span className="block text-xs text-fg-muted">{formatNumericDate(c.row.original.startsAt)}</span>
      </span>
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
          {r.ticketType}
          {r.companion ? <span className="text-fg-muted"> · companion</span> : null}
          <span className="block font-mono text-xs whitespace-nowrap text-fg-muted">{shortCode(r.code)}</span>
        </span>
      );
    },
  }),
  col.accessor("soldAt", {
    id: "sold",
    header: "Order",
    meta: { label: "Order" },
    sortDescFirst: true,
    cell: (c) => (
      <span>
        <Link to={orderHref(c.row.original.orderId)} className="link font-mono whitespace-nowrap">
          {c.row.original.reference}
        </Link>
        <span className="block text-xs text-fg-muted">{formatShortDate(c.getValue())}</span>
      </span>
    ),
  }),
  col.accessor("state", {
    header: "Status",
    meta: { label: "Status" },
    enableSorting: false,
    cell: (c) => (
      <span>
        <SoldTicketStateBadge state={c.getValue()} />
        {c.row.original.checkedInAt ? (
          <span className="mt-1 block text-xs text-fg-muted">{formatTimestamp(c.row.original.checkedInAt)}</span>
        ) : null}
      </span>
    ),
  }),
  col.display({
    id: "actions",
    header: "Open",
    meta: { label: "Open", actions: true },
    enableHiding: false,
    enableSorting: false,
    cell: (c) => (
      <Link
        to={orderHref(c.row.original.orderId)}
        className="btn-ghost min-h-10 px-3"
        aria-label={`Open order ${c.row.original.reference} (${c.row.original.holderName})`}
      >
        <ChevronRight aria-hidden className="size-4" />
      </Link>
    ),
  }),
];

const SORT_OPTIONS = [
  { value: "-sold", label: "Newest sale first" },
  { value: "sold", label: "Oldest sale first" },
  { value: "name", label: "Holder, A to Z" },
  { value: "-name", label: "Holder, Z to A" },
  { value: "event", label: "Event, soonest first" },
  { value: "-event", label: "Event, latest first" },
];

const STATE_OPTIONS = [
  { value: "", label: "Any status" },
  ...SOLD_TICKET_STATES.map((s) => ({ value: s, label: salesDeskMessages.states[s] })),
];

export function SoldTickets({
  list,
  state,
  events,
  types,
  pageSize,
}: {
  list: { rows: SoldTicketRow[]; total: number; page: number; pages: number };
  state: SoldListState;
  events: { id: string; name: string; startsAt: Date }[];
  types: { id: string; name: string }[];
  pageSize: number;
}) {
  const filtered = state.q !== "" || state.event !== "" || state.state !== "";
  const counted = `${list.total.toLocaleString("en-GB")} ${list.total === 1 ? "ticket" : "tickets"}`;
  const eventOptions = [
    { value: "", label: "All events" },
    ...events.map((e) => ({ value: e.id, label: `${e.name} · ${formatNumericDate(e.startsAt)}` })),
  ];
  const filters = [{ name: "event", label: "Event", value: state.event, options: eventOptions }];
  // Ticket types belong to one event: the choice appears once an event is chosen.
  if (state.event && types.length > 0)
    filters.push({
      name: "type",
      label: "Ticket type",
      value: state.type,
      options: [{ value: "", label: "All types" }, ...types.map((t) => ({ value: t.id, label: t.name }))],
    });
  filters.push({ name: "state", label: "Status", value: state.state, options: STATE_OPTIONS });

  return (
    <section aria-labelledby="sold-heading" className="mt-6">
      <h2 id="sold-heading" className="sr-only">
        Tickets sold
      </h2>
      <p className="mb-4 text-sm text-fg-muted" aria-live="polite">
        {list.total === 0 && !filtered
          ? "Every ticket sold for your events appears here."
          : `${counted} ${filtered ? "found" : "sold"}.`}
      </p>
      <DataTable
        tableId="TicketList"
        caption="Tickets sold"
        columns={columns}
        data={list.rows}
        getRowId={(row) => row.id}
        sort={state.sort}
        sortHref={(next) => soldListHref({ ...state, sort: next, page: 1 })}
        page={list.page}
        pageCount={list.pages}
        pageSize={pageSize}
        rowCount={list.total}
        pageHref={(p) => soldListHref({ ...state, page: p })}
        toolbar={
          list.total > 0 || filtered ? (
            <TableToolbar
              search={{ label: "Search tickets", value: state.q, placeholder: "Name, email, order, code" }}
              filters={filters}
              sort={{ name: "sort", label: "Sort by", value: sortParam(state.sort), options: SORT_OPTIONS }}
            />
          ) : null
        }
        empty={
          filtered ? (
            <div className="card p-8 text-center">
              <p className="font-semibold">No tickets match.</p>
              <p className="mt-1 text-sm text-fg-muted">
                Try part of a name, an email address, an order reference like TB-7KQ2MX9P, or the code under a QR code.
              </p>
              <Link to="/h/tickets" className="btn-secondary mt-4">
                Show every ticket
              </Link>
            </div>
          ) : (
            <div className="card p-8 text-center">
              <Ticket aria-hidden className="mx-auto size-10 text-brand" />
              <p className="mt-3 text-lg font-bold">No tickets sold yet</p>
              <p className="mt-1 text-sm text-fg-muted">
                When someone books one of your events, their tickets appear here to search, check and resend.
              </p>
              <Link to="/h/events" className="btn-secondary mt-4">
                Go to your events
              </Link>
            </div>
          )
        }
      />
    </section>
  );
}

import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { ORDER_REPORT_STATUS_TEXT, orderReportStatus } from "~/domain/reports";
import { formatCalendarDay, formatAmount, formatNumericDate, formatTimestamp } from "~/lib/format";
import { hostOrdersReport, ORDERS_REPORT_PAGE_SIZE, reportEvents } from "~/services/host-reports";
import { ReportFilters, ReportFrame } from "~/web/components/studio/report-frame";
import { Pagination } from "~/web/components/ui/pagination";
import { loaded } from "~/web/lib/loaded";
import { readReportQuery, reportHref } from "~/web/lib/report-query";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/reports.orders";

export const handle = { title: "Reports" };
export const meta: Route.MetaFunction = () => [
  { title: "Orders report · Partner Studio · Ticketyboo" },
  { name: "description", content: "Every order for your events, to filter and download." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const query = readReportQuery(request.url, new Date());
  const [events, list] = await Promise.all([
    reportEvents(db, hostId),
    loaded(
      hostOrdersReport(db, {
        hostId,
        eventId: query.event || null,
        range: query.range,
        status: query.status || null,
        q: query.q,
        page: query.page,
      }),
    ),
  ]);
  // What the list and the file both cover: the range in force, not a range that was refused.
  const applied = {
    event: query.event,
    from: query.range.from,
    to: query.range.to,
    status: query.status,
    q: query.q,
  };
  return {
    events,
    list,
    applied,
    state: { ...applied, from: query.problem ? query.from : applied.from, to: query.problem ? query.to : applied.to },
    problem: query.problem,
  };
}

const STATUS_TONE: Record<string, string> = {
  paid: "bg-surface-2 text-success",
  free: "bg-surface-2 text-fg",
  refunded: "bg-danger-soft text-danger",
  part_refunded: "bg-warning-soft text-warning",
  cancelled: "bg-surface-2 text-fg-muted",
};

export default function ReportsOrders({ loaderData }: Route.ComponentProps) {
  const { events, list, applied, state, problem } = loaderData;
  const filtered = applied.q !== "" || applied.status !== "";
  const counted = `${list.total.toLocaleString("en-GB")} ${list.total === 1 ? "order" : "orders"}`;
  const eventName = events.find((e) => e.id === applied.event)?.name ?? "all events";
  const shown = {
    from: (list.page - 1) * ORDERS_REPORT_PAGE_SIZE + 1,
    to: (list.page - 1) * ORDERS_REPORT_PAGE_SIZE + list.rows.length,
  };

  return (
    <ReportFrame current="orders" keep={{ event: applied.event, from: applied.from, to: applied.to }}>
      <ReportFilters
        path="/h/reports/orders"
        events={events}
        state={state}
        problem={problem}
        orders
        exportHref={list.total > 0 ? reportHref("/h/reports/orders/export", applied) : undefined}
      />
      <p className="mt-4 text-sm text-fg-muted" aria-live="polite">
        {counted} for {eventName}, placed {formatCalendarDay(applied.from)} to {formatCalendarDay(applied.to)}
        {list.total > ORDERS_REPORT_PAGE_SIZE ? ` (showing ${shown.from}–${shown.to})` : ""}.
        {list.total > 0 ? " The CSV file has every one, with each buyer's checkout answers." : ""}
      </p>

      {list.rows.length === 0 ? (
        <div className="card mt-4 p-8 text-center">
          <ReceiptText aria-hidden className="mx-auto size-10 text-brand" />
          <p className="mt-3 text-lg font-bold">{filtered ? "No orders match" : "No orders in these dates"}</p>
          <p className="mt-1 text-sm text-fg-muted">
            {filtered
              ? "Try part of a buyer's name or email, or an order reference, or another status."
              : "Choose other dates above: orders count on the day they were placed."}
          </p>
          {filtered ? (
            <Link
              to={reportHref("/h/reports/orders", { event: applied.event, from: applied.from, to: applied.to })}
              className="btn-secondary mt-4"
            >
              Clear the search and status
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <div className="mt-4 hidden overflow-x-auto tablet:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders</caption>
              <thead className="text-xs text-fg-muted uppercase">
                <tr className="border-b border-border">
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Buyer
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Tickets
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Paid
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.rows.map((o) => {
                  const status = orderReportStatus(o);
                  return (
                    <tr key={o.id}>
                      <td className="px-2 py-2">
                        <Link to={`/h/tickets/orders/${o.id}`} className="link font-mono">
                          {o.reference}
                        </Link>
                        <span className="block text-xs text-fg-muted">{formatTimestamp(o.createdAt)}</span>
                      </td>
                      <td className="px-2 py-2 break-words">
                        {o.buyerName}
                        <span className="block text-xs break-all text-fg-muted">{o.buyerEmail}</span>
                      </td>
                      <td className="px-2 py-2">
                        {o.eventName}
                        <span className="block text-xs text-fg-muted">{formatNumericDate(o.eventStartsAt)}</span>
                      </td>
                      <td className="px-2 py-2 tabular-nums">
                        {o.tickets}
                        {o.companions > 0 ? (
                          <span className="block text-xs text-fg-muted">+{o.companions} companion</span>
                        ) : null}
                      </td>
                      <td className="px-2 py-2 tabular-nums">
                        {formatAmount(o.totalPence, o.currency)}
                        {o.discountCode ? (
                          <span className="block text-xs text-fg-muted">code {o.discountCode}</span>
                        ) : null}
                        {o.refundedPence > 0 ? (
                          <span className="block text-xs text-fg-muted">
                            {formatAmount(o.refundedPence, o.currency)} refunded
                          </span>
                        ) : null}
                      </td>
                      <td className="px-2 py-2">
                        <span
                          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                            STATUS_TONE[status]
                          }`}
                        >
                          {ORDER_REPORT_STATUS_TEXT[status]}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="mt-4 grid grid-cols-1 gap-3 tablet:hidden" aria-label="Orders">
            {list.rows.map((o) => {
              const status = orderReportStatus(o);
              return (
                <li key={o.id} className="card relative p-4">
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 font-semibold break-words">{o.buyerName}</p>
                    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
                      {ORDER_REPORT_STATUS_TEXT[status]}
                    </span>
                  </div>
                  <p className="text-sm break-all text-fg-muted">{o.buyerEmail}</p>
                  <p className="mt-2 text-sm">{o.eventName}</p>
                  <p className="mt-1 text-sm tabular-nums">
                    {o.tickets} {o.tickets === 1 ? "ticket" : "tickets"} · {formatAmount(o.totalPence, o.currency)}
                    {o.refundedPence > 0 ? ` · ${formatAmount(o.refundedPence, o.currency)} refunded` : ""}
                  </p>
                  <p className="mt-1 text-xs text-fg-muted">
                    {/* The whole card opens the order: a phone's thumb needs more than the reference. */}
                    <Link to={`/h/tickets/orders/${o.id}`} className="link font-mono after:absolute after:inset-0">
                      {o.reference}
                    </Link>{" "}
                    · {formatTimestamp(o.createdAt)}
                  </p>
                </li>
              );
            })}
          </ul>
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(page) => reportHref("/h/reports/orders", { ...applied, page })}
            label="Orders: pages"
          />
        </>
      )}
    </ReportFrame>
  );
}

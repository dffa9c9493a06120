import { Download, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type OrderReportFilter, ORDER_REPORT_FILTERS, ORDER_REPORT_STATUS_TEXT } from "~/domain/reports";
import { formatNumericDate } from "~/lib/format";
import { reportHref } from "~/web/lib/report-query";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

/** Partner Studio's reports: the heading and the two reports as tabs, the choice of events and dates kept. */
export function ReportFrame({
  current,
  keep,
  children,
}: {
  current: "overview" | "orders";
  keep: { event: string; from: string; to: string };
  children: ReactNode;
}) {
  const tabs = [
    { id: "overview", label: "Overview", href: reportHref("/h/reports/overview", keep) },
    { id: "orders", label: "Orders", href: reportHref("/h/reports/orders", keep) },
  ] as const;
  const row = useCurrentInView<HTMLElement>();
  return (
    <div className="py-6 laptop:py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Reports</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        What sold, what came in and who came: for all your events or one, over any dates.
      </p>
      <nav ref={row} aria-label="Reports" className="-mx-1 mt-5 overflow-x-auto scroll-fade border-b border-border">
        <ul className="flex min-w-max gap-1 px-1">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.href}
                aria-current={tab.id === current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium ${
                  tab.id === current ? "border-brand text-brand" : "border-transparent text-fg-muted hover:text-fg"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

const control = "mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm aria-[invalid=true]:border-danger";

/**
 * What a report covers: an event (or all), a range of dates, and for the orders report a status and a
 * search. A GET form, so every report is an address the host can keep or share with their team.
 */
export function ReportFilters({
  path,
  events,
  state,
  problem,
  orders,
  exportHref,
}: {
  path: string;
  events: { id: string; name: string; startsAt: Date }[];
  state: { event: string; from: string; to: string; status?: OrderReportFilter | ""; q?: string };
  problem: { field: "from" | "to"; message: string } | null;
  /** The orders report's own filters. */
  orders?: boolean;
  exportHref?: string;
}) {
  const invalid = (field: "from" | "to") => (problem?.field === field ? true : undefined);
  return (
    <Form
      method="get"
      action={path}
      aria-label="Report filters"
      className="mt-6 grid grid-cols-2 items-end gap-3 tablet:flex tablet:flex-wrap"
    >
      <div className="col-span-2 min-w-0 tablet:w-64">
        <label htmlFor="report-event" className="block text-xs font-semibold text-fg-muted">
          Event
        </label>
        <select
          id="report-event"
          name="event"
          defaultValue={state.event}
          key={state.event}
          className={`${control} border-border`}
        >
          <option value="">All events</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name} · {formatNumericDate(e.startsAt)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 tablet:w-40">
        <label htmlFor="report-from" className="block text-xs font-semibold text-fg-muted">
          From
        </label>
        <input
          id="report-from"
          type="date"
          name="from"
          defaultValue={state.from}
          key={`from-${state.from}`}
          aria-invalid={invalid("from")}
          aria-describedby={problem ? "report-range-problem" : undefined}
          className={`${control} border-border`}
        />
      </div>
      <div className="min-w-0 tablet:w-40">
        <label htmlFor="report-to" className="block text-xs font-semibold text-fg-muted">
          To
        </label>
        <input
          id="report-to"
          type="date"
          name="to"
          defaultValue={state.to}
          key={`to-${state.to}`}
          aria-invalid={invalid("to")}
          aria-describedby={problem ? "report-range-problem" : undefined}
          className={`${control} border-border`}
        />
      </div>
      {orders ? (
        <>
          <div className="min-w-0 tablet:w-40">
            <label htmlFor="report-status" className="block text-xs font-semibold text-fg-muted">
              Status
            </label>
            <select
              id="report-status"
              name="status"
              defaultValue={state.status ?? ""}
              key={state.status ?? ""}
              className={`${control} border-border`}
            >
              <option value="">Any status</option>
              {ORDER_REPORT_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {ORDER_REPORT_STATUS_TEXT[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2 min-w-0 tablet:w-64">
            <label htmlFor="report-q" className="block text-xs font-semibold text-fg-muted">
              Search orders
            </label>
            <input
              id="report-q"
              type="search"
              name="q"
              defaultValue={state.q ?? ""}
              key={state.q ?? ""}
              maxLength={200}
              placeholder="Buyer name, email or order"
              className={`${control} border-border`}
            />
          </div>
        </>
      ) : null}
      <button type="submit" className="btn-secondary col-span-2 tablet:col-span-1">
        <Search aria-hidden className="size-4" /> Show
      </button>
      {exportHref ? (
        <a href={exportHref} className="btn-secondary col-span-2 tablet:col-span-1" download>
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      ) : null}
      {problem ? (
        <p
          id="report-range-problem"
          role="alert"
          className="col-span-2 w-full rounded-xl bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {problem.message} Showing the last 7 days instead.
        </p>
      ) : null}
    </Form>
  );
}

import { BarChart3, CalendarRange, Link2, Percent, Ticket } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { WEEKDAYS } from "~/domain/reports";
import { shortenMoney, shortenNumber } from "~/domain/short-numbers";
import { formatCalendarDay, formatChartDay, formatMoney, formatNumericDate } from "~/lib/format";
import { hostOverview, type MoneyByCurrency, reportEvents } from "~/services/host-reports";
import { ReportFilters, ReportFrame } from "~/web/components/studio/report-frame";
import { loaded } from "~/web/lib/loaded";
import { readReportQuery, reportHref } from "~/web/lib/report-query";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/reports.overview";

// Recharts comes only with the reports, and only in the browser: every figure is in a table as well.
const SalesOverTimeChart = lazy(() =>
  import("~/web/components/studio/report-charts").then((m) => ({ default: m.SalesOverTimeChart })),
);
const WeekdayChart = lazy(() =>
  import("~/web/components/studio/report-charts").then((m) => ({ default: m.WeekdayChart })),
);

export const handle = { title: "Reports" };
export const meta: Route.MetaFunction = () => [
  { title: "Reports overview · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your sales, fees and payouts over time." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const query = readReportQuery(request.url, new Date());
  // An event that isn't the host's is a 404 from the service, as every other Studio page answers.
  const [events, report] = await Promise.all([
    reportEvents(db, hostId),
    loaded(hostOverview(db, { hostId, eventId: query.event || null, range: query.range })),
  ]);
  return {
    events,
    report,
    state: {
      event: query.event,
      from: query.problem ? query.from : query.range.from,
      to: query.problem ? query.to : query.range.to,
    },
    problem: query.problem,
  };
}

/** Money in every currency it came in, shortened: '£1.2k' or '£1.2k + €300'. */
function moneyText(m: MoneyByCurrency, shorten = true): string {
  const entries = Object.entries(m).filter(([, v]) => v !== 0);
  if (entries.length === 0) return formatMoney(0, Object.keys(m)[0] ?? "GBP");
  return entries.map(([c, v]) => (shorten ? shortenMoney(v, c) : formatMoney(v, c))).join(" + ");
}

function Figure({ label, value, exact, note }: { label: string; value: string; exact?: string; note?: string }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-xs font-semibold text-fg-muted">{label}</dt>
      <dd className="mt-1">
        <span className="block text-xl font-extrabold break-words tabular-nums tablet:text-2xl" title={exact}>
          {value}
        </span>
        {exact && exact !== value ? <span className="block text-xs text-fg-muted tabular-nums">{exact}</span> : null}
        {note ? <span className="block text-xs text-fg-muted">{note}</span> : null}
      </dd>
    </div>
  );
}

function Card({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card min-w-0 p-5">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-5 text-center text-sm text-fg-muted">{children}</p>;
}

const th = "px-2 py-2 font-semibold";
const td = "px-2 py-2 tabular-nums";

export default function ReportsOverview({ loaderData }: Route.ComponentProps) {
  const { events, report, state, problem } = loaderData;
  const hydrated = useHydrated();
  const { totals } = report;
  const currencies = Object.keys(totals.gross).sort((a, b) => (totals.gross[b] ?? 0) - (totals.gross[a] ?? 0));
  const chartCurrency = currencies[0] ?? "GBP";
  const eventName = events.find((e) => e.id === report.eventId)?.name;
  const dates = `${formatCalendarDay(report.range.from)} to ${formatCalendarDay(report.range.to)}`;
  const scope = `${eventName ?? "All events"}, ${dates}`;
  const hasSales = totals.orders > 0;
  const standing = totals.sold + totals.companions;
  const points = report.overTime.map((p) => ({
    label:
      report.bucket === "month"
        ? p.bucket.slice(0, 7)
        : formatChartDay(p.bucket, report.bucket === "day" && report.overTime.length <= 7),
    tickets: p.sold,
    gross: p.gross[chartCurrency] ?? 0,
  }));
  const bucketWord = { day: "Day", week: "Week from", month: "Month" }[report.bucket];

  return (
    <ReportFrame current="overview" keep={{ event: state.event, from: report.range.from, to: report.range.to }}>
      <ReportFilters path="/h/reports/overview" events={events} state={state} problem={problem} />

      <p className="mt-4 text-sm text-fg-muted" aria-live="polite">
        {scope}. Orders count on the day they were placed (UK time).
      </p>

      <dl className="mt-4 grid grid-cols-2 gap-3 tablet:grid-cols-4">
        <Figure
          label="Tickets sold"
          value={shortenNumber(totals.sold)}
          exact={totals.sold.toLocaleString("en-GB")}
          note={totals.companions > 0 ? `and ${totals.companions} free companion` : undefined}
        />
        <Figure label="Gross sales" value={moneyText(totals.gross)} exact={moneyText(totals.gross, false)} />
        <Figure label="Booking fees" value={moneyText(totals.fees)} exact={moneyText(totals.fees, false)} />
        <Figure label="Discounts" value={moneyText(totals.discounts)} exact={moneyText(totals.discounts, false)} />
        <Figure label="Refunds" value={moneyText(totals.refunds)} exact={moneyText(totals.refunds, false)} />
        <Figure label="Net sales" value={moneyText(totals.net)} exact={moneyText(totals.net, false)} />
        <Figure label="Orders" value={shortenNumber(totals.orders)} exact={totals.orders.toLocaleString("en-GB")} />
        <Figure
          label="Check-in rate"
          value={totals.checkInRate === null ? "–" : `${totals.checkInRate}%`}
          note={`${totals.checkedIn.toLocaleString("en-GB")} of ${standing.toLocaleString("en-GB")} let in`}
        />
      </dl>
      <p className="mt-2 max-w-3xl text-xs text-fg-muted">
        Gross is what buyers paid, after discounts and with booking fees. Net is gross less refunds and the booking fees
        Ticketyboo keeps: a refund gives back its share of the fee (all of it when the whole order is refunded), as your
        payouts count it. When you absorb the booking fee, it comes out of your payout and is not counted here.
      </p>

      <div className="mt-6 grid grid-cols-1 gap-6">
        <Card
          id="over-time-heading"
          title="Sales over time"
          icon={<BarChart3 aria-hidden className="size-5 text-brand" />}
        >
          {hasSales ? (
            <>
              <div className="h-64" aria-hidden>
                {hydrated ? (
                  <Suspense fallback={<div className="size-full animate-pulse rounded-xl bg-surface-2" />}>
                    <SalesOverTimeChart points={points} currency={chartCurrency} />
                  </Suspense>
                ) : (
                  <div className="size-full rounded-xl bg-surface-2" />
                )}
              </div>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                <span className="flex items-center gap-1.5">
                  <span aria-hidden className="inline-block size-2.5 rounded-sm bg-brand" /> Bars: tickets sold
                </span>
                <span className="flex items-center gap-1.5">
                  <span aria-hidden className="inline-block h-0.5 w-3 bg-fg" /> Line: gross sales ({chartCurrency})
                </span>
              </p>
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-semibold">Figures by {bucketWord.toLowerCase()}</summary>
                <div
                  className="mt-2 max-h-72 overflow-auto"
                  tabIndex={0}
                  role="group"
                  aria-label="Table, scrolls up and down"
                >
                  <table className="w-full text-left">
                    <caption className="sr-only">Sales over time</caption>
                    <thead className="text-xs text-fg-muted uppercase">
                      <tr>
                        <th scope="col" className={th}>
                          {bucketWord}
                        </th>
                        <th scope="col" className={th}>
                          Orders
                        </th>
                        <th scope="col" className={th}>
                          Tickets
                        </th>
                        <th scope="col" className={th}>
                          Gross
                        </th>
                        <th scope="col" className={th}>
                          Net
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {report.overTime.map((p) => (
                        <tr key={p.bucket}>
                          <td className="px-2 py-1">
                            {report.bucket === "month" ? p.bucket.slice(0, 7) : formatCalendarDay(p.bucket)}
                          </td>
                          <td className="px-2 py-1 tabular-nums">{p.orders}</td>
                          <td className="px-2 py-1 tabular-nums">{p.sold}</td>
                          <td className="px-2 py-1 tabular-nums">{p.orders ? moneyText(p.gross, false) : "–"}</td>
                          <td className="px-2 py-1 tabular-nums">{p.orders ? moneyText(p.net, false) : "–"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          ) : (
            <Empty>
              No orders in these dates. Choose other dates above, or{" "}
              <Link to={reportHref("/h/reports/overview", { event: state.event })} className="link">
                see the last 7 days
              </Link>
              .
            </Empty>
          )}
        </Card>

        {!report.eventId ? (
          <Card
            id="by-event-heading"
            title="By event"
            icon={<CalendarRange aria-hidden className="size-5 text-brand" />}
          >
            {report.byEvent.length === 0 ? (
              <Empty>No event sold in these dates.</Empty>
            ) : (
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="group"
                aria-label="Table, scrolls sideways on small screens"
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Sales by event</caption>
                  <thead className="text-xs text-fg-muted uppercase">
                    <tr>
                      <th scope="col" className={th}>
                        Event
                      </th>
                      <th scope="col" className={th}>
                        Orders
                      </th>
                      <th scope="col" className={th}>
                        Tickets
                      </th>
                      <th scope="col" className={th}>
                        Gross
                      </th>
                      <th scope="col" className={th}>
                        Refunds
                      </th>
                      <th scope="col" className={th}>
                        Net
                      </th>
                      <th scope="col" className={th}>
                        Checked in
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {report.byEvent.map((e) => (
                      <tr key={e.eventId}>
                        <th scope="row" className="min-w-36 px-2 py-2 text-left font-medium">
                          <Link
                            to={reportHref("/h/reports/overview", {
                              event: e.eventId,
                              from: report.range.from,
                              to: report.range.to,
                            })}
                            className="link"
                          >
                            {e.name}
                          </Link>
                          <span className="block text-xs font-normal text-fg-muted">
                            {formatNumericDate(e.startsAt)}
                          </span>
                        </th>
                        <td className={td}>{e.orders.toLocaleString("en-GB")}</td>
                        <td className={td}>{e.sold.toLocaleString("en-GB")}</td>
                        <td className={td}>{moneyText(e.gross, false)}</td>
                        <td className={td}>{moneyText(e.refunds, false)}</td>
                        <td className={td}>{moneyText(e.net, false)}</td>
                        <td className={td}>{e.checkedIn.toLocaleString("en-GB")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        ) : null}

        <Card id="by-type-heading" title="By ticket type" icon={<Ticket aria-hidden className="size-5 text-brand" />}>
          {report.byTicketType.length === 0 ? (
            <Empty>No tickets sold in these dates.</Empty>
          ) : (
            <div
              className="overflow-x-auto"
              tabIndex={0}
              role="group"
              aria-label="Table, scrolls sideways on small screens"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Tickets by type</caption>
                <thead className="text-xs text-fg-muted uppercase">
                  <tr>
                    <th scope="col" className={th}>
                      Ticket type
                    </th>
                    <th scope="col" className={th}>
                      Sold
                    </th>
                    <th scope="col" className={th}>
                      Face value
                    </th>
                    <th scope="col" className={th}>
                      Checked in
                    </th>
                    <th scope="col" className={th}>
                      Cancelled
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {report.byTicketType.map((t) => (
                    <tr key={t.ticketTypeId}>
                      <th scope="row" className="min-w-36 px-2 py-2 text-left font-medium">
                        {t.name}
                        {!report.eventId ? (
                          <span className="block text-xs font-normal text-fg-muted">{t.eventName}</span>
                        ) : null}
                        {t.companions > 0 ? (
                          <span className="block text-xs font-normal text-fg-muted">
                            and {t.companions} free companion
                          </span>
                        ) : null}
                      </th>
                      <td className={td}>{t.sold.toLocaleString("en-GB")}</td>
                      <td className={td}>{moneyText(t.faceValue, false)}</td>
                      <td className={td}>{t.checkedIn.toLocaleString("en-GB")}</td>
                      <td className={td}>{t.cancelled.toLocaleString("en-GB")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>

        <div className="grid grid-cols-1 gap-6 laptop:grid-cols-2">
          <Card
            id="by-code-heading"
            title="By discount code"
            icon={<Percent aria-hidden className="size-5 text-brand" />}
          >
            {report.byDiscount.length === 0 ? (
              <Empty>
                No order used a discount code in these dates.{" "}
                <Link to="/h/discounts" className="link">
                  Your discount codes
                </Link>
              </Empty>
            ) : (
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="group"
                aria-label="Table, scrolls sideways on small screens"
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Orders by discount code</caption>
                  <thead className="text-xs text-fg-muted uppercase">
                    <tr>
                      <th scope="col" className={th}>
                        Code
                      </th>
                      <th scope="col" className={th}>
                        Orders
                      </th>
                      <th scope="col" className={th}>
                        Discount given
                      </th>
                      <th scope="col" className={th}>
                        Gross
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {report.byDiscount.map((d) => (
                      <tr key={d.code}>
                        <th scope="row" className="px-2 py-2 text-left font-mono font-medium">
                          {d.code}
                        </th>
                        <td className={td}>{d.orders.toLocaleString("en-GB")}</td>
                        <td className={td}>{moneyText(d.discounts, false)}</td>
                        <td className={td}>{moneyText(d.gross, false)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>

          <Card
            id="by-weekday-heading"
            title="By day of the week"
            icon={<CalendarRange aria-hidden className="size-5 text-brand" />}
          >
            {hasSales ? (
              <>
                <div className="h-48" aria-hidden>
                  {hydrated ? (
                    <Suspense fallback={<div className="size-full animate-pulse rounded-xl bg-surface-2" />}>
                      <WeekdayChart
                        points={report.byWeekday.map((w) => ({
                          label: WEEKDAYS[w.weekday - 1]!.slice(0, 3),
                          tickets: w.sold,
                        }))}
                      />
                    </Suspense>
                  ) : (
                    <div className="size-full rounded-xl bg-surface-2" />
                  )}
                </div>
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer font-semibold">Figures by day of the week</summary>
                  <table className="mt-2 w-full text-left">
                    <caption className="sr-only">Sales by day of the week</caption>
                    <thead className="text-xs text-fg-muted uppercase">
                      <tr>
                        <th scope="col" className={th}>
                          Day
                        </th>
                        <th scope="col" className={th}>
                          Orders
                        </th>
                        <th scope="col" className={th}>
                          Tickets
                        </th>
                        <th scope="col" className={th}>
                          Gross
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {report.byWeekday.map((w) => (
                        <tr key={w.weekday}>
                          <td className="px-2 py-1">{WEEKDAYS[w.weekday - 1]}</td>
                          <td className="px-2 py-1 tabular-nums">{w.orders}</td>
                          <td className="px-2 py-1 tabular-nums">{w.sold}</td>
                          <td className="px-2 py-1 tabular-nums">{w.orders ? moneyText(w.gross, false) : "–"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </>
            ) : (
              <Empty>No orders in these dates.</Empty>
            )}
          </Card>

          <Card
            id="by-link-heading"
            title="By tracking link"
            icon={<Link2 aria-hidden className="size-5 text-brand" />}
          >
            {report.byTrackingLink.length === 0 ? (
              <Empty>
                No order came through a tracking link in these dates.{" "}
                <Link to="/h/promote" className="link">
                  Make tracking links on Promote
                </Link>
              </Empty>
            ) : (
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="group"
                aria-label="Table, scrolls sideways on small screens"
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Orders by tracking link</caption>
                  <thead className="text-xs text-fg-muted uppercase">
                    <tr>
                      <th scope="col" className={th}>
                        Link
                      </th>
                      <th scope="col" className={th}>
                        Orders
                      </th>
                      <th scope="col" className={th}>
                        Gross
                      </th>
                      <th scope="col" className={th}>
                        Net
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {report.byTrackingLink.map((l) => (
                      <tr key={l.linkId}>
                        <th scope="row" className="min-w-36 px-2 py-2 text-left font-medium">
                          {l.name}
                          {!report.eventId ? (
                            <span className="block text-xs font-normal text-fg-muted">{l.eventName}</span>
                          ) : null}
                        </th>
                        <td className={td}>{l.orders.toLocaleString("en-GB")}</td>
                        <td className={td}>{moneyText(l.gross, false)}</td>
                        <td className={td}>{moneyText(l.net, false)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </div>
      </div>
    </ReportFrame>
  );
}

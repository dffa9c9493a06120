import { BarChart3, CalendarRange, Link2, Percent, Ticket } from "lucide-react";
import { Link } from "react-router";
import { WEEKDAYS } from "~/domain/reports";
import { shortenMoney, shortenNumber } from "~/domain/short-numbers";
import { formatCalendarDay, formatChartDay, formatMoney, formatNumericDate } from "~/lib/format";
import { hostOverview, type MoneyByCurrency, reportEvents } from "~/services/host-reports";
import { ReportFilters, ReportFrame } from "~/web/components/studio/report-frame";
import {
  BarsAndLineLegend,
  ChartSlot,
  denseCell,
  EmptyNote,
  figureCell,
  FigureTable,
  rowHeading,
  StudioCard,
} from "~/web/components/studio/report-parts";
import { loaded } from "~/web/lib/loaded";
import { readReportQuery, reportHref } from "~/web/lib/report-query";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/reports.overview";
import { optionalPart } from "~/web/lib/optional-part";

// Recharts comes only with the reports, and only in the browser: every figure is in a table as well.
// Left out if their code cannot be fetched (optionalPart): the tables still say everything.
const SalesOverTimeChart = optionalPart(() =>
  import("~/web/components/studio/report-charts").then((m) => m.SalesOverTimeChart),
);
const WeekdayChart = optionalPart(() => import("~/web/components/studio/report-charts").then((m) => m.WeekdayChart));

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

export default function ReportsOverview({ loaderData }: Route.ComponentProps) {
  const { events, report, state, problem } = loaderData;
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
        <StudioCard
          id="over-time-heading"
          title="Sales over time"
          icon={<BarChart3 aria-hidden className="size-5 text-brand" />}
        >
          {hasSales ? (
            <>
              <ChartSlot className="h-64">
                <SalesOverTimeChart points={points} currency={chartCurrency} />
              </ChartSlot>
              <BarsAndLineLegend line={`gross sales (${chartCurrency})`} />
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-semibold">Figures by {bucketWord.toLowerCase()}</summary>
                <FigureTable
                  caption="Sales over time"
                  columns={[bucketWord, "Orders", "Tickets", "Gross", "Net"]}
                  scroll="down"
                  className="mt-2"
                >
                  {report.overTime.map((p) => (
                    <tr key={p.bucket}>
                      <td className="px-2 py-1">
                        {report.bucket === "month" ? p.bucket.slice(0, 7) : formatCalendarDay(p.bucket)}
                      </td>
                      <td className={denseCell}>{p.orders}</td>
                      <td className={denseCell}>{p.sold}</td>
                      <td className={denseCell}>{p.orders ? moneyText(p.gross, false) : "–"}</td>
                      <td className={denseCell}>{p.orders ? moneyText(p.net, false) : "–"}</td>
                    </tr>
                  ))}
                </FigureTable>
              </details>
            </>
          ) : (
            <EmptyNote>
              No orders in these dates. Choose other dates above, or{" "}
              <Link to={reportHref("/h/reports/overview", { event: state.event })} className="link">
                see the last 7 days
              </Link>
              .
            </EmptyNote>
          )}
        </StudioCard>

        {!report.eventId ? (
          <StudioCard
            id="by-event-heading"
            title="By event"
            icon={<CalendarRange aria-hidden className="size-5 text-brand" />}
          >
            {report.byEvent.length === 0 ? (
              <EmptyNote>No event sold in these dates.</EmptyNote>
            ) : (
              <FigureTable
                caption="Sales by event"
                columns={["Event", "Orders", "Tickets", "Gross", "Refunds", "Net", "Checked in"]}
                scroll="sideways"
              >
                {report.byEvent.map((e) => (
                  <tr key={e.eventId}>
                    <th scope="row" className={rowHeading}>
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
                      <span className="block text-xs font-normal text-fg-muted">{formatNumericDate(e.startsAt)}</span>
                    </th>
                    <td className={figureCell}>{e.orders.toLocaleString("en-GB")}</td>
                    <td className={figureCell}>{e.sold.toLocaleString("en-GB")}</td>
                    <td className={figureCell}>{moneyText(e.gross, false)}</td>
                    <td className={figureCell}>{moneyText(e.refunds, false)}</td>
                    <td className={figureCell}>{moneyText(e.net, false)}</td>
                    <td className={figureCell}>{e.checkedIn.toLocaleString("en-GB")}</td>
                  </tr>
                ))}
              </FigureTable>
            )}
          </StudioCard>
        ) : null}

        <StudioCard
          id="by-type-heading"
          title="By ticket type"
          icon={<Ticket aria-hidden className="size-5 text-brand" />}
        >
          {report.byTicketType.length === 0 ? (
            <EmptyNote>No tickets sold in these dates.</EmptyNote>
          ) : (
            <FigureTable
              caption="Tickets by type"
              columns={["Ticket type", "Sold", "Face value", "Checked in", "Cancelled"]}
              scroll="sideways"
            >
              {report.byTicketType.map((t) => (
                <tr key={t.ticketTypeId}>
                  <th scope="row" className={rowHeading}>
                    {t.name}
                    {!report.eventId ? (
                      <span className="block text-xs font-normal text-fg-muted">{t.eventName}</span>
                    ) : null}
                    {t.companions > 0 ? (
                      <span className="block text-xs font-normal text-fg-muted">and {t.companions} free companion</span>
                    ) : null}
                  </th>
                  <td className={figureCell}>{t.sold.toLocaleString("en-GB")}</td>
                  <td className={figureCell}>{moneyText(t.faceValue, false)}</td>
                  <td className={figureCell}>{t.checkedIn.toLocaleString("en-GB")}</td>
                  <td className={figureCell}>{t.cancelled.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </FigureTable>
          )}
        </StudioCard>

        <div className="grid grid-cols-1 gap-6 laptop:grid-cols-2">
          <StudioCard
            id="by-code-heading"
            title="By discount code"
            icon={<Percent aria-hidden className="size-5 text-brand" />}
          >
            {report.byDiscount.length === 0 ? (
              <EmptyNote>
                No order used a discount code in these dates.{" "}
                <Link to="/h/discounts" className="link">
                  Your discount codes
                </Link>
              </EmptyNote>
            ) : (
              <FigureTable
                caption="Orders by discount code"
                columns={["Code", "Orders", "Discount given", "Gross"]}
                scroll="sideways"
              >
                {report.byDiscount.map((d) => (
                  <tr key={d.code}>
                    <th scope="row" className="px-2 py-2 text-left font-mono font-medium">
                      {d.code}
                    </th>
                    <td className={figureCell}>{d.orders.toLocaleString("en-GB")}</td>
                    <td className={figureCell}>{moneyText(d.discounts, false)}</td>
                    <td className={figureCell}>{moneyText(d.gross, false)}</td>
                  </tr>
                ))}
              </FigureTable>
            )}
          </StudioCard>

          <StudioCard
            id="by-weekday-heading"
            title="By day of the week"
            icon={<CalendarRange aria-hidden className="size-5 text-brand" />}
          >
            {hasSales ? (
              <>
                <ChartSlot className="h-48">
                  <WeekdayChart
                    points={report.byWeekday.map((w) => ({
                      label: WEEKDAYS[w.weekday - 1]!.slice(0, 3),
                      tickets: w.sold,
                    }))}
                  />
                </ChartSlot>
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer font-semibold">Figures by day of the week</summary>
                  <FigureTable
                    caption="Sales by day of the week"
                    columns={["Day", "Orders", "Tickets", "Gross"]}
                    className="mt-2"
                  >
                    {report.byWeekday.map((w) => (
                      <tr key={w.weekday}>
                        <td className="px-2 py-1">{WEEKDAYS[w.weekday - 1]}</td>
                        <td className={denseCell}>{w.orders}</td>
                        <td className={denseCell}>{w.sold}</td>
                        <td className={denseCell}>{w.orders ? moneyText(w.gross, false) : "–"}</td>
                      </tr>
                    ))}
                  </FigureTable>
                </details>
              </>
            ) : (
              <EmptyNote>No orders in these dates.</EmptyNote>
            )}
          </StudioCard>

          <StudioCard
            id="by-link-heading"
            title="By tracking link"
            icon={<Link2 aria-hidden className="size-5 text-brand" />}
          >
            {report.byTrackingLink.length === 0 ? (
              <EmptyNote>
                No order came through a tracking link in these dates.{" "}
                <Link to="/h/promote" className="link">
                  Make tracking links on Promote
                </Link>
              </EmptyNote>
            ) : (
              <FigureTable
                caption="Orders by tracking link"
                columns={["Link", "Orders", "Gross", "Net"]}
                scroll="sideways"
              >
                {report.byTrackingLink.map((l) => (
                  <tr key={l.linkId}>
                    <th scope="row" className={rowHeading}>
                      {l.name}
                      {!report.eventId ? (
                        <span className="block text-xs font-normal text-fg-muted">{l.eventName}</span>
                      ) : null}
                    </th>
                    <td className={figureCell}>{l.orders.toLocaleString("en-GB")}</td>
                    <td className={figureCell}>{moneyText(l.gross, false)}</td>
                    <td className={figureCell}>{moneyText(l.net, false)}</td>
                  </tr>
                ))}
              </FigureTable>
            )}
          </StudioCard>
        </div>
      </div>
    </ReportFrame>
  );
}

import {
  Accessibility,
  AlertTriangle,
  BarChart3,
  CalendarDays,
  Inbox,
  Plus,
  Receipt,
  UserRoundPen,
} from "lucide-react";
import { Link } from "react-router";
import { accessNeedLabels } from "~/domain/access-needs";
import { type AttentionReason, DASHBOARD_RANGES, dashboardRange } from "~/domain/host-dashboard";
import {
  formatCalendarDay,
  formatChartDay,
  formatEventDateTime,
  formatLondonTime,
  formatAmount,
  formatMoney,
  formatShortDate,
} from "~/lib/format";
import { hostDashboard } from "~/services/host-dashboard";
import {
  BarsAndLineLegend,
  ChartSlot,
  denseCell,
  EmptyNote,
  FigureTable,
  StudioCard,
} from "~/web/components/studio/report-parts";
import { Pagination } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/dashboard";
import { eventStatusWord } from "~/web/lib/event-status-word";
import { optionalPart } from "~/web/lib/optional-part";

// Recharts comes only with the figures pages, and only in the browser: the figures are in a table as well.
// Left out if its code cannot be fetched (optionalPart): the table still says everything.
const SalesOverTimeChart = optionalPart(() =>
  import("~/web/components/studio/report-charts").then((m) => m.SalesOverTimeChart),
);

export const handle = { title: "Dashboard" };
export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your sales, upcoming events and what needs your attention in Partner Studio." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, host } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const url = new URL(request.url);
  const range = dashboardRange(url.searchParams.get("range"));
  const ordersPage = Number(url.searchParams.get("orders") ?? "1");
  const board = await hostDashboard(context.database.db, {
    hostId,
    now: new Date(),
    range,
    ordersPage: Number.isFinite(ordersPage) ? ordersPage : 1,
  });
  return { host, ...board };
}

const ATTENTION: Record<AttentionReason, string> = {
  draft_without_venue: "Draft without a venue",
  draft_without_tickets: "Draft without tickets",
  starting_soon_unsold: "Starts within a week with places unsold",
};

/** An order's state (an event's is `eventStatusWord`). */
const ORDER_STATUS: Record<string, string> = {
  paid: "Paid",
  free: "Free",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export default function HostDashboard({ loaderData }: Route.ComponentProps) {
  const { host, today, next, range, sales, totals, orders, pending, attention } = loaderData;
  const currencies = Object.keys(totals.revenue);
  // The chart draws one currency: the one most of the money came in, pounds when there is none.
  const chartCurrency = currencies.sort((a, b) => (totals.revenue[b] ?? 0) - (totals.revenue[a] ?? 0))[0] ?? "GBP";
  const points = sales.map((d) => ({
    label: formatChartDay(d.day, range === 7),
    tickets: d.tickets,
    gross: d.revenue[chartCurrency] ?? 0,
  }));
  const hasSales = totals.tickets > 0 || currencies.length > 0;
  const revenueText =
    currencies.length === 0
      ? formatMoney(0, "GBP")
      : currencies.map((c) => formatMoney(totals.revenue[c] ?? 0, c)).join(" + ");
  const rangeHref = (r: number) => (r === 7 ? "/h/dashboard" : `/h/dashboard?range=${r}`);

  return (
    <div className="space-y-6 py-6 laptop:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-fg-muted">How {host.title} is doing today.</p>
        </div>
        <Link to="/h/events/new" className="btn-primary">
          <Plus aria-hidden className="size-4" /> New event
        </Link>
      </div>

      {!host.profileComplete ? (
        <p className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-soft px-4 py-3 text-sm">
          <UserRoundPen aria-hidden className="size-4 text-brand" />
          Buyers see your host name and booking page address on every event.
          <Link to="/h/onboarding" className="link font-semibold">
            Finish your host profile
          </Link>
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <StudioCard
            id="sales-heading"
            title="Sales"
            icon={<BarChart3 aria-hidden className="size-5 text-brand" />}
            action={
              <nav aria-label="Sales range" className="flex rounded-full border border-border p-0.5 text-sm">
                {DASHBOARD_RANGES.map((r) => (
                  <Link
                    key={r}
                    to={rangeHref(r)}
                    preventScrollReset
                    aria-current={r === range ? "page" : undefined}
                    className={`min-h-9 rounded-full px-3 leading-9 font-medium ${
                      r === range ? "bg-brand-strong text-on-brand" : "text-fg-muted hover:text-fg"
                    }`}
                  >
                    {r} days
                  </Link>
                ))}
              </nav>
            }
          >
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-xl bg-surface-2 p-3">
                <dt className="text-xs font-semibold text-fg-muted">Tickets sold</dt>
                <dd className="mt-1 text-xl font-extrabold tabular-nums tablet:text-2xl">{totals.tickets}</dd>
              </div>
              <div className="rounded-xl bg-surface-2 p-3">
                <dt className="text-xs font-semibold text-fg-muted">Revenue</dt>
                <dd className="mt-1 text-xl font-extrabold break-words tabular-nums tablet:text-2xl">{revenueText}</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-fg-muted">
              Last {range} days, by the day each order was placed. Revenue is what buyers paid, less refunds.
            </p>
            {hasSales ? (
              <>
                <ChartSlot className="mt-4 h-56">
                  <SalesOverTimeChart points={points} currency={chartCurrency} lineName="Revenue" />
                </ChartSlot>
                <BarsAndLineLegend line={`revenue (${chartCurrency})`} />
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer font-semibold">Figures by day</summary>
                  <FigureTable
                    caption="Tickets sold and revenue by day"
                    columns={["Day", "Tickets", "Revenue"]}
                    scroll="down"
                    className="mt-2"
                  >
                    {sales.map((d) => (
                      <tr key={d.day}>
                        <td className="px-2 py-1">{formatCalendarDay(d.day)}</td>
                        <td className={denseCell}>{d.tickets}</td>
                        <td className={denseCell}>
                          {Object.keys(d.revenue).length === 0
                            ? "–"
                            : Object.entries(d.revenue)
                                .map(([c, p]) => formatMoney(p, c))
                                .join(" + ")}
                        </td>
                      </tr>
                    ))}
                  </FigureTable>
                </details>
              </>
            ) : (
              <div className="mt-4">
                <EmptyNote>
                  No sales in the last {range} days. Once your tickets sell, each day's sales show here.
                </EmptyNote>
              </div>
            )}
          </StudioCard>

          <StudioCard
            id="orders-heading"
            title="Recent orders"
            icon={<Receipt aria-hidden className="size-5 text-brand" />}
          >
            {orders.rows.length === 0 ? (
              <EmptyNote>No orders yet. Every order for your events appears here, newest first.</EmptyNote>
            ) : (
              <>
                <ul className="divide-y divide-border">
                  {orders.rows.map((o) => (
                    <li key={o.id} className="relative grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 py-3">
                      <div className="min-w-0">
                        <p className="font-semibold break-words">
                          {o.buyerName}{" "}
                          <span className="font-normal text-fg-muted">
                            · {/* The whole row opens the order: a phone's thumb needs more than the reference. */}
                            <Link
                              to={`/h/tickets/orders/${o.id}`}
                              className="link font-mono after:absolute after:inset-0"
                            >
                              {o.reference}
                            </Link>
                          </span>
                        </p>
                        <p className="text-sm break-words text-fg-muted">
                          {o.tickets} {o.tickets === 1 ? "ticket" : "tickets"}
                          {o.companions > 0
                            ? ` (${o.companions} free ${o.companions === 1 ? "companion" : "companions"})`
                            : ""}{" "}
                          · {o.eventName}
                        </p>
                        <p className="text-xs text-fg-muted">
                          {formatShortDate(o.createdAt)}, {formatLondonTime(o.createdAt)}
                        </p>
                        {o.accessNeeds ? (
                          <details className="relative z-10 mt-1 text-sm">
                            <summary
                              className="inline-flex min-h-6 cursor-pointer items-center gap-1.5 rounded-full
                                bg-brand-soft px-2 py-0.5 text-xs font-medium"
                            >
                              <Accessibility aria-hidden className="size-3.5" /> Access needs shared
                            </summary>
                            <div className="mt-1 rounded-xl bg-surface-2 px-3 py-2">
                              {o.accessNeeds.needs.length > 0 ? (
                                <p>{accessNeedLabels(o.accessNeeds).join(", ")}</p>
                              ) : null}
                              {o.accessNeeds.notes ? (
                                <p className="break-words whitespace-pre-line">{o.accessNeeds.notes}</p>
                              ) : null}
                            </div>
                          </details>
                        ) : null}
                      </div>
                      <div className="text-right text-sm">
                        <p className="font-semibold tabular-nums">
                          {o.totalPence === 0 ? "Free" : formatAmount(o.totalPence, o.currency)}
                        </p>
                        {o.status !== "paid" && o.status !== "free" ? (
                          <p className="mt-1">
                            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
                              {ORDER_STATUS[o.status] ?? o.status}
                            </span>
                          </p>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={orders.page}
                  pageCount={orders.pages}
                  hrefFor={(p) => {
                    const q = new URLSearchParams();
                    if (range !== 7) q.set("range", String(range));
                    if (p > 1) q.set("orders", String(p));
                    return `/h/dashboard${q.size ? `?${q}` : ""}#orders-heading`;
                  }}
                  label="Order pages"
                />
              </>
            )}
          </StudioCard>
        </div>

        <div className="min-w-0 space-y-6">
          <StudioCard
            id="events-heading"
            title="Today and next"
            icon={<CalendarDays aria-hidden className="size-5 text-brand" />}
          >
            {today.length === 0 && next.length === 0 ? (
              <EmptyNote>
                No events coming up. When you{" "}
                <Link to="/h/events/new" className="link font-semibold">
                  create an event
                </Link>
                , it appears here with its sales.
              </EmptyNote>
            ) : (
              <div className="space-y-4">
                {today.length > 0 ? (
                  <EventList heading="Today" events={today} />
                ) : (
                  <p className="text-sm text-fg-muted">Nothing on today.</p>
                )}
                {next.length > 0 ? <EventList heading="Next" events={next} /> : null}
              </div>
            )}
          </StudioCard>

          <StudioCard
            id="cancellations-heading"
            title="Cancellation requests"
            icon={<Inbox aria-hidden className="size-5 text-brand" />}
          >
            {pending === 0 ? (
              <EmptyNote>No requests waiting.</EmptyNote>
            ) : (
              <p className="text-sm">
                <span className="text-2xl font-extrabold tabular-nums">{pending}</span>{" "}
                {pending === 1 ? "request is" : "requests are"} waiting for your decision.{" "}
                <Link to="/h/tickets?view=requests" className="link font-semibold">
                  Decide on the Tickets page
                </Link>
              </p>
            )}
          </StudioCard>

          <StudioCard
            id="attention-heading"
            title="Needs attention"
            icon={<AlertTriangle aria-hidden className="size-5 text-brand" />}
          >
            {attention.length === 0 ? (
              <EmptyNote>Nothing needs you right now.</EmptyNote>
            ) : (
              <ul className="space-y-3">
                {attention.map((a) => (
                  <li key={a.eventId} className="rounded-xl border border-border p-3 text-sm">
                    <p className="font-semibold break-words">{a.name}</p>
                    <p className="text-fg-muted">{formatEventDateTime(a.startsAt)}</p>
                    <ul className="mt-1 list-inside list-disc">
                      {a.reasons.map((r) => (
                        <li key={r}>
                          {r === "starting_soon_unsold" ? `${ATTENTION[r]}: ${a.unsold} left` : ATTENTION[r]}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </StudioCard>
        </div>
      </div>
    </div>
  );
}

function EventList({
  heading,
  events,
}: {
  heading: string;
  events: {
    id: string;
    name: string;
    slug: string;
    status: string;
    isCancelled: boolean;
    startsAt: Date;
    capacity: number;
    sold: number;
  }[];
}) {
  return (
    <div>
      <h3 className="text-xs font-semibold text-fg-muted uppercase">{heading}</h3>
      <ul className="mt-2 space-y-2">
        {events.map((e) => (
          <li key={e.id} className="rounded-xl border border-border p-3 text-sm">
            <p className="font-semibold break-words">
              {e.status === "published" ? (
                <Link to={`/events/${e.slug}`} className="hover:underline">
                  {e.name}
                </Link>
              ) : (
                e.name
              )}
            </p>
            <p className="text-fg-muted">{formatEventDateTime(e.startsAt)}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">{eventStatusWord(e)}</span>
              <span className="tabular-nums">
                {e.sold}/{e.capacity} sold
              </span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { and, eq, gte, lt, sql } from "drizzle-orm";
import { event, hostSummarySent, order, user } from "~/db/schema";
import { MAX_REPORT_DAYS, type ReportRange, daysInRange } from "~/domain/reports";
import { shortenMoney, shortenNumber } from "~/domain/short-numbers";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";
import { endOfEvent } from "../discover-events";
import { type HostOverview, hostOverview, type MoneyByCurrency } from "../host-reports";
import type { EmailDeps } from "./after-sale";

/*
 * Hosts' summary emails (issue 21), following the preferences they set (`notifyMonthlySummaries`,
 * `notifyEventSummaries`, spec §3's notificationEmailPreferences.hosting): on the first of each London
 * month, last month's sales of every event; a day after an event ends, how it went. Each is claimed once
 * (host_summary_sent) before it is sent, so the hourly job may run again, or on two instances at once,
 * without sending twice; a host with no orders to report is not written to.
 */

/** Events that ended this long ago at most are summed up: a job that was down for a while catches up. */
const EVENT_SUMMARY_WITHIN_DAYS = 7;
/** An event is summed up once it has been over this long (late scans and refunds settle first). */
const EVENT_SUMMARY_AFTER_HOURS = 12;

const base = (publicUrl: string) => publicUrl.replace(/\/$/, "");

function moneyText(m: MoneyByCurrency): string {
  const entries = Object.entries(m).filter(([, v]) => v !== 0);
  if (entries.length === 0) return shortenMoney(0, Object.keys(m)[0] ?? "GBP");
  return entries.map(([c, v]) => shortenMoney(v, c)).join(" + ");
}

function figuresOf(report: HostOverview, withCheckIns: boolean) {
  const t = report.totals;
  const figures = [
    { label: "Orders", value: shortenNumber(t.orders) },
    { label: "Tickets sold", value: shortenNumber(t.sold) },
    { label: "Gross sales", value: moneyText(t.gross) },
    { label: "Refunds", value: moneyText(t.refunds) },
    { label: "Net sales", value: moneyText(t.net) },
  ];
  if (withCheckIns && t.checkInRate !== null) figures.push({ label: "Checked in", value: `${t.checkInRate}%` });
  return figures;
}

/** Claims one summary for a host; false when it was already claimed (sent, or being sent elsewhere). */
async function claim(deps: EmailDeps, hostId: string, kind: "month" | "event", period: string) {
  const rows = await deps.db
    .insert(hostSummarySent)
    .values({ hostId, kind, period })
    .onConflictDoNothing()
    .returning({ hostId: hostSummarySent.hostId });
  return rows.length === 1;
}

/** The London month before the one `now` is in: its key ('2026-10') and its days. */
export function previousMonth(now: Date): { key: string; range: ReportRange; name: string } {
  const firstOfThis = `${londonYmd(now).slice(0, 8)}01`;
  const lastOfPrevious = addDaysYmd(firstOfThis, -1);
  const from = `${lastOfPrevious.slice(0, 8)}01`;
  const name = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${from}T12:00:00Z`),
  );
  return { key: from.slice(0, 7), range: { from, to: lastOfPrevious }, name };
}

/** Last month's summary for every host who asked for it and sold something then. */
export async function sendMonthlySummaries(deps: EmailDeps, now: Date): Promise<number> {
  const month = previousMonth(now);
  const start = londonWallTimeToUtc(month.range.from, "00:00");
  const end = londonWallTimeToUtc(addDaysYmd(month.range.to, 1), "00:00");
  const hosts = await deps.db
    .selectDistinct({ id: user.id, email: user.email, name: user.firstName, title: user.hostTitle })
    .from(order)
    .innerJoin(user, eq(user.id, order.hostId))
    .where(and(eq(user.notifyMonthlySummaries, true), gte(order.createdAt, start), lt(order.createdAt, end)));
  let sent = 0;
  for (const host of hosts) {
    if (!(await claim(deps, host.id, "month", month.key))) continue;
    const report = await hostOverview(deps.db, { hostId: host.id, eventId: null, range: month.range });
    const top = [...report.byEvent]
      .sort((a, b) => sumOf(b.gross) - sumOf(a.gross))
      .slice(0, 3)
      .map((e) => ({ name: e.name, gross: moneyText(e.gross) }));
    await deps.mailer.send({
      to: host.email,
      userId: host.id,
      template: {
        name: "host-summary",
        props: {
          hostName: host.name ?? host.title ?? "there",
          kind: "month",
          title: month.name,
          figures: figuresOf(report, false),
          topEvents: top,
          reportUrl: `${base(deps.publicUrl)}/h/reports/overview?from=${month.range.from}&to=${month.range.to}`,
        },
      },
    });
    sent++;
  }
  return sent;
}

const sumOf = (m: MoneyByCurrency) => Object.values(m).reduce((a, b) => a + b, 0);

/** How each event went, for hosts who asked, once it has been over a while; every order it ever had. */
export async function sendEventSummaries(deps: EmailDeps, now: Date): Promise<number> {
  const ends = endOfEvent(event.startsAt, event.endsAt);
  const ended = await deps.db
    .select({
      id: event.id,
      name: event.name,
      createdAt: event.createdAt,
      hostId: user.id,
      email: user.email,
      hostName: user.firstName,
      title: user.hostTitle,
    })
    .from(event)
    .innerJoin(user, eq(user.id, event.hostId))
    .where(
      and(
        eq(user.notifyEventSummaries, true),
        sql`${event.status} <> 'deleted'`,
        sql`${ends} <= ${new Date(now.getTime() - EVENT_SUMMARY_AFTER_HOURS * 3_600_000)}`,
        sql`${ends} > ${new Date(now.getTime() - EVENT_SUMMARY_WITHIN_DAYS * 86_400_000)}`,
        sql`exists (select 1 from ${order} where ${order.eventId} = ${event.id})`,
      ),
    );
  let sent = 0;
  for (const e of ended) {
    if (!(await claim(deps, e.hostId, "event", e.id))) continue;
    // Every order the event had: from the day it was made to today (within the reports' longest range).
    const to = londonYmd(now);
    let from = londonYmd(e.createdAt);
    if (daysInRange({ from, to }) > MAX_REPORT_DAYS) from = addDaysYmd(to, 1 - MAX_REPORT_DAYS);
    const report = await hostOverview(deps.db, { hostId: e.hostId, eventId: e.id, range: { from, to } });
    await deps.mailer.send({
      to: e.email,
      userId: e.hostId,
      template: {
        name: "host-summary",
        props: {
          hostName: e.hostName ?? e.title ?? "there",
          kind: "event",
          title: e.name,
          figures: figuresOf(report, true),
          topEvents: [],
          reportUrl: `${base(deps.publicUrl)}/h/reports/overview?event=${e.id}&from=${from}&to=${to}`,
        },
      },
    });
    sent++;
  }
  return sent;
}

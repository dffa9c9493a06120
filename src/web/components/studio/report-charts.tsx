import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { shortenMoney, shortenNumber } from "~/domain/short-numbers";
import { formatMoney } from "~/lib/format";

/*
 * The Studio's charts, drawn with Recharts. Loaded on demand, in the browser, by the reports pages
 * and the dashboard only, so no other page carries the charting code; every figure is in a table
 * beside its chart. Axis figures are shortened with the one rule (k, M, B, T).
 */

export interface ReportPoint {
  label: string;
  tickets: number;
  /** In minor units of the chart's currency. */
  gross: number;
}

const axisTick = { fill: "var(--color-fg-muted)", fontSize: 12 };
const tooltipStyle = {
  background: "var(--color-surface)",
  border: "1px solid var(--color-border)",
  borderRadius: 12,
  color: "var(--color-fg)",
};

/** Tickets sold (bars) and money (a line: gross sales, or the dashboard's revenue) over time. */
export function SalesOverTimeChart({
  points,
  currency,
  lineName = "Gross sales",
}: {
  points: ReportPoint[];
  currency: string;
  lineName?: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          interval="preserveStartEnd"
          minTickGap={12}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: "var(--color-border)" }}
        />
        <YAxis
          yAxisId="tickets"
          allowDecimals={false}
          tick={axisTick}
          tickFormatter={(v: number) => shortenNumber(v)}
          tickLine={false}
          axisLine={false}
          width={44}
        />
        <YAxis
          yAxisId="gross"
          orientation="right"
          tick={axisTick}
          tickFormatter={(v: number) => shortenMoney(Math.round(v), currency)}
          tickLine={false}
          axisLine={false}
          width={56}
        />
        <Tooltip
          cursor={{ fill: "var(--color-surface-2)" }}
          contentStyle={tooltipStyle}
          formatter={(value, name) =>
            name === lineName ? [formatMoney(Number(value), currency), name] : [String(value), name]
          }
        />
        <Bar
          yAxisId="tickets"
          dataKey="tickets"
          name="Tickets sold"
          fill="var(--color-brand)"
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
        />
        <Line
          yAxisId="gross"
          dataKey="gross"
          name={lineName}
          type="monotone"
          stroke="var(--color-fg)"
          strokeWidth={2}
          dot={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Tickets sold on each day of the week. */
export function WeekdayChart({ points }: { points: { label: string; tickets: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: "var(--color-border)" }} />
        <YAxis
          allowDecimals={false}
          tick={axisTick}
          tickFormatter={(v: number) => shortenNumber(v)}
          tickLine={false}
          axisLine={false}
          width={44}
        />
        <Tooltip cursor={{ fill: "var(--color-surface-2)" }} contentStyle={tooltipStyle} />
        <Bar dataKey="tickets" name="Tickets sold" fill="var(--color-brand)" radius={[4, 4, 0, 0]} maxBarSize={36} />
      </BarChart>
    </ResponsiveContainer>
  );
}

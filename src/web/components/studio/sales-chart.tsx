import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "~/lib/format";

export interface SalesChartPoint {
  /** 'Thu 26' or '26 Nov': the day as the axis shows it. */
  label: string;
  tickets: number;
  /** In minor units of `currency`. */
  revenue: number;
}

/**
 * Tickets sold (bars) and revenue (a line) per day, drawn with Recharts. Loaded on the dashboard only,
 * on demand, so no other page carries the charting code; the figures are also in a table beside it.
 */
export default function SalesChart({ points, currency }: { points: SalesChartPoint[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          // Recharts leaves out labels that would collide, always keeping the first and last day.
          interval="preserveStartEnd"
          minTickGap={12}
          tick={{ fill: "var(--color-fg-muted)", fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: "var(--color-border)" }}
        />
        <YAxis
          yAxisId="tickets"
          allowDecimals={false}
          tick={{ fill: "var(--color-fg-muted)", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <YAxis yAxisId="revenue" orientation="right" hide />
        <Tooltip
          cursor={{ fill: "var(--color-surface-2)" }}
          contentStyle={{
            background: "var(--color-surface)",
            border: "1px solid var(--color-border)",
            borderRadius: 12,
            color: "var(--color-fg)",
          }}
          formatter={(value, name) =>
            name === "Revenue" ? [formatMoney(Number(value), currency), name] : [String(value), name]
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
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          type="monotone"
          stroke="var(--color-fg)"
          strokeWidth={2}
          dot={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

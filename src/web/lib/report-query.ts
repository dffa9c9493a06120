import { z } from "zod";
import { ORDER_REPORT_FILTERS, type OrderReportFilter, type RangeProblem, readReportRange } from "~/domain/reports";
import { field, parseQuery } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { pageParam } from "~/web/components/ui/pagination";

/**
 * A report's state in the address (`/h/reports/overview?event=…&from=…&to=…`): what the host chose,
 * kept as typed so a form shows it again, and the range it means. A range that does not make sense
 * is a problem shown beside its field, and the report shows the last 7 days meanwhile.
 */
const ReportQuery = z.object({
  event: z
    .string()
    .default("")
    .transform((v) => (isUuid(v) ? v : "")),
  from: field.text(40),
  to: field.text(40),
  status: z
    .string()
    .default("")
    .transform((v): OrderReportFilter | "" =>
      (ORDER_REPORT_FILTERS as readonly string[]).includes(v) ? (v as OrderReportFilter) : "",
    ),
  q: field.text(200),
  page: z
    .string()
    .default("")
    .transform((value) => pageParam(value)),
});

export function readReportQuery(url: string, now: Date) {
  const read = parseQuery(url, ReportQuery);
  // Every field forgives (a bad event or status is none); only text too long for a search is refused.
  const query = read.ok ? read.data : { event: "", from: "", to: "", status: "" as const, q: "", page: 1 };
  const asked = readReportRange({ from: query.from, to: query.to }, now);
  const fallback = readReportRange({}, now);
  const range = asked.ok ? asked.range : fallback.ok ? fallback.range : { from: "", to: "" };
  const problem: RangeProblem | null = asked.ok ? null : asked.problem;
  return { ...query, q: query.q.trim(), range, problem };
}

/** The address of a report with some of its state changed; empty values are left out. */
export function reportHref(path: string, state: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) {
    if (v === undefined || v === null || v === "" || (k === "page" && v === 1)) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

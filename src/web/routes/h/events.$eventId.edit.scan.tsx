import { AlertTriangle, ScanLine } from "lucide-react";
import { type ScanOutcome, scanOutcomeText } from "~/domain/scanning";
import { formatLondonTime, formatShortDate } from "~/lib/format";
import { doorReport } from "~/services/scan-ticket";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.edit.scan";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Scan · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "Scan tickets for this event at the door." },
  { name: "robots", content: "noindex" },
];

/** The event's door (spec §2 scan sub-view): how many are in, gate by gate, and what the door got wrong. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const report = await loaded(doorReport(context.database.db, { hostId, eventId: params.eventId }));
  return { report, eventId: params.eventId };
}

const when = (d: Date | string) => `${formatShortDate(new Date(d))}, ${formatLondonTime(new Date(d))}`;

/** Why an admission the door made is in the report. */
function conflictReason(c: {
  outcome: ScanOutcome;
  ticketStatus: string | null;
  firstGate: string | null;
  firstAt: Date | string | null;
}) {
  if (c.outcome === "already_cancelled" || c.ticketStatus === "void")
    return "Let in offline, but the ticket had been cancelled.";
  if (c.outcome === "invalid_code")
    return "Let in offline with an old code: the ticket had been passed on to someone else.";
  if (c.outcome === "checked_in" || c.outcome === "already_checked_in")
    return c.firstGate && c.firstAt
      ? `Let in twice: first at ${c.firstGate}, ${when(c.firstAt)}.`
      : "Let in twice: it was checked in by hand first.";
  return `Let in offline, but the server says: ${scanOutcomeText[c.outcome]}`;
}

export default function EventScan({ loaderData }: Route.ComponentProps) {
  const { report, eventId } = loaderData;
  const { checkedIn, expected } = report.counts;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="door-heading"
        className="card flex flex-col gap-4 p-5 tablet:flex-row tablet:items-center"
      >
        <div className="flex-1">
          <h2 id="door-heading" className="text-lg font-bold">
            At the door
          </h2>
          <p className="text-3xl font-extrabold tabular-nums">
            {checkedIn} <span className="text-lg font-semibold text-fg-muted">of {expected} tickets checked in</span>
          </p>
        </div>
        <a href={`/h/scan/${eventId}`} className="btn-primary">
          <ScanLine aria-hidden className="size-4" /> Open the scanner
        </a>
      </section>

      <section aria-labelledby="conflicts-heading" className="card flex flex-col gap-3 p-5">
        <h2 id="conflicts-heading" className="flex items-center gap-2 text-lg font-bold">
          <AlertTriangle aria-hidden className="size-5 text-amber-600" /> Conflicts
        </h2>
        {report.conflicts.length === 0 ? (
          <p className="text-fg-muted">
            None. If two gates let the same ticket in while offline, or a device admits a ticket that was cancelled
            meanwhile, it shows here after the device syncs.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" data-testid="scan-conflicts">
            {report.conflicts.map((c) => (
              <li key={c.scanId} className="flex flex-col gap-0.5 py-3">
                <span className="font-semibold">
                  {c.holderName ?? "Unknown ticket"}
                  {c.ticketType ? <span className="font-normal text-fg-muted"> · {c.ticketType}</span> : null}
                </span>
                <span>{conflictReason(c)}</span>
                <span className="text-sm text-fg-muted">
                  This scan: {c.gate}, {when(c.scannedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="gates-heading" className="card flex flex-col gap-3 p-5">
        <h2 id="gates-heading" className="text-lg font-bold">
          Gates
        </h2>
        {report.gates.length === 0 ? (
          <p className="text-fg-muted">No scans yet. Each device's gate name shows here once it scans.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-fg-muted">
              <tr>
                <th className="py-2 font-medium">Gate</th>
                <th className="py-2 text-right font-medium">Let in</th>
                <th className="py-2 text-right font-medium">Scans</th>
                <th className="py-2 text-right font-medium">Last scan</th>
              </tr>
            </thead>
            <tbody>
              {report.gates.map((g) => (
                <tr key={g.gate} className="border-t border-border">
                  <td className="py-2">{g.gate}</td>
                  <td className="py-2 text-right tabular-nums">{g.admitted}</td>
                  <td className="py-2 text-right tabular-nums">{g.scans}</td>
                  <td className="py-2 text-right">{formatLondonTime(new Date(g.lastAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {report.recent.length > 0 ? (
        <section aria-labelledby="recent-heading" className="card flex flex-col gap-3 p-5">
          <h2 id="recent-heading" className="text-lg font-bold">
            Latest scans
          </h2>
          <ul className="flex flex-col divide-y divide-border text-sm">
            {report.recent.map((r) => (
              <li key={r.scanId} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{r.holderName ?? "—"}</span> · {scanOutcomeText[r.outcome]}
                </span>
                <span className="text-fg-muted">
                  {r.gate}, {formatLondonTime(new Date(r.scannedAt))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import { formatTimestamp } from "~/lib/format";

type Status = "draft" | "scheduled" | "sending" | "sent";

const LABEL: Record<Status, string> = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" };
const TONE: Record<Status, string> = {
  draft: "bg-surface-2 text-fg-muted",
  scheduled: "bg-brand-soft text-brand",
  sending: "bg-brand-soft text-brand",
  sent: "bg-success/15 text-success",
};

export function CampaignStatus({ status }: { status: Status }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>{LABEL[status]}</span>;
}

/** When a campaign went or goes out, in words (London time). */
export function campaignWhen(c: { status: Status; scheduledAt: Date | null; finishedAt: Date | null }): string {
  if (c.status === "sent" && c.finishedAt) return `Sent ${formatTimestamp(c.finishedAt)}`;
  if (c.status === "sending") return "Going out now";
  if (c.status === "scheduled" && c.scheduledAt) return `Goes out ${formatTimestamp(c.scheduledAt)}`;
  return "Not scheduled";
}

/** Sent, opened, clicked: the figures a host looks for first. */
export function CampaignFigures({
  sent,
  opened,
  clicked,
  bounced,
}: {
  sent: number;
  opened: number;
  clicked: number;
  bounced?: number;
}) {
  const rate = (n: number) => (sent > 0 ? ` (${Math.round((n / sent) * 100)}%)` : "");
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <div className="rounded-xl bg-surface-2 px-2 py-2">
        <dt className="text-xs font-medium text-fg-muted">Sent</dt>
        <dd className="text-lg font-extrabold tabular-nums">{sent}</dd>
      </div>
      <div className="rounded-xl bg-surface-2 px-2 py-2">
        <dt className="text-xs font-medium text-fg-muted">Opened</dt>
        <dd className="text-lg font-extrabold tabular-nums">
          {opened}
          <span className="text-xs font-medium text-fg-muted">{rate(opened)}</span>
        </dd>
      </div>
      <div className="rounded-xl bg-surface-2 px-2 py-2">
        <dt className="text-xs font-medium text-fg-muted">Clicked</dt>
        <dd className="text-lg font-extrabold tabular-nums">
          {clicked}
          <span className="text-xs font-medium text-fg-muted">{rate(clicked)}</span>
        </dd>
      </div>
      {bounced ? (
        <p className="col-span-3 text-xs text-fg-muted">
          {bounced} bounced or marked as spam, and won't be emailed again.
        </p>
      ) : null}
    </dl>
  );
}

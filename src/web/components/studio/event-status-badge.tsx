import type { DisplayStatus } from "~/domain/event-life-cycle";

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: "Draft",
  published: "Published",
  unpublished: "Unpublished",
  archived: "Archived",
  cancelled: "Cancelled",
};

const TONES: Record<DisplayStatus, string> = {
  draft: "bg-surface-2 text-fg",
  published: "bg-success/10 text-success",
  unpublished: "bg-warning-soft text-warning",
  archived: "border border-border text-fg-muted",
  cancelled: "bg-danger-soft text-danger",
};

/** An event's status as a host reads it, in words (never colour alone). */
export function EventStatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

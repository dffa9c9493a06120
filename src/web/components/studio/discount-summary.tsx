import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { discountState, discountValueLabel, type DiscountState } from "~/domain/discount-rules";
import { formatEventDateTime } from "~/lib/format";

const STATE: Record<DiscountState, { label: string; tone: string }> = {
  live: { label: "Live", tone: "bg-success/10 text-success" },
  off: { label: "Off", tone: "bg-surface-2 text-fg-muted" },
  scheduled: { label: "Not started", tone: "bg-surface-2 text-fg-muted" },
  ended: { label: "Ended", tone: "bg-surface-2 text-fg-muted" },
  used_up: { label: "Used up", tone: "bg-warning-soft text-fg" },
};

/** One discount in a list: its code, what it takes off, where it stands, its uses and events. */
export function DiscountSummary({
  discount: d,
  currency,
  now,
  scope,
  editHref,
}: {
  discount: {
    name: string;
    code: string;
    kind: "percent" | "fixed";
    value: number;
    isActive: boolean;
    isPrivate: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    maxUses: number | null;
    uses: number;
  };
  currency: string;
  now: Date;
  /** Which events it works for, in words. */
  scope: string;
  editHref: string;
}) {
  const state = STATE[discountState(d, now)];
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-bold break-all uppercase">{d.code}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.tone}`}>{state.label}</span>
          {d.isPrivate ? (
            <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg-muted">Private</span>
          ) : null}
        </p>
        <p className="mt-1 text-sm break-words">
          {d.name} · <strong>{discountValueLabel(d.kind, d.value, currency)}</strong>
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          {d.maxUses !== null ? `${d.uses} of ${d.maxUses} uses` : `Used ${d.uses} ${d.uses === 1 ? "time" : "times"}`}
          {d.startsAt ? ` · from ${formatEventDateTime(d.startsAt)}` : ""}
          {d.endsAt ? ` · until ${formatEventDateTime(d.endsAt)}` : ""} · {scope}
        </p>
      </div>
      <Link to={editHref} className="btn-secondary min-h-10 text-sm">
        <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> {d.code}</span>
      </Link>
    </div>
  );
}

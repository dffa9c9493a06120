import { CircleAlert, CircleCheck, Clock } from "lucide-react";

/** The delivery state of a stored email, as the dev outbox and the staff view show it. */
export function EmailStatusBadge({ status }: { status: "queued" | "sent" | "failed" }) {
  const look = {
    sent: { label: "Sent", icon: CircleCheck, className: "text-success border-success/40" },
    queued: { label: "Queued", icon: Clock, className: "text-warning border-warning/40 bg-warning-soft" },
    failed: { label: "Failed", icon: CircleAlert, className: "text-danger border-danger/40 bg-danger-soft" },
  }[status];
  const Icon = look.icon;
  return (
    <span
      className={
        `inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ` +
        `whitespace-nowrap ${look.className}`
      }
    >
      <Icon aria-hidden className="size-3.5" />
      {look.label}
    </span>
  );
}

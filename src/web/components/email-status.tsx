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

const londonDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/** '15 Jun 2026, 1:04:09 pm' in London time; format in the loader so server and browser agree. */
export function formatEmailTime(date: Date): string {
  return londonDateTime.format(date).replace(/\s*([ap]m)$/i, (_, ampm: string) => ` ${ampm.toLowerCase()}`);
}

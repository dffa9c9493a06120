import { NavLink } from "react-router";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

/** The editor's sub-views (spec §2). */
const TABS = [
  { to: "", label: "Overview" },
  { to: "tickets", label: "Tickets" },
  { to: "survey", label: "Survey" },
  { to: "guests", label: "Guests" },
  { to: "waitlist", label: "Waitlist" },
  { to: "scan", label: "Scan" },
  { to: "scanners", label: "Scanners" },
  { to: "share", label: "Share" },
] as const;

export function EventTabs({ eventId }: { eventId: string }) {
  const base = `/h/events/${eventId}/edit`;
  const row = useCurrentInView<HTMLElement>();
  return (
    <nav ref={row} aria-label="Event sections" className="-mx-1 overflow-x-auto scroll-fade border-b border-border">
      <ul className="flex min-w-max gap-1 px-1">
        {TABS.map(({ to, label }) => (
          <li key={label}>
            <NavLink
              to={to ? `${base}/${to}` : base}
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
                  isActive ? "border-brand text-brand" : "border-transparent text-fg-muted hover:text-fg"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

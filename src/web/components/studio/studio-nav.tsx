import {
  ArrowLeft,
  ArrowLeftRight,
  BadgeCheck,
  ChartColumn,
  CalendarDays,
  ClipboardCheck,
  Ellipsis,
  Hourglass,
  IdCard,
  LayoutDashboard,
  Mail,
  MapPin,
  Megaphone,
  ScanLine,
  Settings,
  Store,
  Tag,
  Ticket,
  type LucideIcon,
} from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { PopoverDetails } from "./popover-details";
import { TEAM_ROLE_TEXT } from "~/domain/host-team";
import type { HostRole, StudioChoice, StudioHost } from "~/services/studio-access";

interface StudioLink {
  to: string;
  label: string;
  Icon: LucideIcon;
  roles: readonly HostRole[];
  /** The sidebar's section (none for the dashboard, on its own at the top). */
  group?: (typeof GROUPS)[number];
  /** On the phone's bar itself rather than under More (at most four a role). */
  onBar?: boolean;
}

/** The sidebar's sections, in its order: what a host does before, on and after the night. */
const GROUPS = ["Sell", "On the night", "Grow", "Your page"] as const;

/** Partner Studio's pages, in the sidebar's order; each lists the roles its guard lets in. */
const LINKS: readonly StudioLink[] = [
  { to: "/h/dashboard", label: "Dashboard", Icon: LayoutDashboard, roles: ["owner", "manager"], onBar: true },
  { to: "/h/events", label: "Events", Icon: CalendarDays, roles: ["owner", "manager"], group: "Sell", onBar: true },
  { to: "/h/tickets", label: "Tickets", Icon: Ticket, roles: ["owner", "manager"], group: "Sell" },
  { to: "/h/discounts", label: "Discounts", Icon: Tag, roles: ["owner", "manager"], group: "Sell" },
  { to: "/h/venues", label: "Venues", Icon: MapPin, roles: ["owner", "manager"], group: "Sell" },
  {
    to: "/h/scan",
    label: "Scan",
    Icon: ScanLine,
    roles: ["owner", "manager", "scanner"],
    group: "On the night",
    onBar: true,
  },
  {
    to: "/h/guests",
    label: "Guests",
    Icon: ClipboardCheck,
    roles: ["owner", "manager"],
    group: "On the night",
    onBar: true,
  },
  { to: "/h/waitlists", label: "Waitlists", Icon: Hourglass, roles: ["owner", "manager"], group: "On the night" },
  { to: "/h/promote", label: "Promote", Icon: Megaphone, roles: ["owner", "manager"], group: "Grow" },
  { to: "/h/marketing/email", label: "Email", Icon: Mail, roles: ["owner", "manager"], group: "Grow" },
  { to: "/h/reports", label: "Reports", Icon: ChartColumn, roles: ["owner", "manager"], group: "Grow" },
  { to: "/h/onlineprofile", label: "Online profile", Icon: IdCard, roles: ["owner", "manager"], group: "Your page" },
  { to: "/h/settings", label: "Settings", Icon: Settings, roles: ["owner", "manager"], group: "Your page" },
];

export const studioLinksFor = (role: HostRole) => LINKS.filter((l) => l.roles.includes(role));

/** A role's pages by section, in the sidebar's order; sections it has no page in are left out. */
function sectionsFor(role: HostRole) {
  const links = studioLinksFor(role);
  return [undefined, ...GROUPS]
    .map((group) => ({ group, links: links.filter((l) => l.group === group) }))
    .filter((s) => s.links.length > 0);
}

const slug = (text: string) => text.toLowerCase().replace(/\W+/g, "-");

/** Where a role starts in the Studio: its first page (a scanner's is the door). */
export const studioHomeFor = (role: HostRole) => studioLinksFor(role)[0]?.to ?? "/";

export function HostAvatar({ host, size = "md" }: { host: StudioHost; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-8 text-xs" : "size-11 text-sm";
  const letters = host.title
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return host.image ? (
    <img src={host.image} alt="" className={`${box} shrink-0 rounded-full border border-border object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand`}
    >
      {letters || "?"}
    </span>
  );
}

function HostName({ host }: { host: StudioHost }) {
  return (
    <span className="block font-bold break-words">
      {host.title}
      {host.isVerified ? (
        <BadgeCheck aria-label="Verified host" className="ml-1 inline-block size-4 align-[-3px] text-brand" />
      ) : null}
    </span>
  );
}

/**
 * For someone who may act for more than one host: the others, each a button that opens that host's
 * Studio (the server checks the choice, then and on every request after). A plain form and a
 * disclosure, so it works before JavaScript loads.
 */
export function HostSwitcher({ others, className = "" }: { others: readonly StudioChoice[]; className?: string }) {
  if (others.length === 0) return null;
  return (
    <details className={`group relative ${className}`}>
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl border border-border px-3
          text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg [&::-webkit-details-marker]:hidden"
      >
        <ArrowLeftRight aria-hidden className="size-4" /> Switch host
      </summary>
      <Form
        method="post"
        action="/h/switch-host"
        className="mt-2 rounded-xl border border-border bg-surface p-1 shadow-lg"
        aria-label="Switch host"
      >
        <ul className="flex flex-col gap-1">
          {others.map(({ host, role }) => (
            <li key={host.id}>
              <button
                type="submit"
                name="hostId"
                value={host.id}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left text-sm
                  hover:bg-surface-2"
              >
                <HostAvatar host={host} size="sm" />
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{host.title}</span>
                  <span className="block text-xs text-fg-muted">{TEAM_ROLE_TEXT[role].label}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}

/** The desktop sidebar: whose Studio this is, its pages, and the way back to the marketplace. */
export function StudioSidebar({
  host,
  role,
  others = [],
}: {
  host: StudioHost;
  role: HostRole;
  others?: readonly StudioChoice[];
}) {
  return (
    <aside className="hidden laptop:block">
      <div className="sticky top-20 flex flex-col gap-6 py-8">
        <div className="flex items-center gap-3">
          <HostAvatar host={host} />
          <div className="min-w-0">
            <p className="text-xs font-semibold text-brand">Partner Studio</p>
            <HostName host={host} />
            {others.length > 0 ? <p className="text-xs text-fg-muted">{TEAM_ROLE_TEXT[role].label}</p> : null}
          </div>
        </div>
        <HostSwitcher others={others} />
        <nav aria-label="Partner Studio">
          <ul className="flex flex-col gap-4">
            {sectionsFor(role).map(({ group, links }) => (
              <li key={group ?? "top"}>
                {group ? (
                  <p id={`studio-nav-${slug(group)}`} className="mb-1 px-3 text-xs font-semibold text-fg-muted">
                    {group}
                  </p>
                ) : null}
                <ul className="flex flex-col gap-1" aria-labelledby={group ? `studio-nav-${slug(group)}` : undefined}>
                  {links.map(({ to, label, Icon }) => (
                    <li key={to}>
                      <NavLink
                        to={to}
                        className={({ isActive }) =>
                          `flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium ${
                            isActive ? "bg-brand-soft text-brand" : "text-fg-muted hover:bg-surface-2 hover:text-fg"
                          }`
                        }
                      >
                        <Icon aria-hidden className="size-4" />
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to="/"
          className="flex min-h-11 items-center gap-3 rounded-xl border border-border px-3 text-sm font-medium
            text-fg-muted hover:bg-surface-2 hover:text-fg"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to the marketplace
        </Link>
      </div>
    </aside>
  );
}

/** On phones and tablets: the host's name above the page, and the switcher when there are others. */
export function StudioTopline({
  host,
  role,
  others = [],
}: {
  host: StudioHost;
  role?: HostRole;
  others?: readonly StudioChoice[];
}) {
  return (
    <div className="border-b border-border py-3 laptop:hidden">
      <div className="flex items-center gap-3">
        <HostAvatar host={host} size="sm" />
        <p className="min-w-0 text-sm">
          <span className="block text-xs font-semibold text-brand">Partner Studio</span>
          <HostName host={host} />
          {role && others.length > 0 ? (
            <span className="block text-xs text-fg-muted">{TEAM_ROLE_TEXT[role].label}</span>
          ) : null}
        </p>
      </div>
      <HostSwitcher others={others} className="mt-3" />
    </div>
  );
}

const barItem = (active: boolean) =>
  `flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium ` +
  `${active ? "text-brand" : "text-fg-muted hover:text-fg"}`;

/**
 * Thumb-reach navigation on phones and tablets, in place of the buyer's bottom bar: the role's first
 * pages, then More (the others and the way back to the marketplace), so every label fits at 360 px.
 */
export function StudioBottomBar({ role }: { role: HostRole }) {
  const links = studioLinksFor(role);
  // A role with five pages or fewer has them all on the bar; others, the four marked for it and More.
  const shown = links.length > 5 ? links.filter((l) => l.onBar) : links;
  const more = [...links.filter((l) => !shown.includes(l)), { to: "/", label: "Marketplace", Icon: Store, roles: [] }];
  const { pathname } = useLocation();
  const inMore = more.some((l) => l.to !== "/" && (pathname === l.to || pathname.startsWith(`${l.to}/`)));
  return (
    <nav
      aria-label="Partner Studio"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-bg/95 pb-[env(safe-area-inset-bottom)]
        backdrop-blur laptop:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg">
        {shown.map(({ to, label, Icon }) => (
          <li key={to} className="flex-1">
            <NavLink to={to} className={({ isActive }) => barItem(isActive)}>
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
        <li className="flex-1">
          <PopoverDetails
            className="h-full"
            summary={
              <>
                <Ellipsis aria-hidden className="size-5" />
                More
              </>
            }
            summaryClassName={`${barItem(inMore)} cursor-pointer`}
            panelClassName="bottom-full right-1 mb-2 w-52"
          >
            {(close) => (
              <ul className="flex flex-col">
                {more.map(({ to, label, Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={to === "/"}
                      onClick={close}
                      className={({ isActive }) =>
                        `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-surface-2 ${
                          isActive && to !== "/" ? "text-brand" : ""
                        }`
                      }
                    >
                      <Icon aria-hidden className="size-4" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </PopoverDetails>
        </li>
      </ul>
    </nav>
  );
}

import { Bell, Landmark, Palette, Store, Users } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

export const handle = { title: "Settings" };

/** Settings' frame: its sections as tabs. Owners and managers; scanners have no settings (not found). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  return { role };
}

const TABS = [
  { to: "/h/settings", label: "Profile", Icon: Store, end: true },
  { to: "/h/settings/payouts", label: "Payouts", Icon: Landmark, end: false },
  { to: "/h/settings/colors", label: "Colours", Icon: Palette, end: false },
  { to: "/h/settings/permissions", label: "Team", Icon: Users, end: false },
  { to: "/h/settings/notifications", label: "Notifications", Icon: Bell, end: false },
] as const;

export default function SettingsFrame({ loaderData }: Route.ComponentProps) {
  const row = useCurrentInView<HTMLElement>();
  return (
    <div className="pt-8 laptop:pt-10">
      <p className="text-sm font-semibold text-brand">Partner Studio</p>
      <p className="mt-1 text-sm text-fg-muted">
        Settings
        {loaderData.role === "manager"
          ? " · as a manager: payouts, colours and notifications are the owner's to change"
          : ""}
      </p>
      <nav ref={row} aria-label="Settings" className="mt-3 -mx-1 overflow-x-auto scroll-fade border-b border-border">
        <ul className="flex min-w-max gap-1 px-1">
          {TABS.map(({ to, label, Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold ${
                    isActive ? "border-brand text-fg" : "border-transparent text-fg-muted hover:text-fg"
                  }`
                }
              >
                <Icon aria-hidden className="size-4" /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

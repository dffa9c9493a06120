import { NavLink, Outlet } from "react-router";
import { ADMIN_SECTIONS } from "~/web/lib/admin-sections";
import { requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/_console";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

/** The console brings its own navigation: the shell leaves out the buyer's bottom bar and footer. */
export const handle = { studio: true };

/** Staff only: everyone else, signed in or not, gets the same 404 as a page that does not exist. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return null;
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 shrink-0 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap ${
    isActive ? "bg-brand-strong text-on-brand" : "text-fg-muted hover:bg-surface-2 hover:text-fg"
  }`;

export default function StaffConsole() {
  const row = useCurrentInView<HTMLElement>();
  return (
    <div className="container-page py-6">
      <p className="text-sm font-semibold tracking-wide text-brand uppercase">Staff console</p>
      <nav ref={row} aria-label="Staff console" className="-mx-4 mt-3 overflow-x-auto scroll-fade px-4">
        <ul className="flex gap-1 pb-2">
          <li>
            <NavLink to="/admin" end className={tab}>
              Overview
            </NavLink>
          </li>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} className={tab}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

/** The account pages share one frame: a list of sections beside (or, on phones, above) the page. */
const SECTIONS = [
  { to: "/u/settings/profile", label: "Profile" },
  { to: "/u/settings/security", label: "Security" },
  { to: "/u/settings/following", label: "Following" },
  { to: "/u/marketing-permissions", label: "Email preferences" },
  { to: "/u/display-guests", label: "Display guests" },
  { to: "/u/feed", label: "Notifications" },
  { to: "/u/feedback", label: "Feedback" },
  { to: "/u/customer-support", label: "Customer support" },
  { to: "/u/delete-account", label: "Delete account" },
] as const;

export function SettingsLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const row = useCurrentInView<HTMLElement>();
  return (
    <div className="container-page py-8 laptop:py-12">
      <div className="laptop:grid laptop:grid-cols-[14rem_1fr] laptop:gap-10">
        <nav
          ref={row}
          aria-label="Account"
          className="-mx-4 mb-6 overflow-x-auto scroll-fade px-4 laptop:mx-0 laptop:mb-0 laptop:px-0"
        >
          <ul className="flex gap-2 laptop:sticky laptop:top-24 laptop:flex-col laptop:gap-1">
            {SECTIONS.map((s) => (
              <li key={s.to} className="shrink-0">
                <NavLink
                  to={s.to}
                  className={({ isActive }) =>
                    `flex min-h-10 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap
                      laptop:rounded-xl ${
                        isActive ? "bg-brand-soft text-brand" : "text-fg-muted hover:bg-surface-2 hover:text-fg"
                      }`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight tablet:text-3xl">{title}</h1>
          {description ? <p className="mt-1 max-w-2xl text-fg-muted">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}

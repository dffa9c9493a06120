import { ChevronDown } from "lucide-react";
import { Link, NavLink, useLocation, useMatches } from "react-router";
import type { SessionUser } from "~/services/session-user";
import { Logo } from "../ui/logo";
import { onDemand } from "../ui/on-demand";
import { ProfileMenu } from "./profile-menu";
import { SearchField } from "./search-field";

/**
 * Routes may name themselves for the header with `export const handle = { title: "…" }`, or with a
 * function of their loader's data when one module serves many pages (the markdown pages).
 */
function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as { title?: string | ((data: unknown) => string | undefined) } | undefined;
    const title = typeof handle?.title === "function" ? handle.title(match?.loaderData) : handle?.title;
    if (title) return title;
  }
  return undefined;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-2 ` +
  `${isActive ? "text-brand" : "text-fg"}`;

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const title = usePageTitle();
  const location = useLocation();
  const query = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <header
      className="fixed inset-x-0 top-0 z-50 border-b border-border bg-bg/90 backdrop-blur
      supports-[backdrop-filter]:bg-bg/75"
    >
      <div className="container-page flex h-16 items-center gap-3">
        <Link
          to={user ? "/u/dashboard" : "/"}
          className="shrink-0 rounded-lg"
          aria-label={user ? "Ticketyboo, your dashboard" : "Ticketyboo home"}
        >
          <Logo />
        </Link>
        {title ? (
          <p
            className="hidden truncate border-l border-border pl-3 text-sm font-medium text-fg-muted desktop:block"
            aria-hidden="true"
          >
            {title}
          </p>
        ) : null}
        <SearchField key={query} query={query} />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 laptop:flex">
          {user ? (
            <>
              <NavLink to="/explore" className={navLinkClass}>
                Explore
              </NavLink>
              <NavLink to="/u/tickets" className={navLinkClass}>
                My Tickets
              </NavLink>
            </>
          ) : (
            <>
              <FeaturesMenu />
              <NavLink to="/explore" className={navLinkClass}>
                Explore
              </NavLink>
              <NavLink to="/hosts" className={navLinkClass}>
                Partner Up
              </NavLink>
            </>
          )}
        </nav>
        <div className="ml-auto laptop:ml-0">
          <ProfileMenu user={user} />
        </div>
      </div>
    </header>
  );
}

const featuresTriggerClass =
  "inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium hover:bg-surface-2 " +
  "data-[state=open]:bg-surface-2";

const LoadedFeaturesMenu = onDemand<{ triggerClass: string }>(() =>
  import("./features-menu").then((m) => m.FeaturesMenu),
);

/** The signed-out Features menu; its code loads when someone reaches for it. */
function FeaturesMenu() {
  return (
    <LoadedFeaturesMenu
      triggerClass={featuresTriggerClass}
      placeholder={(handlers) => (
        <button type="button" aria-haspopup="menu" aria-expanded="false" className={featuresTriggerClass} {...handlers}>
          Features <ChevronDown aria-hidden className="size-4" />
        </button>
      )}
    />
  );
}

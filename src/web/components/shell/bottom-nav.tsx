import { House, LifeBuoy, Map, Ticket, UserRound } from "lucide-react";
import { NavLink, useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/services/session-user";
import { chatSupport } from "~/web/lib/site-links";

/**
 * Thumb-reach navigation for signed-in people on phones and tablets (hidden from laptop width). Support
 * is the live chat outside the app when one is configured (spec §2, in a new tab), else our support form.
 */
export function BottomNav({ user }: { user: SessionUser }) {
  const chatUrl = useRouteLoaderData<{ chatSupportUrl: string | null }>("root")?.chatSupportUrl ?? null;
  const items = [
    { to: "/u/dashboard", label: "Home", Icon: House },
    { to: "/explore", label: "Map", Icon: Map },
    { to: "/u/tickets", label: "Tickets", Icon: Ticket },
    { to: chatUrl ?? chatSupport(true), label: "Support", Icon: LifeBuoy, external: chatUrl !== null },
    { to: `/user/${user.id}`, label: "Profile", Icon: UserRound },
  ];
  const look = (active: boolean) =>
    `flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium ` +
    `${active ? "text-brand" : "text-fg-muted hover:text-fg"}`;
  return (
    <nav
      aria-label="App"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-bg/95 pb-[env(safe-area-inset-bottom)]
        backdrop-blur laptop:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {items.map(({ to, label, Icon, external }) => (
          <li key={label}>
            {external ? (
              <a href={to} target="_blank" rel="noopener noreferrer" className={look(false)}>
                <Icon aria-hidden className="size-5" />
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <NavLink to={to} className={({ isActive }) => look(isActive)}>
                <Icon aria-hidden className="size-5" />
                {label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { House, LifeBuoy, Map, Ticket, UserRound } from "lucide-react";
import { NavLink } from "react-router";
import type { SessionUser } from "~/services/session-user";
import { chatSupport } from "~/web/lib/site-links";

/** Thumb-reach navigation for signed-in people on phones and tablets (hidden from laptop width). */
export function BottomNav({ user }: { user: SessionUser }) {
  const items = [
    { to: "/u/dashboard", label: "Home", Icon: House },
    { to: "/explore", label: "Map", Icon: Map },
    { to: "/u/tickets", label: "Tickets", Icon: Ticket },
    { to: chatSupport(true), label: "Support", Icon: LifeBuoy },
    { to: `/user/${user.id}`, label: "Profile", Icon: UserRound },
  ];
  return (
    <nav
      aria-label="App"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-bg/95 pb-[env(safe-area-inset-bottom)]
        backdrop-blur laptop:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {items.map(({ to, label, Icon }) => (
          <li key={label}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium ` +
                `${isActive ? "text-brand" : "text-fg-muted hover:text-fg"}`
              }
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import {
  BadgeCheck,
  ExternalLink,
  CircleHelp,
  LogIn,
  LogOut,
  MessageCircle,
  Moon,
  Presentation,
  Receipt,
  Settings,
  Store,
  Sun,
  UserPlus,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/services/session-user";
import { chatSupport, HELP_ARTICLES, studioLinkFor } from "~/web/lib/site-links";
import { useTheme } from "~/web/lib/theme";
import type { OnDemandState } from "../ui/on-demand";
import { displayName, ProfileTriggerFace, profileTriggerClass, profileTriggerLabel } from "./profile-menu";

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm outline-none " +
  "data-[highlighted]:bg-surface-2";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link to={to} className={itemClass}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** Chat Support: the configured live chat in a new tab (outside the app), else our support form. */
function ChatSupportItem({ signedIn, icon }: { signedIn: boolean; icon: string }) {
  const chatUrl = useRouteLoaderData<{ chatSupportUrl: string | null }>("root")?.chatSupportUrl ?? null;
  if (!chatUrl)
    return (
      <MenuLink to={chatSupport(signedIn)} icon={<MessageCircle aria-hidden className={icon} />}>
        Chat Support
      </MenuLink>
    );
  return (
    <DropdownMenu.Item asChild>
      <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={itemClass}>
        <MessageCircle aria-hidden className={icon} />
        Chat Support
        <ExternalLink aria-hidden className="ml-auto size-3.5 text-fg-muted" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </DropdownMenu.Item>
  );
}

function ThemeItem() {
  const { effective, setTheme } = useTheme();
  const next = effective === "dark" ? "light" : "dark";
  return (
    <DropdownMenu.Item className={itemClass} onSelect={() => setTheme(next)}>
      {next === "dark" ? <Moon aria-hidden className="size-4" /> : <Sun aria-hidden className="size-4" />}
      {next === "dark" ? "Dark Mode" : "Light Mode"}
    </DropdownMenu.Item>
  );
}

/** The Radix menu behind the profile button, loaded on demand (see ProfileMenu). */
export function ProfileMenuContent({ user, defaultOpen, focusOnMount }: { user: SessionUser | null } & OnDemandState) {
  const icon = "size-4 text-fg-muted";
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount && !defaultOpen) trigger.current?.focus();
  }, [focusOnMount, defaultOpen]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} aria-label={profileTriggerLabel(user)} className={profileTriggerClass}>
        <ProfileTriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="card z-[60] w-64 p-2">
          {user ? (
            <>
              <DropdownMenu.Item asChild>
                <Link
                  to={user.userType === "host" ? `/hosts/${user.id}` : `/user/${user.id}`}
                  className="mb-1 flex items-center gap-3 rounded-xl bg-surface-2 px-3 py-2 outline-none
                    data-[highlighted]:ring-2 data-[highlighted]:ring-ring"
                >
                  <span className="min-w-0">
                    <span className="flex items-center gap-1 truncate text-sm font-semibold">
                      {displayName(user)}
                      {user.userType === "host" && user.isVerified ? (
                        <BadgeCheck aria-label="Verified host" className="size-4 shrink-0 text-brand" />
                      ) : null}
                    </span>
                    <span className="block truncate text-xs text-fg-muted">{user.email}</span>
                  </span>
                </Link>
              </DropdownMenu.Item>
              <MenuLink to="/u/orders" icon={<Receipt aria-hidden className={icon} />}>
                My Orders
              </MenuLink>
              <ChatSupportItem signedIn icon={icon} />
              <MenuLink to={HELP_ARTICLES} icon={<CircleHelp aria-hidden className={icon} />}>
                Help Articles
              </MenuLink>
              <MenuLink to={studioLinkFor(user.inStudio).to} icon={<Store aria-hidden className={icon} />}>
                {studioLinkFor(user.inStudio).label}
              </MenuLink>
              {user.userType === "host" ? (
                <MenuLink to={`/hosts/${user.id}/signage`} icon={<Presentation aria-hidden className={icon} />}>
                  My Signage
                </MenuLink>
              ) : null}
              <ThemeItem />
              <MenuLink to="/u/settings/profile" icon={<Settings aria-hidden className={icon} />}>
                Settings
              </MenuLink>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <MenuLink to="/log-out" icon={<LogOut aria-hidden className={icon} />}>
                Sign out
              </MenuLink>
            </>
          ) : (
            <>
              <MenuLink to="/log-in" icon={<LogIn aria-hidden className={icon} />}>
                Log In
              </MenuLink>
              <MenuLink to="/sign-up" icon={<UserPlus aria-hidden className={icon} />}>
                Sign Up
              </MenuLink>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <ChatSupportItem signedIn={false} icon={icon} />
              <MenuLink to={HELP_ARTICLES} icon={<CircleHelp aria-hidden className={icon} />}>
                Help Articles
              </MenuLink>
              <ThemeItem />
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { personName } from "~/lib/person-name";
import type { SessionUser } from "~/services/session-user";
import { onDemand } from "../ui/on-demand";

export function displayName(user: SessionUser): string {
  return personName(user) || user.email;
}

export function initials(user: SessionUser): string {
  return displayName(user)
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export const profileTriggerClass =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-sm " +
  "font-semibold hover:bg-surface-2 data-[state=open]:ring-2 data-[state=open]:ring-ring";

export function profileTriggerLabel(user: SessionUser | null): string {
  return user ? `Account menu for ${displayName(user)}` : "Menu";
}

/** What the menu button shows: the person's photo or initials, or a menu icon. */
export function ProfileTriggerFace({ user }: { user: SessionUser | null }) {
  if (!user) {
    return (
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 7h16M4 12h16M4 17h16" />
      </svg>
    );
  }
  return user.image ? (
    <img src={user.image} alt="" className="size-full rounded-full object-cover" />
  ) : (
    <span aria-hidden>{initials(user)}</span>
  );
}

const LoadedProfileMenu = onDemand<{ user: SessionUser | null }>(() =>
  import("./profile-menu-content").then((m) => m.ProfileMenuContent),
);

/** The profile menu (spec §2). Its code loads when someone reaches for the button. */
export function ProfileMenu({ user }: { user: SessionUser | null }) {
  return (
    <LoadedProfileMenu
      user={user}
      placeholder={(handlers) => (
        <button
          type="button"
          aria-label={profileTriggerLabel(user)}
          aria-haspopup="menu"
          aria-expanded="false"
          className={profileTriggerClass}
          {...handlers}
        >
          <ProfileTriggerFace user={user} />
        </button>
      )}
    />
  );
}

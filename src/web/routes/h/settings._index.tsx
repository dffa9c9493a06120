import { BadgeCheck, ExternalLink, Pencil } from "lucide-react";
import { Link } from "react-router";
import { SOCIAL_NETWORK_RULES, SOCIAL_NETWORKS } from "~/domain/host-profile";
import { getOnlineProfile } from "~/services/host-online-profile";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings._index";

export const handle = { title: "Settings" };
export const meta: Route.MetaFunction = () => [
  { title: "Settings · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your host profile's settings in Partner Studio." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  return { profile: await getOnlineProfile(context.database.db, hostId), isOwner: role === "owner" };
}

/** Settings › Profile: the online profile at a glance, edited on its own page; the owner's own account apart. */
export default function SettingsProfile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwner } = loaderData;
  const links = SOCIAL_NETWORKS.filter((n) => profile.socialLinks[n]);
  return (
    <div className="py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Profile</h1>
      <section aria-labelledby="online-heading" className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <div className="flex flex-wrap items-start gap-4">
          {profile.image ? (
            <img src={profile.image} alt="" className="size-16 rounded-full border border-border object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <h2 id="online-heading" className="flex items-center gap-2 text-xl font-bold break-words">
              {profile.hostTitle || "No host name yet"}
              {profile.isVerified ? (
                <BadgeCheck role="img" aria-label="Verified host" className="size-5 shrink-0 text-brand" />
              ) : null}
            </h2>
            {profile.username ? <p className="text-sm text-fg-muted">@{profile.username}</p> : null}
            <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{profile.bio || "No bio yet."}</p>
            <p className="mt-2 text-sm text-fg-muted">
              {links.length === 0
                ? "No social links yet."
                : `Links: ${links.map((n) => SOCIAL_NETWORK_RULES[n].label).join(", ")}`}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/h/onlineprofile" className="btn-primary">
            <Pencil aria-hidden className="size-4" /> Edit online profile
          </Link>
          <Link to={profile.username ? `/${profile.username}` : `/user/${profile.hostId}`} className="btn-secondary">
            View booking page <ExternalLink aria-hidden className="size-4" />
          </Link>
        </div>
      </section>
      <section aria-labelledby="account-heading" className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <h2 id="account-heading" className="text-lg font-bold">
          {isOwner ? "Your account" : "Your own account"}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {isOwner
            ? "Your name, username (your booking page's address), phone, email and password are in your " +
              "account settings."
            : "Your own name, email and password are in your account settings; the host's are the owner's."}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/u/settings/profile" className="btn-secondary">
            Account settings
          </Link>
          <Link to="/u/settings/security" className="btn-secondary">
            Email and password
          </Link>
        </div>
      </section>
    </div>
  );
}

import { BadgeCheck, Compass, Heart } from "lucide-react";
import { Link } from "react-router";
import { formatMonthYear } from "~/lib/format";
import { listFollowedHosts } from "~/services/host-follows";
import { FollowButton } from "~/web/components/host-profile/follow-button";
import { initialsOf } from "~/web/components/host-profile/profile-header";
import { SettingsLayout } from "~/web/components/settings-layout";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { followAction } from "~/web/lib/follow-action.server";
import { mediaPath } from "~/web/lib/images";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/following";

export const handle = { title: "Following" };
export const meta: Route.MetaFunction = () => [
  { title: "Hosts you follow · Ticketyboo" },
  { name: "description", content: "The hosts whose next events show on your Ticketyboo dashboard." },
];

const PAGE_SIZE = 20;

/** The hosts a person follows, a page at a time, each with Unfollow (the same action as a host's page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const found = await listFollowedHosts(context.database.db, {
    userId: user.id,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return { ...found, page, pageCount: Math.max(1, Math.ceil(found.total / PAGE_SIZE)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return followAction({ context, request });
}

export default function Following({ loaderData }: Route.ComponentProps) {
  const { hosts, total, page, pageCount } = loaderData;
  return (
    <SettingsLayout
      title="Hosts you follow"
      description="Their next events show on your dashboard under “From hosts you follow”."
    >
      {hosts.length === 0 ? (
        <div className="card max-w-2xl p-8 text-center">
          <Heart aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">
            {total > 0 ? "No more hosts on this page" : "You don't follow anyone yet"}
          </p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
            Open a host's page from any of their events and press Follow: their next events then come to your dashboard.
          </p>
          <Link to={total > 0 ? "/u/settings/following" : "/explore"} className="btn-primary mt-5">
            <Compass aria-hidden className="size-4" /> {total > 0 ? "First page" : "Explore events"}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-fg-muted">
            {total === 1 ? "You follow 1 host." : `You follow ${total.toLocaleString("en-GB")} hosts.`}
          </p>
          <ul className="mt-3 grid max-w-3xl gap-3">
            {hosts.map((host) => (
              <li key={host.id} className="card flex flex-wrap items-center gap-4 p-4">
                <span
                  aria-hidden
                  className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-full bg-brand-soft
                    font-bold text-brand"
                >
                  {host.image ? (
                    <img src={mediaPath(host.image)} alt="" width={48} height={48} className="size-full object-cover" />
                  ) : (
                    initialsOf({ firstName: null, lastName: null, displayName: host.displayName })
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1.5 font-semibold">
                    {host.username ? (
                      <Link to={`/${host.username}`} className="break-words hover:underline">
                        {host.displayName}
                      </Link>
                    ) : (
                      <span className="break-words">{host.displayName}</span>
                    )}
                    {host.isVerified ? (
                      <BadgeCheck role="img" aria-label="Verified host" className="size-4 shrink-0 text-brand" />
                    ) : null}
                  </p>
                  <p className="text-sm text-fg-muted">Following since {formatMonthYear(host.followedAt)}</p>
                </div>
                <FollowButton
                  hostId={host.id}
                  hostName={host.displayName}
                  following
                  followers={0}
                  returnTo="/u/settings/following"
                  compact
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            label="Pages of hosts you follow"
            hrefFor={(p) => `/u/settings/following?page=${p}`}
          />
        </>
      )}
    </SettingsLayout>
  );
}

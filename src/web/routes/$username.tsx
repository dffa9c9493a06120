import { CalendarPlus, History, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { getHostPage } from "~/services/get-host-page";
import type { EventCardData } from "~/services/discover-events";
import { EventGrid } from "~/web/components/events/event-card";
import { FollowButton, FollowerCount } from "~/web/components/host-profile/follow-button";
import { brandOf, ProfileHeader } from "~/web/components/host-profile/profile-header";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { followAction } from "~/web/lib/follow-action.server";
import { hostJsonLd } from "~/web/lib/host-json-ld";
import { imageUrl } from "~/web/lib/images";
import { describe, publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/$username";

/** The header names the host whose page this is. */
export const handle = {
  title: (loaded: unknown) =>
    (loaded as { profile?: { displayName: string } } | undefined)?.profile?.displayName ?? "Host",
};

/**
 * A host's booking page (spec §2 `/{username}`): who they are in their own colours, their upcoming
 * events a page at a time, their past ones, and a Follow button. Unknown names, buyers and deleted
 * accounts are the site's 404; a name typed with capitals goes to its one address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const username = params.username.toLowerCase();
  if (username !== params.username) throw redirect(`/${encodeURIComponent(username)}${url.search}`, 301);
  const now = new Date();
  const host = await getHostPage(context.database.db, {
    username,
    viewerId: context.user?.id ?? null,
    now,
    upcomingPage: pageParam(url.searchParams.get("page")),
    pastPage: pageParam(url.searchParams.get("past")),
  });
  if (!host) throw data(null, { status: 404 });
  const jsonLd = hostJsonLd({ ...host, upcoming: host.upcoming.events }, context.publicUrl);
  return { ...host, username, now, viewerId: context.user?.id ?? null, jsonLd };
}

export async function action({ request, context }: Route.ActionArgs) {
  return followAction({ context, request });
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: "Page not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { profile } = loaded;
  const next = loaded.upcoming.events[0];
  return seo({
    title: `${profile.displayName} · Events and tickets · Ticketyboo`,
    description: describe(
      profile.bio ??
        `Upcoming events from ${profile.displayName}${next ? `, next: ${next.name}` : ""}. ` +
          "Book tickets at honest all-in prices on Ticketyboo.",
    ),
    path: `/${loaded.username}`,
    publicUrl: publicUrlFrom(matches),
    image: profile.coverImage
      ? imageUrl(profile.coverImage, 1200)
      : profile.image
        ? imageUrl(profile.image, 640)
        : null,
    type: "profile",
    jsonLd: loaded.jsonLd,
  });
};

export default function HostBookingPage({ loaderData }: Route.ComponentProps) {
  const { profile, colors, socialLinks, followers, viewerFollows, upcoming, past, now, viewerId, username } =
    loaderData;
  const isOwner = viewerId === profile.id;
  const brand = brandOf(colors);
  const follow = { hostId: profile.id, following: isOwner ? null : viewerFollows, followers };
  const href = (pages: { page: number; past: number }, anchor: string) => {
    const query = new URLSearchParams();
    if (pages.page > 1) query.set("page", String(pages.page));
    if (pages.past > 1) query.set("past", String(pages.past));
    const search = query.toString();
    return `/${username}${search ? `?${search}` : ""}#${anchor}`;
  };

  return (
    <div className="pb-12">
      <ProfileHeader
        profile={profile}
        colors={colors}
        socialLinks={socialLinks}
        facts={<FollowerCount {...follow} />}
        action={
          isOwner ? (
            <Link to="/h/onlineprofile" className="btn-secondary">
              <Pencil aria-hidden className="size-4" /> Edit profile
            </Link>
          ) : (
            <FollowButton {...follow} hostName={profile.displayName} returnTo={`/${username}`} brand={brand} />
          )
        }
      />

      <EventsSection
        id="upcoming"
        title="Upcoming events"
        events={upcoming.events}
        now={now}
        viewerId={viewerId}
        accent={brand?.hex}
        pager={
          <Pagination
            page={upcoming.page}
            pageCount={upcoming.pageCount}
            label="Pages of upcoming events"
            hrefFor={(p) => href({ page: p, past: past.page }, "upcoming")}
          />
        }
        empty={
          <div className="card mt-4 p-8 text-center">
            <CalendarPlus aria-hidden className="mx-auto size-8 text-fg-muted" />
            <p className="mt-3 font-semibold">
              {upcoming.total > 0 ? "No more upcoming events" : "No upcoming events just now"}
            </p>
            <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
              {upcoming.total > 0 ? (
                <Link to={href({ page: 1, past: past.page }, "upcoming")} className="link">
                  Back to the first page
                </Link>
              ) : isOwner ? (
                "Events you publish appear here for everyone to book."
              ) : (
                `When ${profile.displayName} announces something new, it'll be here. ` +
                "Follow them to see it on your dashboard."
              )}
            </p>
          </div>
        }
      />

      {past.total > 0 ? (
        <EventsSection
          id="past"
          title="Past events"
          events={past.events}
          now={now}
          viewerId={viewerId}
          accent={brand?.hex}
          pager={
            <Pagination
              page={past.page}
              pageCount={past.pageCount}
              label="Pages of past events"
              hrefFor={(p) => href({ page: upcoming.page, past: p }, "past")}
            />
          }
          empty={
            <p className="card mt-4 p-6 text-center text-sm text-fg-muted">
              <History aria-hidden className="mx-auto mb-2 size-6" />
              No more past events.{" "}
              <Link to={href({ page: upcoming.page, past: 1 }, "past")} className="link">
                Back to the latest
              </Link>
            </p>
          }
        />
      ) : null}
    </div>
  );
}

function EventsSection({
  id,
  title,
  events,
  now,
  viewerId,
  accent,
  pager,
  empty,
}: {
  id: string;
  title: string;
  events: EventCardData[];
  now: Date;
  viewerId: string | null;
  accent?: string;
  pager: ReactNode;
  empty: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="container-page mt-10 scroll-mt-24">
      <h2 id={`${id}-heading`} className="flex items-center gap-3 px-2 text-xl font-bold tablet:px-6 laptop:px-0">
        <span aria-hidden className="h-6 w-1.5 rounded-full bg-brand" style={accent ? { background: accent } : {}} />
        {title}
      </h2>
      {events.length > 0 ? (
        <>
          <div className="mt-4">
            <EventGrid events={events} now={now} viewerId={viewerId} />
          </div>
          {pager}
        </>
      ) : (
        empty
      )}
    </section>
  );
}

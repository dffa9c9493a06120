import { CalendarPlus, Pencil, Store, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import { formatMonthYear } from "~/lib/format";
import { getPublicProfile } from "~/services/get-public-profile";
import { publicHostExtras } from "~/services/host-online-profile";
import { listEvents } from "~/services/discover-events";
import { EventGrid } from "~/web/components/events/event-card";
import { ProfileHeader } from "~/web/components/host-profile/profile-header";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/user.$userId";

export const handle = { title: "Profile" };

const HOST_EVENTS_LIMIT = 12;
const DESCRIPTION_LENGTH = 155;

/**
 * A person's profile, for people signed in (spec §2 puts /user/{userId} in the buyer area): what they
 * chose to show, and for a host their next events and a way to their booking page, /{username}.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const db = context.database.db;
  const profile = await getPublicProfile(db, params.userId);
  // Unknown people and deleted accounts look the same from outside: no such page.
  if (!profile) throw data(null, { status: 404 });
  const now = new Date();
  const events =
    profile.userType === "host"
      ? await listEvents(db, { now, scope: "upcoming", sort: "date", limit: HOST_EVENTS_LIMIT, hostId: profile.id })
      : [];
  const extras = profile.userType === "host" ? await publicHostExtras(db, profile.id) : null;
  return {
    profile,
    events,
    now,
    isOwner: viewer.id === profile.id,
    viewerId: viewer.id,
    socialLinks: extras?.socialLinks ?? {},
    colors: extras?.colors ?? null,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Page not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { profile } = loaded;
  const isHost = profile.userType === "host";
  const description = profile.bio
    ? truncate(profile.bio.replace(/\s+/g, " "), DESCRIPTION_LENGTH)
    : isHost
      ? `Upcoming events from ${profile.displayName}: book tickets on Ticketyboo.`
      : `${profile.displayName} is on Ticketyboo, tickets for the UK grassroots scene.`;
  return [
    { title: `${profile.displayName} · Ticketyboo` },
    { name: "description", content: description },
    { property: "og:title", content: profile.displayName },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    // Only for people signed in: search engines find a host at their booking page instead.
    { name: "robots", content: "noindex" },
  ];
};

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { profile, events, isOwner, now, viewerId, socialLinks, colors } = loaderData;
  const isHost = profile.userType === "host";
  const firstName = profile.firstName ?? profile.displayName;

  return (
    <div className="pb-12">
      <ProfileHeader
        profile={profile}
        colors={colors}
        socialLinks={socialLinks}
        action={
          isOwner ? (
            <Link to={isHost ? "/h/onlineprofile" : "/u/settings/profile"} className="btn-secondary">
              <Pencil aria-hidden className="size-4" /> Edit profile
            </Link>
          ) : isHost && profile.username ? (
            <Link to={`/${profile.username}`} className="btn-primary">
              <Store aria-hidden className="size-4" /> Booking page
            </Link>
          ) : null
        }
      >
        {profile.bio ? null : isOwner ? (
          <div className="card mt-6 max-w-2xl p-5">
            <p className="font-semibold">Tell people a little about yourself</p>
            <p className="mt-1 text-sm text-fg-muted">
              {isHost
                ? "A few lines about the nights you put on helps people decide to come along."
                : "A line or two about what you love going to. Add a photo too, so friends know it's you."}
            </p>
            <Link to="/u/settings/profile" className="btn-primary mt-4">
              Add a bio
            </Link>
          </div>
        ) : !isHost ? (
          <div className="card mt-6 flex max-w-2xl items-start gap-4 p-5">
            <UserRound aria-hidden className="mt-0.5 size-6 shrink-0 text-fg-muted" />
            <div>
              <p className="font-semibold">{firstName} hasn't written a bio yet</p>
              <p className="mt-1 text-sm text-fg-muted">
                They've been finding things to do on Ticketyboo since {formatMonthYear(new Date(profile.memberSince))}.
              </p>
            </div>
          </div>
        ) : null}
      </ProfileHeader>

      {isHost ? (
        <section aria-labelledby="upcoming-heading" className="container-page mt-10">
          <h2 id="upcoming-heading" className="px-2 text-xl font-bold tablet:px-6 laptop:px-0">
            Upcoming events
          </h2>
          {events.length > 0 ? (
            <div className="mt-4">
              <EventGrid events={events} now={now} viewerId={viewerId} />
            </div>
          ) : (
            <div className="card mt-4 p-8 text-center">
              <CalendarPlus aria-hidden className="mx-auto size-8 text-fg-muted" />
              <p className="mt-3 font-semibold">No upcoming events just now</p>
              <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
                {isOwner
                  ? "Events you publish appear here for everyone to book."
                  : `When ${profile.displayName} announces something new, it'll be here.`}
              </p>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}

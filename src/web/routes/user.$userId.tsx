import { BadgeCheck, CalendarDays, CalendarPlus, Pencil, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import { formatMonthYear } from "~/lib/format";
import { readColor } from "~/domain/host-profile";
import { getPublicProfile } from "~/services/get-public-profile";
import { publicHostExtras } from "~/services/host-online-profile";
import { SocialLinkList } from "~/web/components/host-profile/social-icon";
import { listEvents } from "~/services/discover-events";
import { EventGrid } from "~/web/components/events/event-card";
import type { Route } from "./+types/user.$userId";

export const handle = { title: "Profile" };

const HOST_EVENTS_LIMIT = 12;
const DESCRIPTION_LENGTH = 155;

export async function loader({ params, context }: Route.LoaderArgs) {
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
    isOwner: context.user?.id === profile.id,
    viewerId: context.user?.id ?? null,
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
    // Hosts want to be found; a buyer's page is for people they share it with, not for search engines.
    ...(isHost ? [] : [{ name: "robots", content: "noindex" }]),
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

function initialsOf(profile: { firstName: string | null; lastName: string | null; displayName: string }): string {
  const fromNames = [profile.firstName, profile.lastName].map((part) => part?.trim()[0] ?? "").join("");
  const fromDisplay = profile.displayName
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2);
  return (fromNames || fromDisplay || "?").toUpperCase();
}

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { profile, events, isOwner, now, viewerId, socialLinks, colors } = loaderData;
  // The host's brand colours, with the text colour that reads on the main one (checked when saved).
  const brand = colors?.brandColor ? readColor(colors.brandColor) : null;
  const band = colors?.brandColor
    ? `linear-gradient(120deg, ${colors.brandColor}, ${colors.accentColor ?? colors.brandColor})`
    : undefined;
  const isHost = profile.userType === "host";
  const firstName = profile.firstName ?? profile.displayName;

  return (
    <div className="pb-12">
      <div className="container-page pt-4 tablet:pt-6">
        {profile.coverImage ? (
          <div
            className="aspect-[16/7] max-h-[22rem] w-full overflow-hidden rounded-2xl bg-surface-2
            tablet:aspect-[16/5]"
          >
            <img src={profile.coverImage} alt="" className="size-full object-cover" width={1600} height={500} />
          </div>
        ) : (
          // No cover yet: a short band in the brand's colours, so the page doesn't open on an empty box.
          <div
            aria-hidden
            className="h-28 rounded-2xl
              bg-[radial-gradient(ellipse_at_top_left,var(--brand-soft),var(--surface-2)_75%)] tablet:h-40"
            style={band ? { backgroundImage: band } : undefined}
          />
        )}

        <div className="relative -mt-12 flex flex-wrap items-end justify-between gap-4 px-2 tablet:-mt-16 tablet:px-6">
          <div
            className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-full border-4 border-bg
            bg-brand-soft text-3xl font-bold text-brand shadow-[var(--shadow)] tablet:size-32 tablet:text-4xl"
          >
            {profile.image ? (
              <img
                src={profile.image}
                alt={`${profile.displayName}'s profile image`}
                className="size-full object-cover"
                width={640}
                height={640}
              />
            ) : (
              <span aria-hidden>{initialsOf(profile)}</span>
            )}
          </div>
          {isOwner ? (
            <Link to={isHost ? "/h/onlineprofile" : "/u/settings/profile"} className="btn-secondary mb-1">
              <Pencil aria-hidden className="size-4" /> Edit profile
            </Link>
          ) : null}
        </div>

        <div className="mt-4 px-2 tablet:px-6">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-extrabold tracking-tight tablet:text-3xl">
            <span className="min-w-0 break-words">{profile.displayName}</span>
            {profile.isVerified ? (
              <BadgeCheck role="img" aria-label="Verified host" className="size-6 shrink-0 text-brand" />
            ) : null}
          </h1>
          <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
            {isHost ? (
              <li
                className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand"
                style={brand?.text ? { backgroundColor: brand.hex, color: brand.text } : undefined}
              >
                Event host
              </li>
            ) : null}
            {profile.username ? <li>@{profile.username}</li> : null}
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" /> Member since{" "}
              {formatMonthYear(new Date(profile.memberSince))}
            </li>
          </ul>

          {isHost ? (
            <div className="mt-4">
              <SocialLinkList links={socialLinks} hostName={profile.displayName} />
            </div>
          ) : null}

          {profile.bio ? (
            <p className="mt-5 max-w-2xl text-base leading-relaxed break-words whitespace-pre-line">{profile.bio}</p>
          ) : isOwner ? (
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
                  They've been finding things to do on Ticketyboo since {formatMonthYear(new Date(profile.memberSince))}
                  .
                </p>
              </div>
            </div>
          ) : null}
        </div>
      </div>

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

import { BadgeCheck, CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { type BrandColors, readColor, type SocialLinks } from "~/domain/host-profile";
import { formatMonthYear } from "~/lib/format";
import type { PublicProfile } from "~/services/get-public-profile";
import { SocialLinkList } from "~/web/components/host-profile/social-icon";
import { mediaPath } from "~/web/lib/images";

export function initialsOf(profile: {
  firstName: string | null;
  lastName: string | null;
  displayName: string;
}): string {
  const fromNames = [profile.firstName, profile.lastName].map((part) => part?.trim()[0] ?? "").join("");
  const fromDisplay = profile.displayName
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2);
  return (fromNames || fromDisplay || "?").toUpperCase();
}

/** A host's main colour with the text colour that reads on it (checked when saved), or null for our own pink. */
export function brandOf(colors: BrandColors | null): { hex: string; text: string } | null {
  if (!colors?.brandColor) return null;
  const reading = readColor(colors.brandColor);
  return reading.text ? { hex: reading.hex, text: reading.text } : null;
}

/**
 * The top of a public profile (a host's booking page, a person's profile): cover (or a band in the
 * host's colours), picture, the page's one `h1` with the verified badge, what they are, their links
 * and bio. `action` sits beside the picture (Follow, Edit profile); `facts` adds to the line under
 * the name (a follower count); `children` follows the bio (empty states).
 */
export function ProfileHeader({
  profile,
  colors,
  socialLinks,
  action,
  facts,
  children,
}: {
  profile: PublicProfile;
  colors: BrandColors | null;
  socialLinks: SocialLinks;
  action?: ReactNode;
  facts?: ReactNode;
  children?: ReactNode;
}) {
  const brand = brandOf(colors);
  const band = colors?.brandColor
    ? `linear-gradient(120deg, ${colors.brandColor}, ${colors.accentColor ?? colors.brandColor})`
    : undefined;
  const isHost = profile.userType === "host";

  return (
    <div className="container-page pt-4 tablet:pt-6">
      {profile.coverImage ? (
        <div
          className="aspect-[16/7] max-h-[22rem] w-full overflow-hidden rounded-2xl bg-surface-2
          tablet:aspect-[16/5]"
        >
          <img
            src={mediaPath(profile.coverImage)}
            alt=""
            className="size-full object-cover"
            width={1600}
            height={500}
          />
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
              src={mediaPath(profile.image)}
              alt={`${profile.displayName}'s profile image`}
              className="size-full object-cover"
              width={640}
              height={640}
            />
          ) : (
            <span aria-hidden>{initialsOf(profile)}</span>
          )}
        </div>
        {action ? <div className="mb-1">{action}</div> : null}
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
              style={brand ? { backgroundColor: brand.hex, color: brand.text } : undefined}
            >
              Event host
            </li>
          ) : null}
          {profile.username ? <li>@{profile.username}</li> : null}
          {facts}
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
        ) : null}
        {children}
      </div>
    </div>
  );
}

import type { SocialLinks } from "~/domain/host-profile";
import type { EventCardData } from "~/services/discover-events";
import type { PublicProfile } from "~/services/get-public-profile";
import { imageUrl } from "./images";
import { absoluteUrl } from "./seo";

/**
 * schema.org for a host's booking page: an `Organization` when they host under a name of their own
 * (as an event page's `organizer` says), a `Person` otherwise; their links as `sameAs`, and the
 * upcoming events on the page, each pointing at its own page (which carries the full `Event`).
 */
export function hostJsonLd(
  host: { profile: PublicProfile; socialLinks: SocialLinks; upcoming: EventCardData[] },
  publicUrl: string,
): Record<string, unknown> {
  const { profile } = host;
  const url = absoluteUrl(publicUrl, profile.username ? `/${profile.username}` : `/user/${profile.id}`);
  const hasOwnName = Boolean(profile.hostTitle);
  const image = profile.image ? absoluteUrl(publicUrl, imageUrl(profile.image, 640)) : null;
  const sameAs = Object.values(host.socialLinks).filter((link): link is string => Boolean(link));
  return {
    "@context": "https://schema.org",
    "@type": hasOwnName ? "Organization" : "Person",
    name: profile.displayName,
    url,
    ...(profile.bio ? { description: profile.bio.replace(/\s+/g, " ").trim() } : {}),
    ...(image ? (hasOwnName ? { logo: image, image } : { image }) : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(host.upcoming.length > 0
      ? {
          event: host.upcoming.map((e) => ({
            "@type": "Event",
            name: e.name,
            startDate: e.startsAt.toISOString(),
            url: absoluteUrl(publicUrl, `/events/${e.slug}`),
          })),
        }
      : {}),
  };
}

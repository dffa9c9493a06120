import {
  siBandcamp,
  siBluesky,
  siFacebook,
  siInstagram,
  siMixcloud,
  siSoundcloud,
  siSpotify,
  siThreads,
  siTiktok,
  siX,
  siYoutube,
} from "simple-icons";
import { SOCIAL_NETWORK_RULES, SOCIAL_NETWORKS, type SocialLinks, type SocialNetwork } from "~/domain/host-profile";

/**
 * Networks' own logos (simple-icons), drawn in the text colour so they read in both themes. Only
 * the host's public profile and Partner Studio import this, so no other page carries the paths.
 */
const PATHS: Record<Exclude<SocialNetwork, "website">, string> = {
  instagram: siInstagram.path,
  facebook: siFacebook.path,
  x: siX.path,
  tiktok: siTiktok.path,
  youtube: siYoutube.path,
  spotify: siSpotify.path,
  soundcloud: siSoundcloud.path,
  bandcamp: siBandcamp.path,
  mixcloud: siMixcloud.path,
  threads: siThreads.path,
  bluesky: siBluesky.path,
};

/** A globe for a plain website, drawn like lucide's, so it needs no icon in the shell. */
const GLOBE =
  "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 0c2.5 2.7 4 6.2 4 10s-1.5 7.3-4 10m0-20C9.5 4.7 8 8.2 8 12s1.5 " +
  "7.3 4 10M2 12h20";

export function SocialIcon({ network, className = "size-5" }: { network: SocialNetwork; className?: string }) {
  if (network === "website")
    return (
      <svg aria-hidden viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2}>
        <path d={GLOBE} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d={PATHS[network]} />
    </svg>
  );
}

/** The host's links as a row of labelled logo buttons, in the networks' usual order. */
export function SocialLinkList({ links, hostName }: { links: SocialLinks; hostName: string }) {
  const shown = SOCIAL_NETWORKS.filter((n) => links[n]);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${hostName} elsewhere`}>
      {shown.map((network) => (
        <li key={network}>
          <a
            href={links[network]}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="inline-flex min-h-10 items-center gap-2 rounded-full border border-border bg-surface px-3
              text-sm font-medium hover:border-brand focus-visible:outline-2"
          >
            <SocialIcon network={network} className="size-4" />
            {SOCIAL_NETWORK_RULES[network].label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

import { hostSettingsMessages as m } from "~/texts/host-settings-messages";

/**
 * A host's online profile (issue 21): links to their pages elsewhere, one per network and checked
 * against that network's own addresses, and brand colours that text stays readable on. Pure.
 */

export const SOCIAL_NETWORKS = [
  "website",
  "instagram",
  "facebook",
  "x",
  "tiktok",
  "youtube",
  "spotify",
  "soundcloud",
  "bandcamp",
  "mixcloud",
  "threads",
  "bluesky",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

export const SOCIAL_LINK_MAX_LENGTH = 300;

interface NetworkRule {
  label: string;
  example: string;
  /** The network's own host names (a leading "www." or "m." is allowed on each); none: any site. */
  hosts: readonly string[] | null;
  /** Sub-domains of this are the network's too (bandcamp's artist pages). */
  subdomainsOf?: string;
}

export const SOCIAL_NETWORK_RULES: Record<SocialNetwork, NetworkRule> = {
  website: { label: "Website", example: "https://www.example.co.uk", hosts: null },
  instagram: { label: "Instagram", example: "https://www.instagram.com/yourname", hosts: ["instagram.com"] },
  facebook: {
    label: "Facebook",
    example: "https://www.facebook.com/yourpage",
    hosts: ["facebook.com", "fb.com"],
  },
  x: { label: "X (Twitter)", example: "https://x.com/yourname", hosts: ["x.com", "twitter.com"] },
  tiktok: { label: "TikTok", example: "https://www.tiktok.com/@yourname", hosts: ["tiktok.com"] },
  youtube: {
    label: "YouTube",
    example: "https://www.youtube.com/@yourchannel",
    hosts: ["youtube.com", "youtu.be"],
  },
  spotify: { label: "Spotify", example: "https://open.spotify.com/artist/…", hosts: ["open.spotify.com"] },
  soundcloud: { label: "SoundCloud", example: "https://soundcloud.com/yourname", hosts: ["soundcloud.com"] },
  bandcamp: {
    label: "Bandcamp",
    example: "https://yourname.bandcamp.com",
    hosts: ["bandcamp.com"],
    subdomainsOf: "bandcamp.com",
  },
  mixcloud: { label: "Mixcloud", example: "https://www.mixcloud.com/yourname", hosts: ["mixcloud.com"] },
  threads: { label: "Threads", example: "https://www.threads.net/@yourname", hosts: ["threads.net", "threads.com"] },
  bluesky: { label: "Bluesky", example: "https://bsky.app/profile/yourname", hosts: ["bsky.app"] },
};

export type LinkCheck = { ok: true; url: string | null } | { ok: false; message: string };

/**
 * One link as typed: empty is no link; an address without a scheme gets https://; http:// is
 * refused (the profile never sends visitors somewhere unencrypted); the host must be the network's
 * own, and a network's link must name a page on it rather than its home page.
 */
export function checkSocialLink(network: SocialNetwork, typed: string): LinkCheck {
  const rule = SOCIAL_NETWORK_RULES[network];
  const text = typed.trim();
  if (text === "") return { ok: true, url: null };
  const bad = { ok: false as const, message: m.badLink(rule.label, rule.example) };
  if (text.length > SOCIAL_LINK_MAX_LENGTH || /\s/.test(text)) return bad;
  if (/^http:\/\//i.test(text)) return { ok: false, message: m.linkNotHttps(rule.label) };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return bad;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return bad;
  const host = url.hostname.toLowerCase();
  if (!host.includes(".") || host.endsWith(".")) return bad;
  if (rule.hosts) {
    const bare = host.replace(/^(www|m)\./, "");
    const own = rule.hosts.includes(bare) || (rule.subdomainsOf ? bare.endsWith(`.${rule.subdomainsOf}`) : false);
    if (!own) return bad;
    const isArtistSite = rule.subdomainsOf !== undefined && bare !== rule.subdomainsOf;
    if (!isArtistSite && url.pathname.replace(/\/+$/, "") === "") return bad;
  }
  return { ok: true, url: url.href };
}

/** Every link of a form at once: the clean links, or the words for each network that is wrong. */
export function checkSocialLinks(
  typed: Partial<Record<SocialNetwork, string>>,
): { ok: true; links: SocialLinks } | { ok: false; problems: Partial<Record<SocialNetwork, string>> } {
  const links: SocialLinks = {};
  const problems: Partial<Record<SocialNetwork, string>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const checked = checkSocialLink(network, typed[network] ?? "");
    if (!checked.ok) problems[network] = checked.message;
    else if (checked.url) links[network] = checked.url;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, links };
}

/** Only the networks we know, each as stored: a link read back from the database is shown as it was checked. */
export function socialLinksOf(stored: unknown): SocialLinks {
  if (!stored || typeof stored !== "object") return {};
  const out: SocialLinks = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = (stored as Record<string, unknown>)[network];
    if (typeof value === "string" && value.startsWith("https://")) out[network] = value;
  }
  return out;
}

/* Colours */

/** The two text colours the site puts on a brand colour: white, or the site's own dark ink. */
export const WHITE_TEXT = "#ffffff";
export const DARK_TEXT = "#1b1620";
/** WCAG 2.2 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
/** WCAG 2.2 AA for a control's shape against what is around it (1.4.11). */
export const MIN_SHAPE_CONTRAST = 3;

/** "#C8175F", "c8175f" or "#c17" as "#c8175f"; null when it isn't a hex colour. */
export function normaliseHexColor(typed: string): string | null {
  const text = typed.trim().toLowerCase().replace(/^#/, "");
  if (/^[0-9a-f]{6}$/.test(text)) return `#${text}`;
  if (/^[0-9a-f]{3}$/.test(text)) return `#${[...text].map((c) => c + c).join("")}`;
  return null;
}

/** WCAG relative luminance of "#rrggbb". */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two "#rrggbb" colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface ColorReading {
  hex: string;
  onWhiteText: number;
  onDarkText: number;
  /** The text colour to put on it (the better of the two), or null when neither is readable. */
  text: typeof WHITE_TEXT | typeof DARK_TEXT | null;
  /**
   * A page it would barely stand out on (a button of it on a white card, or a dark one), so a host
   * can be warned; null when it shows on both. Readable text on it is judged by `text` alone.
   */
  faintOn: "light" | "dark" | null;
}

/** How readable white and dark text are on a colour, and which to use. */
export function readColor(hex: string): ColorReading {
  const onWhiteText = contrastRatio(hex, WHITE_TEXT);
  const onDarkText = contrastRatio(hex, DARK_TEXT);
  const best = onWhiteText >= onDarkText ? WHITE_TEXT : DARK_TEXT;
  // White text on the colour and the colour on a white page are the same pair; the dark ink stands
  // for the dark theme's page.
  const faintOn = onWhiteText < MIN_SHAPE_CONTRAST ? "light" : onDarkText < MIN_SHAPE_CONTRAST ? "dark" : null;
  return {
    hex,
    onWhiteText,
    onDarkText,
    text: Math.max(onWhiteText, onDarkText) >= MIN_TEXT_CONTRAST ? best : null,
    faintOn,
  };
}

/** A ratio as people read it: 4.48 shows as 4.4 (never rounded up past the line it failed). */
export function ratioText(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}

export const BRAND_COLOR_FIELDS = { brandColor: "Main colour", accentColor: "Second colour" } as const;
export type BrandColorField = keyof typeof BRAND_COLOR_FIELDS;
export type BrandColors = Record<BrandColorField, string | null>;

/**
 * The colours as typed: each empty (our own pink), or a hex colour that white or dark text can
 * be read on; otherwise the words saying why, with both contrasts.
 */
export function checkBrandColors(
  typed: Record<BrandColorField, string>,
): { ok: true; colors: BrandColors } | { ok: false; problems: Partial<Record<BrandColorField, string>> } {
  const colors: BrandColors = { brandColor: null, accentColor: null };
  const problems: Partial<Record<BrandColorField, string>> = {};
  for (const field of Object.keys(BRAND_COLOR_FIELDS) as BrandColorField[]) {
    const label = BRAND_COLOR_FIELDS[field];
    const text = typed[field].trim();
    if (text === "") continue;
    const hex = normaliseHexColor(text);
    if (!hex) {
      problems[field] = m.badColor(label);
      continue;
    }
    const reading = readColor(hex);
    if (!reading.text) {
      problems[field] = m.unreadableColor(
        label,
        hex.toUpperCase(),
        ratioText(reading.onWhiteText),
        ratioText(reading.onDarkText),
      );
      continue;
    }
    colors[field] = hex;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, colors };
}

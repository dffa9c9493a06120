import { readConsent } from "~/lib/consent";
import { readCookie } from "~/lib/read-cookie";

/**
 * Promote (issue 21): tracking links' codes and tags, the booking widget's embed code and the
 * ready texts a host pastes. Pure: callers pass random bytes and `now`.
 */

/** The most tracking links one event may have (archived ones included: archiving is not deleting). */
export const TRACKING_LINKS_PER_EVENT = 100;
/** A link's name, as the host reads it in their table. */
export const TRACKING_LINK_NAME_MAX = 60;
/** How long the attribution cookie lasts once a visitor has allowed it (decision 0039). */
export const TRACKING_COOKIE = "tb_link";
export const TRACKING_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** The query parameter that carries a link's code onto the event page (decision 0039). */
export const TRACKING_PARAM = "tb_link";

/** No look-alikes (0/O, 1/l/I): codes are read off posters and typed. */
const CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const TRACKING_CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${TRACKING_CODE_LENGTH}}$`);

/** A code from random bytes (one byte per character; 31⁸ ≈ 8.5 × 10¹¹ codes, so guessing one is hopeless). */
export function trackingCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < TRACKING_CODE_LENGTH) throw new Error(`need ${TRACKING_CODE_LENGTH} random bytes`);
  let code = "";
  for (let i = 0; i < TRACKING_CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}

export function isTrackingCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** The mediums a host picks from (utm_medium), with what each reads as. */
export const UTM_MEDIUMS = [
  { value: "social", label: "Social media" },
  { value: "email", label: "Email or newsletter" },
  { value: "referral", label: "A promoter or partner" },
  { value: "print", label: "Posters and flyers" },
  { value: "messaging", label: "WhatsApp, text messages" },
  { value: "paid", label: "Paid advert" },
  { value: "other", label: "Something else" },
] as const;
export type UtmMedium = (typeof UTM_MEDIUMS)[number]["value"];

/** A UTM value as analytics tools like it: lower case, words joined by hyphens, at most 60 characters. */
export function utmValue(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

export interface UtmTags {
  source: string;
  medium: string;
  campaign: string;
}

/** Where a tracking link sends people: the event page with its UTM tags and the link's code. */
export function trackedEventPath(slug: string, tags: UtmTags, code: string): string {
  const query = new URLSearchParams({
    utm_source: tags.source,
    utm_medium: tags.medium,
    utm_campaign: tags.campaign,
    [TRACKING_PARAM]: code,
  });
  return `/events/${encodeURIComponent(slug)}?${query.toString()}`;
}

/** The code a page's address carries, if it is well formed. */
export function trackingCodeIn(search: URLSearchParams): string | null {
  const code = search.get(TRACKING_PARAM);
  return code && isTrackingCode(code) ? code : null;
}

/** The attribution cookie for a code (set only with the visitor's statistics consent: decision 0039). */
export function trackingCookie(code: string, secure: boolean): string {
  return (
    `${TRACKING_COOKIE}=${code}; Path=/; Max-Age=${TRACKING_COOKIE_MAX_AGE_SECONDS}; HttpOnly; ` +
    `SameSite=Lax${secure ? "; Secure" : ""}`
  );
}

/**
 * The booking widget's embed code. The widget is the host's page `/hosts/{hostId}` (spec §2
 * "Widgets", the one page other sites may frame: decision 0046): `iframe` opens on this event
 * (`?event=`), `programme` on the list of all the host's upcoming events. Tickets are chosen in the
 * frame and paid for in a new tab on our site.
 */
export function widgetEmbedCode(input: { publicUrl: string; hostId: string; slug: string; eventName: string }): {
  iframe: string;
  programme: string;
  button: string;
} {
  const base = input.publicUrl.replace(/\/+$/, "");
  const widget = `${base}/hosts/${encodeURIComponent(input.hostId)}`;
  const frame = (src: string, title: string) =>
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="640" ` +
    `style="border:0;max-width:480px" loading="lazy"></iframe>`;
  return {
    iframe: frame(`${widget}?event=${encodeURIComponent(input.slug)}`, `Book tickets: ${input.eventName}`),
    programme: frame(widget, "Book tickets"),
    button:
      `<a href="${escapeAttribute(`${base}/events/${encodeURIComponent(input.slug)}`)}" ` +
      `style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c8175f;color:#fff;` +
      `font:600 16px/1.2 system-ui,sans-serif;text-decoration:none">Get tickets</a>`,
  };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface ShareFacts {
  name: string;
  /** When, already in words (Europe/London). */
  when: string;
  /** Where, in words ("Online" for online events). */
  where: string;
  /** The all-in headline price in words ("£12.12", "From £5.05", "Free Entry"), or null. */
  price: string | null;
  url: string;
}

/** Ready texts a host can paste, each a few lines built from the event's details. */
export function shareTexts(facts: ShareFacts): { id: string; label: string; text: string }[] {
  const price = facts.price ? ` ${facts.price}.` : "";
  return [
    {
      id: "social",
      label: "For a social post",
      text: [`🎟️ ${facts.name}`, `📅 ${facts.when}`, `📍 ${facts.where}`, facts.price ? `💷 ${facts.price}` : null]
        .filter(Boolean)
        .concat(`Tickets: ${facts.url}`)
        .join("\n"),
    },
    {
      id: "short",
      label: "Short (X, Bluesky, a text message)",
      text: `${facts.name}, ${facts.when} at ${facts.where}.${price} Book: ${facts.url}`,
    },
    {
      id: "email",
      label: "For an email or newsletter",
      text:
        `We'd love to see you at ${facts.name}.\n\n` +
        `When: ${facts.when}\nWhere: ${facts.where}\n${facts.price ? `Tickets: ${facts.price}\n` : ""}\n` +
        `Book your place here: ${facts.url}`,
    },
  ];
}

/**
 * The tracking link a checkout press came through (decision 0039): the code on the page the buyer
 * pressed on (no consent needed: nothing is stored on their device), else the attribution cookie
 * (read only while they allow statistics). Malformed values are ignored.
 */
export function trackingCodeOfPress(cookieHeader: string, pageUrl: string | null): string | null {
  const page = pageUrl ? URL.parse(pageUrl) : null;
  const fromPage = page ? trackingCodeIn(page.searchParams) : null;
  if (fromPage) return fromPage;
  // A cookie left from before the visitor withdrew statistics consent counts for nothing.
  if (!readConsent(cookieHeader)?.statistics) return null;
  const cookie = readCookie(cookieHeader, TRACKING_COOKIE);
  return cookie && isTrackingCode(cookie) ? cookie : null;
}

import { isValidLatLng, type LatLng } from "~/domain/discovery";

/**
 * The last location a person chose to share (explore's "Use my location", or a place they typed),
 * so the home page can show what's near them. Kept in a cookie only because they asked for it;
 * it never leaves their browser except to this site. The time is in seconds, as the spec's
 * userLocation keeps it.
 */
export const LOCATION_COOKIE = "tb_loc";
const MAX_AGE_DAYS = 30;

export interface SavedLocation extends LatLng {
  /** When it was taken, in milliseconds. */
  takenAt: number;
  /** What they typed, when they typed a place. */
  label?: string;
}

export function serializeLocation(loc: SavedLocation): string {
  const parts = [loc.lat.toFixed(4), loc.lng.toFixed(4), String(Math.floor(loc.takenAt / 1000))];
  if (loc.label) parts.push(encodeURIComponent(loc.label.slice(0, 60)));
  return parts.join(",");
}

export function parseLocation(value: string | undefined | null): SavedLocation | null {
  if (!value) return null;
  const [lat, lng, seconds, label] = value.split(",");
  const loc = { lat: Number(lat), lng: Number(lng) };
  if (!isValidLatLng(loc) || !Number.isFinite(Number(seconds))) return null;
  let name: string | undefined;
  try {
    name = label ? decodeURIComponent(label) : undefined;
  } catch {
    name = undefined;
  }
  return { ...loc, takenAt: Number(seconds) * 1000, ...(name ? { label: name } : {}) };
}

export function readLocation(cookieHeader: string): SavedLocation | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCATION_COOKIE}=([^;]*)`).exec(cookieHeader);
  if (!match) return null;
  try {
    return parseLocation(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}

/** A `document.cookie` assignment that remembers the location for 30 days. */
export function locationCookieString(loc: SavedLocation, secure: boolean): string {
  return (
    `${LOCATION_COOKIE}=${encodeURIComponent(serializeLocation(loc))}; Path=/; ` +
    `Max-Age=${MAX_AGE_DAYS * 86_400}; SameSite=Lax${secure ? "; Secure" : ""}`
  );
}

export function clearLocationCookieString(): string {
  return `${LOCATION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

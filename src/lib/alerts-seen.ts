import { readCookie } from "./read-cookie";

/**
 * Alerts a browser has dismissed, remembered by each alert's savedAt (spec §4). Kept in a cookie
 * so the server leaves seen alerts out of the page and they never flash back.
 */
export const ALERTS_SEEN_COOKIE = "tb_alerts_seen";
const MAX_REMEMBERED = 20;

export function readSeenAlerts(cookieHeader: string): string[] {
  const raw = readCookie(cookieHeader, ALERTS_SEEN_COOKIE);
  if (!raw) return [];
  return raw.split("|").filter((s) => /^\d{10,15}$/.test(s));
}

export function serializeSeenAlerts(seen: string[], secure: boolean): string {
  const value = Array.from(new Set(seen)).slice(-MAX_REMEMBERED).join("|");
  return (
    `${ALERTS_SEEN_COOKIE}=${value}; Path=/; Max-Age=${10 * 365 * 24 * 60 * 60}; ` +
    `SameSite=Lax${secure ? "; Secure" : ""}`
  );
}

/** The savedAt stamp as the cookie stores it: milliseconds since the epoch. */
export function alertStamp(savedAt: Date | string): string {
  return String(new Date(savedAt).getTime());
}

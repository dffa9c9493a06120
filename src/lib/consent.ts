import { readCookie } from "./read-cookie";

/** PECR consent, kept in a first-party cookie for ten years (spec §9). */
export const CONSENT_COOKIE = "tb_consent";
export const CONSENT_MAX_AGE_SECONDS = 10 * 365 * 24 * 60 * 60;

export interface CookieConsent {
  necessary: true;
  performance: boolean;
  statistics: boolean;
  /** ISO time the choice was made. */
  savedAt: string;
}

export function consentFromChoice(
  choice: { performance: boolean; statistics: boolean },
  savedAt: string,
): CookieConsent {
  return { necessary: true, performance: choice.performance, statistics: choice.statistics, savedAt };
}

export function serializeConsent(consent: CookieConsent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  return (
    `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; ` +
    `SameSite=Lax${secure ? "; Secure" : ""}`
  );
}

/** Reads the consent cookie; anything missing or malformed counts as no choice made. */
export function readConsent(cookieHeader: string): CookieConsent | null {
  const raw = readCookie(cookieHeader, CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.performance !== "boolean" || typeof v.statistics !== "boolean") return null;
    return { necessary: true, performance: v.performance, statistics: v.statistics, savedAt: String(v.savedAt ?? "") };
  } catch {
    return null;
  }
}

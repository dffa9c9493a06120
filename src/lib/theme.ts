import { readCookie } from "./read-cookie";

/** The theme a person picked; absent means "follow the device". */
export type Theme = "light" | "dark";
export const THEME_COOKIE = "tb_theme";
export const THEME_MAX_AGE_SECONDS = 10 * 365 * 24 * 60 * 60;

export function readTheme(cookieHeader: string): Theme | null {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return value === "light" || value === "dark" ? value : null;
}

export function serializeTheme(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

import { parse, serialize } from "cookie";

/**
 * Which host a person chose in Partner Studio's switcher, when they may act for more than one.
 * Only a preference: every request hands it to resolveStudioAccess, which uses it only if the
 * person may still act for that host (decision 0028), so a forged or stale value grants nothing.
 */
const NAME = "tb_studio_host";
const YEAR = 365 * 86_400;

/** The chosen host's id, if the cookie holds something shaped like one. */
export function readStudioHostChoice(request: Request): string | null {
  const value = parse(request.headers.get("Cookie") ?? "")[NAME];
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export function studioHostChoiceCookie(hostId: string, request: Request): string {
  return serialize(NAME, hostId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: YEAR,
  });
}

export const clearStudioHostChoice = serialize(NAME, "", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 0 });

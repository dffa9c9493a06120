import { parse, serialize } from "cookie";

/**
 * The scanner link a door device opened (decision 0034): its token, kept in a cookie the page and
 * the door's API read, so the link's address need not stay in the browser's history or bar. Worth
 * nothing once the link is revoked or expires: every request is judged afresh.
 */
const NAME = "tb_door";

export function readDoorToken(request: Request): string | null {
  const value = parse(request.headers.get("Cookie") ?? "")[NAME];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function doorCookie(token: string, expiresAt: Date, request: Request): string {
  return serialize(NAME, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    expires: expiresAt,
  });
}

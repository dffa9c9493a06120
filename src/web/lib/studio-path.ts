import { safeRedirect } from "~/lib/safe-redirect";

/** A page of Partner Studio to go back to after a save (`?back=`), or `fallback` for anything else. */
export function studioPath(target: string | null | undefined, fallback: string): string {
  const path = safeRedirect(target, fallback);
  return path.startsWith("/h/") ? path : fallback;
}

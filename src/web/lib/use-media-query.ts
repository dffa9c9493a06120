import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept up to date as the window changes. False on the server and
 * during hydration (the server cannot know the screen), so what depends on it comes after.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

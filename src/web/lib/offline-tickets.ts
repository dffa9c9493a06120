import { useEffect } from "react";

/** The service worker's cache for tickets; cleared on log-out so the next person can't see them. */
const TICKETS_CACHE = "tb-tickets-v1";

/**
 * Makes the page in view work offline: registers the service worker (public/sw.js) and asks it to
 * keep this page and the files it was drawn with, so a ticket opened once still shows its QR at a
 * door with no signal. Pages opened later are kept by the worker as they load.
 */
export function useKeepOffline(userId: string) {
  useEffect(() => keepThisPage({ type: "keep", key: userId }), [userId]);
}

/** Registers the service worker and asks it to keep this page and the files it was drawn with. */
export function keepThisPage(message: { type: "keep" | "keep-door"; key?: string }) {
  if (!("serviceWorker" in navigator)) return;
  let cancelled = false;
  void navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (cancelled) return;
      const files = [
        ...Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"), (s) => s.src),
        ...Array.from(
          document.querySelectorAll<HTMLLinkElement>(
            'link[rel="stylesheet"], link[rel="modulepreload"], link[rel="icon"]',
          ),
          (l) => l.href,
        ),
        ...performance.getEntriesByType("resource").map((r) => r.name),
      ].filter((url) => new URL(url, location.href).origin === location.origin && !url.includes("/api/"));
      registration.active?.postMessage({ ...message, urls: [location.href, ...new Set(files)] });
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
  };
}

/**
 * Tells the service worker (if this browser has one) who is signed in now, on every page: when it
 * changes, tickets kept for the previous person are deleted.
 */
export function useOfflineOwner(userId: string | null) {
  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.controller?.postMessage({ type: "user", key: userId });
  }, [userId]);
}

/** Forgets every ticket kept for offline use (on log-out). */
export async function forgetOfflineTickets(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(TICKETS_CACHE).catch(() => false);
}

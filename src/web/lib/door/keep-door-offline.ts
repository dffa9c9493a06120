import { useEffect } from "react";
import { qrDetector } from "~/web/lib/door/camera";
import { keepThisPage } from "~/web/lib/offline-tickets";

/**
 * The door's page kept the same way, in a cache of its own that belongs to no account (a scanner
 * link has none): a door device reloaded with no signal still opens its scan page. The ticket list
 * and the scans waiting to sync are the page's own, in IndexedDB. The QR reader is loaded as the
 * page opens (where the browser has none of its own) and kept too, so the camera starts on a night
 * the signal went before anyone pressed it.
 */
export function useKeepDoorOffline() {
  useEffect(() => {
    let cancelled = false;
    // The page and its files at once (a volunteer may walk into the basement straight after), then
    // again with the reader once it has come: files already kept are not fetched again.
    const stops = [keepThisPage({ type: "keep-door" })];
    void qrDetector()
      .then(() => {
        if (!cancelled) stops.push(keepThisPage({ type: "keep-door" }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stops.forEach((stop) => stop?.());
    };
  }, []);
}

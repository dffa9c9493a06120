import { useEffect } from "react";
import { qrDetector } from "~/web/lib/door/camera";
import { keepThisPage } from "~/web/lib/offline-tickets";

/**
 * The door's page kept the same way, in a cache of its own that belongs to no account (a scanner
 * link has none): a door device reloaded with no signal still opens its scan page. The ticket list
 * and the scans waiting to sync are the page's own, in IndexedDB. The QR reader is loaded first
 * (where the browser has none of its own), so it is among the files kept: the camera then starts
 * on a night the signal went before anyone pressed it.
 */
export function useKeepDoorOffline() {
  useEffect(() => {
    let cancelled = false;
    let stopKeeping: (() => void) | undefined;
    void qrDetector()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) stopKeeping = keepThisPage({ type: "keep-door" });
      });
    return () => {
      cancelled = true;
      stopKeeping?.();
    };
  }, []);
}

import { useEffect } from "react";
import { keepThisPage } from "~/web/lib/offline-tickets";

/**
 * The door's page kept the same way, in a cache of its own that belongs to no account (a scanner
 * link has none): a door device reloaded with no signal still opens its scan page. The ticket list
 * and the scans waiting to sync are the page's own, in IndexedDB.
 */
export function useKeepDoorOffline() {
  useEffect(() => keepThisPage({ type: "keep-door" }), []);
}

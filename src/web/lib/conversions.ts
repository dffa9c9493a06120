import { useEffect, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import { ADD_TO_CART_DEBOUNCE_MS } from "~/domain/conversions";
import { readConsent } from "~/lib/consent";

interface RootData {
  conversions?: boolean;
  user?: { id: string } | null;
}

/**
 * Reports add-to-cart for conversion tracking (spec §7): once the basket has been still for a
 * second, when tracking is configured, the person is signed in and has allowed statistics (read
 * from the cookie at that moment, so a choice made on this page counts). Only the answer's ok flag
 * is looked at, and a failure is ignored: tracking never gets in a buyer's way.
 */
export function useAddToCartTracking(
  eventId: string,
  lines: readonly { ticketTypeId: string; quantity: number }[],
  ready: boolean,
) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const enabled = Boolean(root?.conversions && root.user);
  const key = JSON.stringify(lines.map((l) => [l.ticketTypeId, l.quantity]));
  const first = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || !enabled) return;
    // The basket as the page opened is not an add-to-cart; only changes after that are.
    if (first.current === null) {
      first.current = key;
      return;
    }
    if (key === first.current || lines.length === 0) return;
    const timer = window.setTimeout(() => {
      if (!readConsent(document.cookie)?.statistics) return;
      void fetch("/api/conversions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "AddToCart",
          eventId,
          cart: lines.map((l) => ({ ticketTypeId: l.ticketTypeId, count: l.quantity })),
          path: window.location.pathname,
        }),
      })
        .then((res) => res.ok)
        .catch(() => false);
    }, ADD_TO_CART_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `key` stands for `lines`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready, enabled, eventId]);
}

import { useEffect } from "react";
import { useLocation } from "react-router";
import type { CookieConsent } from "~/lib/consent";

function send(body: Record<string, unknown>) {
  const payload = JSON.stringify(body);
  if (!navigator.sendBeacon?.("/api/metrics", new Blob([payload], { type: "application/json" }))) {
    void fetch("/api/metrics", {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json" },
      keepalive: true,
    });
  }
}

/**
 * First-party measurements, each gated on its consent category. Before a choice (or after a
 * refusal) this component does nothing at all: no cookie, no request, no script loaded.
 */
export function ConsentedMeasurements({ consent }: { consent: CookieConsent | null }) {
  const { pathname } = useLocation();

  useEffect(() => {
    if (consent?.statistics) send({ kind: "page_view", path: pathname });
  }, [consent?.statistics, pathname]);

  useEffect(() => {
    if (!consent?.performance) return;
    let cancelled = false;
    void import("web-vitals").then(
      ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        if (cancelled) return;
        const report = (metric: { name: string; value: number }) =>
          send({ kind: "web_vital", path: location.pathname, name: metric.name, value: metric.value });
        onCLS(report);
        onFCP(report);
        onINP(report);
        onLCP(report);
        onTTFB(report);
      },
      // Offline the library cannot be fetched: this page goes unmeasured, and nothing else is the worse.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [consent?.performance]);

  return null;
}

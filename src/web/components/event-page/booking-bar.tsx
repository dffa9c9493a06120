import { Ticket } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * The phone's booking bar: the event's from-price (all-in, from the one price function, as its card
 * says it) and 'Get tickets', which brings the tickets panel into view. On a phone the panel comes
 * after the description, map and host card; the bar keeps a price and a way to book on every
 * screen. It steps aside while the panel itself is in view, and from laptop width, where the panel
 * sits beside the page. A plain link to the panel without JavaScript.
 */
export function BookingBar({ price, panelId, signedIn }: { price: string | null; panelId: string; signedIn: boolean }) {
  const [panelInView, setPanelInView] = useState(false);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setPanelInView(Boolean(entry?.isIntersecting)), {
      threshold: 0.05,
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [panelId]);

  return (
    <div
      role="region"
      aria-label="Book tickets"
      className={`fixed inset-x-0 z-40 border-t border-border bg-bg/95 px-4 py-2.5
        shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur transition-transform laptop:hidden ${
          signedIn
            ? "bottom-[calc(4rem+env(safe-area-inset-bottom))]"
            : "bottom-0 pb-[calc(0.625rem+env(safe-area-inset-bottom))]"
        } ${panelInView ? "invisible translate-y-full" : ""}`}
    >
      <div className="mx-auto flex max-w-lg items-center justify-between gap-3">
        <p className="min-w-0 leading-tight">
          <span className="block truncate text-base font-bold">{price ?? "Tickets"}</span>
          <span className="block text-xs text-fg-muted">Prices include every fee</span>
        </p>
        <a
          href={`#${panelId}`}
          className="btn-primary shrink-0"
          onClick={(event) => {
            const panel = document.getElementById(panelId);
            if (!panel) return;
            event.preventDefault();
            const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            panel.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
            // Keyboard and screen-reader users land in the panel, not back at the top of the page.
            panel.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
            history.replaceState(history.state, "", `#${panelId}`);
          }}
        >
          <Ticket aria-hidden className="size-4" /> Get tickets
        </a>
      </div>
    </div>
  );
}

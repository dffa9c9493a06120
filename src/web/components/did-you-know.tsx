import { Lightbulb, Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { TICKETING_FACTS } from "~/web/content/facts";

export const FACT_ROTATION_MS = 5_000;

/**
 * A fact every 5 seconds. It pauses while hovered or focused and has a pause button, because
 * moving content must be stoppable (WCAG 2.2.2); people who prefer reduced motion start paused.
 */
export function DidYouKnow({ startAt = 0 }: { startAt?: number }) {
  const [index, setIndex] = useState(startAt % TICKETING_FACTS.length);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPaused(true);
  }, []);
  useEffect(() => {
    if (paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % TICKETING_FACTS.length), FACT_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, hovered]);
  return (
    <section
      aria-labelledby="did-you-know-title"
      className="card flex items-start gap-4 p-5"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
        <Lightbulb aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="did-you-know-title" className="text-sm font-semibold text-brand">
          Did You Know?
        </h2>
        <p aria-live={paused ? "polite" : "off"} className="mt-1 min-h-12 text-fg">
          {TICKETING_FACTS[index]}
        </p>
        <p className="mt-2 text-xs text-fg-muted">
          Fact {index + 1} of {TICKETING_FACTS.length}
        </p>
      </div>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-label={paused ? "Play facts" : "Pause facts"}
        className="btn-ghost size-10 shrink-0 p-0"
      >
        {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
      </button>
    </section>
  );
}

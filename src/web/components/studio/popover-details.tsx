import { useEffect, useRef, type ReactNode } from "react";

/**
 * A small pop-over built on <details>: it opens and closes without JavaScript (so the forms inside
 * work before the page has loaded), and with it closes on Escape, on a click elsewhere and when
 * asked (`close` given to its children), handing focus back to its button.
 */
export function PopoverDetails({
  className = "",
  summary,
  summaryClassName,
  panelClassName = "",
  children,
}: {
  className?: string;
  /** The button's content; give it a name a screen reader can read on its own. */
  summary: ReactNode;
  summaryClassName: string;
  panelClassName?: string;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => {
    const details = ref.current;
    if (!details?.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) close();
    };
    const onPointer = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);
  return (
    <details
      ref={ref}
      className={`group relative ${className}`}
      // Opened near the bottom of a phone's screen, the menu is brought into view above the Studio's bar.
      onToggle={(event) => {
        if (event.currentTarget.open)
          event.currentTarget.lastElementChild?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }}
    >
      <summary className={`list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}>{summary}</summary>
      <div className={`card absolute right-0 z-40 mt-2 scroll-mb-24 p-2 ${panelClassName}`}>{children(close)}</div>
    </details>
  );
}

import { Suspense, useEffect, useState } from "react";
import type { SessionUser } from "~/services/session-user";
import { optionalPart } from "~/web/lib/optional-part";

// The panel is for people debugging: its code loads on the first Ctrl+D.
const DebugPanel = optionalPart(() => import("./debug-panel").then((m) => m.DebugPanel));

export interface DebugInfo {
  buildVersion: string;
  requestId: string;
  user: SessionUser | null;
  /** Only flags marked public; private flags never reach the browser. */
  flags: { key: string; enabled: boolean }[];
}

/** The layout grid: 4 columns on phones, 8 on tablets, 12 from laptop width. */
export function GridOverlay() {
  return (
    <div aria-hidden="true" data-testid="grid-overlay" className="pointer-events-none fixed inset-0 z-[99]">
      <div className="container-page grid h-full grid-cols-4 gap-4 tablet:grid-cols-8 tablet:gap-6 laptop:grid-cols-12">
        {Array.from({ length: 12 }, (_, i) => (
          <div
            key={i}
            className={
              `h-full bg-[#ec4899]/10 outline outline-1 outline-[#ec4899]/30 ` +
              `${i >= 4 ? "hidden tablet:block" : ""} ${i >= 8 ? "tablet:hidden laptop:block" : ""}`
            }
          />
        ))}
      </div>
    </div>
  );
}

/** Ctrl+D: a panel of facts about this page for whoever is looking at it. Ctrl+G: the grid. */
export function DebugTools({ info }: { info: DebugInfo }) {
  const [panel, setPanel] = useState(false);
  const [grid, setGrid] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return;
      const key = e.key.toLowerCase();
      if (key === "d") {
        e.preventDefault();
        setPanel((v) => !v);
      } else if (key === "g") {
        e.preventDefault();
        setGrid((v) => !v);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      {grid ? <GridOverlay /> : null}
      {panel ? (
        <Suspense fallback={null}>
          <DebugPanel info={info} onClose={() => setPanel(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

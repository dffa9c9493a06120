import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import type { SessionUser } from "~/web/load-context";
import { useTheme } from "~/web/lib/theme";

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
            className={`h-full bg-[#ec4899]/10 outline outline-1 outline-[#ec4899]/30 ${i >= 4 ? "hidden tablet:block" : ""} ${i >= 8 ? "tablet:hidden laptop:block" : ""}`}
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
      {panel ? <DebugPanel info={info} onClose={() => setPanel(false)} /> : null}
    </>
  );
}

function DebugPanel({ info, onClose }: { info: DebugInfo; onClose: () => void }) {
  const location = useLocation();
  const matches = useMatches();
  const { effective, picked } = useTheme();
  const rows: [string, string][] = [
    ["Build", info.buildVersion],
    ["Route", `${location.pathname}${location.search}`],
    ["Route id", matches.at(-1)?.id ?? "?"],
    ["User", info.user ? `${info.user.email} (${info.user.userType})` : "Signed out"],
    ["Theme", `${effective}${picked ? " (picked)" : " (following device)"}`],
    ["Request id", info.requestId],
  ];
  return (
    <aside
      role="dialog"
      aria-label="Debug panel"
      className="fixed right-3 bottom-20 z-[98] w-[min(92vw,22rem)] rounded-2xl border border-border bg-surface p-4 font-mono text-xs shadow-2xl laptop:bottom-4"
    >
      <div className="mb-2 flex items-center justify-between font-sans">
        <h2 className="text-sm font-semibold">Debug panel</h2>
        <button type="button" onClick={onClose} aria-label="Close debug panel" className="btn-ghost size-8 min-h-8 p-0">
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-fg-muted">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
        <dt className="text-fg-muted">Flags</dt>
        <dd>
          {info.flags.length === 0
            ? "none"
            : info.flags.map((f) => (
                <span key={f.key} className="block">
                  {f.enabled ? "on " : "off"} {f.key}
                </span>
              ))}
        </dd>
      </dl>
      <p className="mt-3 font-sans text-[11px] text-fg-muted">Ctrl+D closes this panel · Ctrl+G toggles the layout grid</p>
    </aside>
  );
}

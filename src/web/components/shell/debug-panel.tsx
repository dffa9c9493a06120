import { Bug, X } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";
import { useTheme } from "~/web/lib/theme";
import type { DebugInfo } from "./debug-tools";

export function DebugPanel({ info, onClose }: { info: DebugInfo; onClose: () => void }) {
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
      className="fixed right-3 bottom-20 z-[98] w-[min(92vw,22rem)] rounded-2xl border border-border bg-surface p-4
        font-mono text-xs shadow-2xl laptop:bottom-4"
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
      <Link
        to={`/u/feedback?topic=bug&page=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
        onClick={onClose}
        className="btn-secondary mt-3 w-full font-sans"
      >
        <Bug aria-hidden className="size-4" /> Report a bug on this page
      </Link>
      <p className="mt-3 font-sans text-[11px] text-fg-muted">
        Ctrl+D closes this panel · Ctrl+G toggles the layout grid
      </p>
    </aside>
  );
}

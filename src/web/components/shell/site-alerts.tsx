import { Megaphone } from "lucide-react";
import { Suspense, useState } from "react";
import { ALERTS_SEEN_COOKIE, readSeenAlerts, serializeSeenAlerts } from "~/lib/alerts-seen";
import { optionalPart } from "~/web/lib/optional-part";

export interface SiteAlert {
  id: string;
  heading: string;
  description: string;
  isFullPage: boolean;
  /** The alert's savedAt, as the seen-cookie stores it. */
  stamp: string;
}

// Full-page notices are rare: their dialog code loads only when there is one to show.
const FullPageNotice = optionalPart(() => import("./full-page-notice").then((m) => m.FullPageNotice));

function markSeen(stamp: string) {
  const seen = readSeenAlerts(document.cookie.includes(ALERTS_SEEN_COOKIE) ? document.cookie : "");
  document.cookie = serializeSeenAlerts([...seen, stamp], location.protocol === "https:");
}

/** Alerts from the team: the first unseen banner, and any unseen full-page notice. Each shows once. */
export function SiteAlerts({ alerts }: { alerts: SiteAlert[] }) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const visible = alerts.filter((a) => !dismissed.includes(a.stamp));
  const banner = visible.find((a) => !a.isFullPage);
  const notice = visible.find((a) => a.isFullPage);
  const gotIt = (alert: SiteAlert) => {
    markSeen(alert.stamp);
    setDismissed((d) => [...d, alert.stamp]);
  };

  return (
    <>
      {banner ? (
        <div role="region" aria-label="Announcement" className="border-b border-border bg-brand-soft">
          <div className="container-page flex items-start gap-3 py-3 text-sm">
            <Megaphone aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
            <p className="min-w-0 flex-1">
              <strong className="font-semibold">{banner.heading}</strong>{" "}
              <span className="text-fg-muted">{banner.description}</span>
            </p>
            <button type="button" className="btn-secondary min-h-8 px-3 text-xs" onClick={() => gotIt(banner)}>
              Got it
            </button>
          </div>
        </div>
      ) : null}
      {notice ? (
        <Suspense fallback={null}>
          <FullPageNotice notice={notice} onDone={() => gotIt(notice)} />
        </Suspense>
      ) : null}
    </>
  );
}

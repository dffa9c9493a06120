import { Megaphone, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { ALERTS_SEEN_COOKIE, readSeenAlerts, serializeSeenAlerts } from "~/lib/alerts-seen";

export interface SiteAlert {
  id: string;
  heading: string;
  description: string;
  isFullPage: boolean;
  /** The alert's savedAt, as the seen-cookie stores it. */
  stamp: string;
}

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
              <strong className="font-semibold">{banner.heading}</strong> <span className="text-fg-muted">{banner.description}</span>
            </p>
            <button type="button" className="btn-secondary min-h-8 px-3 text-xs" onClick={() => gotIt(banner)}>
              Got it
            </button>
          </div>
        </div>
      ) : null}
      {notice ? (
        <Dialog.Root open onOpenChange={(open) => !open && gotIt(notice)}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-[80] bg-bg" />
            <Dialog.Content className="fixed inset-0 z-[81] grid place-items-center p-6 focus:outline-none">
              <div className="max-w-lg text-center">
                <Megaphone aria-hidden className="mx-auto size-10 text-brand" />
                <Dialog.Title className="mt-4 text-2xl font-bold">{notice.heading}</Dialog.Title>
                <Dialog.Description className="mt-3 text-fg-muted">{notice.description}</Dialog.Description>
                <Dialog.Close className="btn-primary mt-8 px-8">Got it</Dialog.Close>
              </div>
              <Dialog.Close aria-label="Close" className="btn-ghost absolute top-4 right-4 size-10 p-0">
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </>
  );
}

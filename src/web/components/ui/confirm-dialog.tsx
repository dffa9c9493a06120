import { lazy, Suspense, useEffect, useState } from "react";
import { createStore } from "~/web/lib/store";

export interface ConfirmRequest {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "default" | "danger";
  resolve: (confirmed: boolean) => void;
}

const confirmStore = createStore<ConfirmRequest | null>(null);

/**
 * Asks the person to confirm, from anywhere (a handler, a hook, a module). Resolves true on Yes,
 * false on Cancel, Escape, or a newer question replacing this one.
 */
export function confirm(options: Omit<ConfirmRequest, "resolve">): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({ ...options, resolve });
  });
}

const ConfirmDialogView = lazy(() => import("./confirm-dialog-view").then((m) => ({ default: m.ConfirmDialogView })));

/**
 * Mounted once in the root. The dialog's code loads the first time something asks (and is
 * fetched in the background once the page is idle, so the first question is instant).
 */
export function ConfirmDialogHost() {
  const request = confirmStore.use();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    // Offline (a venue without signal) the fetch fails: harmless, as the dialog asks again when needed.
    idle(() => void import("./confirm-dialog-view").catch(() => undefined));
  }, []);
  useEffect(() => {
    if (request) setWanted(true);
  }, [request]);
  if (!wanted && !request) return null;
  const close = (confirmed: boolean) => {
    request?.resolve(confirmed);
    confirmStore.set(null);
  };
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView request={request} close={close} />
    </Suspense>
  );
}
